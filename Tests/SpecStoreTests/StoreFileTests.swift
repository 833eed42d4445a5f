import Foundation
import Testing
@testable import SpecStore

/// `StoreFile.checkExisting` refuses what cannot be a store before SQLite sees it.
@Suite struct StoreFileTests {
    @Test func aTinyFileIsTooSmallUnlessItsLogHoldsPages() throws {
        let folder = TemporaryFolder()
        let path = folder.path("store.sqlite")
        _ = FileManager.default.createFile(atPath: path, contents: Data([0]))
        #expect {
            try StoreFile.checkExisting(path)
        } throws: { error in
            if case StoreError.tooSmall(_, 1) = error { return true }
            return false
        }
        _ = FileManager.default.createFile(atPath: path + "-wal", contents: Data())
        #expect(throws: StoreError.self) { try StoreFile.checkExisting(path) }
        _ = FileManager.default.createFile(atPath: path + "-wal", contents: Data(repeating: 1, count: 64))
        try StoreFile.checkExisting(path)
    }
}
