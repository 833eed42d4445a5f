import Foundation
import LayoutSpec
import Testing
@testable import SpecStore

/// Readers and writers of one store through SQLite's write-ahead log, opened plainly: a reader
/// sees what a writer committed to the log, whether that writer is open or was killed, and a
/// writer opened after a reader in the same process writes.
@Suite struct WriteAheadLogTests {
    /// A new store at `path` holding document `d` at version 1, its writer kept open with the
    /// version in the log alone.
    func written(_ path: String) throws -> Store {
        let store = try Store.create(at: path)
        try store.database.execute("PRAGMA wal_autocheckpoint = 0")
        _ = try StoreFixtures.apply(StoreFixtures.spec(#"{"plumb": 1, "name": "d", "root": {"id": "r", "kind": "stack"}}"#), to: store)
        return store
    }

    @Test func aReaderSeesWhatAnOpenWriterCommittedToTheLog() throws {
        let folder = TemporaryFolder()
        let path = folder.path("s.sqlite")
        let writer = try written(path)
        #expect((FileManager.default.contents(atPath: path + "-wal")?.count ?? 0) > 0, "the version is in the log, not yet in the store")
        let reader = try Store.open(at: path, access: .read)
        #expect(try reader.log(of: "d").count == 1)
        _ = try StoreFixtures.set("d", "r", .width, .number(40), in: writer)
        #expect(try reader.log(of: "d").count == 2, "a later read sees the writer's next version")
    }

    /// The files a killed writer leaves: its versions in the log only, an index nobody holds.
    @Test func aReaderSeesTheLogOfAKilledWriter() throws {
        let folder = TemporaryFolder()
        let path = folder.path("s.sqlite"), copy = folder.path("copy.sqlite")
        let writer = try written(path)
        _ = try StoreFixtures.set("d", "r", .width, .number(40), in: writer)
        for suffix in ["", "-wal", "-shm"] { try FileManager.default.copyItem(atPath: path + suffix, toPath: copy + suffix) }
        let reader = try Store.open(at: copy, access: .read)
        #expect(try reader.log(of: "d").count == 2)
        #expect(try StoreFixtures.spec(of: "d", "2", in: reader).root.width == 40)
    }

    @Test func aWriterOpenedAfterAReaderInTheSameProcessWrites() throws {
        let folder = TemporaryFolder()
        let path = folder.path("s.sqlite")
        _ = try Store.create(at: path)
        _ = try StoreFixtures.apply(StoreFixtures.spec(#"{"plumb": 1, "name": "d", "root": {"id": "r", "kind": "stack"}}"#), to: try Store.open(at: path))
        let reader = try Store.open(at: path, access: .read)
        #expect(try reader.log(of: "d").count == 1)
        let writer = try Store.open(at: path)
        _ = try StoreFixtures.set("d", "r", .width, .number(40), in: writer)
        #expect(try writer.log(of: "d").count == 2)
        #expect(try reader.log(of: "d").count == 2)
    }
}
