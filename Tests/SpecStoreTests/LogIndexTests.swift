import Foundation
import LayoutSpec
import Testing
@testable import SpecStore

/// The write-ahead log and its index (`-wal`, `-shm`) beside a store: a writer that closes last
/// leaves both, the log emptied; a reader alone in its process opens the index read-only, so it
/// writes nothing, and still reads what a writer has committed to the log, whether that writer
/// is open or was killed; a reader that is not alone leaves a later writer its index.
@Suite struct LogIndexTests {
    func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    /// A new store at `path` holding document `d` at version 1; with `logOnly`, its writer left
    /// open with that version in the log alone.
    func written(_ path: String, logOnly: Bool = false) throws -> Store {
        let store = try Store.create(at: path)
        if logOnly { try store.database.execute("PRAGMA wal_autocheckpoint = 0") }
        _ = try StoreFixtures.apply(StoreFixtures.spec(#"{"plumb": 1, "name": "d", "root": {"id": "r", "kind": "stack"}}"#), to: store)
        return store
    }

    @Test func aClosedWriterLeavesTheLogEmptyAndAReaderWritesNeither() throws {
        let folder = TemporaryFolder()
        let path = folder.path("s.sqlite")
        _ = try written(path)
        let index = try #require(bytes(path + "-shm"), "the index stays beside the store")
        #expect(bytes(path + "-wal")?.count == 0, "the log stays, emptied into the store")
        let modified = try FileManager.default.attributesOfItem(atPath: path + "-shm")[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 0.02)
        for _ in 0..<2 {
            let reader = try Store.open(at: path, access: .read, alone: true)
            #expect(try reader.log(of: "d").count == 1)
        }
        #expect(bytes(path + "-shm") == index, "a reader leaves the index byte for byte")
        #expect(try FileManager.default.attributesOfItem(atPath: path + "-shm")[.modificationDate] as? Date == modified)
    }

    @Test func aReaderSeesWhatAnOpenWriterCommittedToTheLog() throws {
        let folder = TemporaryFolder()
        let path = folder.path("s.sqlite")
        let writer = try written(path, logOnly: true)
        #expect((bytes(path + "-wal")?.count ?? 0) > 0, "the version is in the log, not yet in the store")
        let reader = try Store.open(at: path, access: .read, alone: true)
        #expect(try reader.log(of: "d").count == 1)
        _ = try StoreFixtures.set("d", "r", .width, .number(40), in: writer)
        #expect(try reader.log(of: "d").count == 2, "a later read sees the writer's next version")
    }

    /// The files a killed writer leaves: its versions in the log only, an index nobody holds.
    @Test func aReaderSeesTheLogOfAKilledWriter() throws {
        let folder = TemporaryFolder()
        let path = folder.path("s.sqlite"), copy = folder.path("copy.sqlite")
        let writer = try written(path, logOnly: true)
        _ = try StoreFixtures.set("d", "r", .width, .number(40), in: writer)
        for suffix in ["", "-wal", "-shm"] { try FileManager.default.copyItem(atPath: path + suffix, toPath: copy + suffix) }
        let reader = try Store.open(at: copy, access: .read, alone: true)
        #expect(try reader.log(of: "d").count == 2)
        #expect(try StoreFixtures.spec(of: "d", "2", in: reader).root.width == 40)
    }
}

extension LogIndexTests {
    /// SQLite shares one index per file within a process: a reader opened without `alone`
    /// leaves it writable for the writer opened after it.
    @Test func aWriterOpenedAfterAReaderInTheSameProcessWrites() throws {
        let folder = TemporaryFolder()
        let path = folder.path("s.sqlite")
        _ = try written(path)
        let reader = try Store.open(at: path, access: .read)
        #expect(try reader.log(of: "d").count == 1)
        let writer = try Store.open(at: path)
        _ = try StoreFixtures.set("d", "r", .width, .number(40), in: writer)
        #expect(try writer.log(of: "d").count == 2)
        #expect(try reader.log(of: "d").count == 2)
    }
}
