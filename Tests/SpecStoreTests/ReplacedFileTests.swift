import Foundation
import LayoutSpec
import Testing
@testable import SpecStore

/// A connection whose file was replaced at its path (`mv` of a backup) or removed writes
/// nothing: the write-ahead log beside the path would be read as the new file's own.
@Suite struct ReplacedFileTests {
    @Test(arguments: [true, false])
    func aWriteThroughAReplacedFileIsRefused(_ replacedByAnother: Bool) throws {
        let folder = TemporaryFolder()
        let path = folder.path("s.sqlite")
        do {
            let store = try Store.create(at: path)
            _ = try StoreFixtures.apply(StoreFixtures.spec(#"{"plumb": 1, "name": "d", "root": {"id": "r", "kind": "stack"}}"#), to: store)
            #expect(!store.isReplaced)
            if replacedByAnother {
                let other = folder.path("other.sqlite")
                _ = try Store.create(at: other)
                #expect(rename(other, path) == 0)
            } else {
                #expect(unlink(path) == 0)
            }
            #expect(store.isReplaced)
            #expect(throws: StoreError.replaced(path)) {
                _ = try StoreFixtures.set("d", "r", .width, .number(40), in: store)
            }
            // The old connection is still open; its log, which SQLite keeps beside the path for
            // a moved file, was emptied by the refusal, so the file now there opens as itself.
            if replacedByAnother {
                let now = try Store.open(at: path)
                #expect(try now.documents().isEmpty && now.integrityCheck() == ["ok"])
            }
        }
    }
}
