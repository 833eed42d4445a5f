import Foundation
import Testing
@testable import SpecStore

@Suite struct MigrationTests {
    @Test func freshStoreHasEveryMigration() throws {
        let folder = TemporaryFolder()
        let store = try Store.create(at: folder.path("s.sqlite"))
        let version = try Migrator(database: store.database, migrations: Migration.all).currentVersion()
        #expect(version == Migration.all.last!.version)
        #expect(try store.database.scalar("PRAGMA application_id")?.integer == Migrator.applicationID)
        #expect(try store.integrityCheck() == ["ok"])
    }

    @Test func partialStoreIsBroughtUpToDate() throws {
        let folder = TemporaryFolder()
        let path = folder.path("s.sqlite")
        let first = try Database(path: path, mode: .create)
        try Migrator(database: first, migrations: Array(Migration.all.prefix(1))).migrate(now: 0)
        let extra = Migration(version: Migration.all.last!.version + 1, name: "test_extra",
                              sql: "CREATE TABLE test_extra (x INTEGER); INSERT INTO test_extra VALUES (42);")
        let second = try Database(path: path, mode: .readWrite)
        try Migrator(database: second, migrations: Migration.all + [extra]).migrate(now: 0)
        #expect(try second.scalar("SELECT x FROM test_extra")?.integer == 42)
        #expect(try second.scalar("SELECT count(*) FROM plumb_migrations")?.integer == Int64(Migration.all.count + 1))
        // Applying again changes nothing.
        try Migrator(database: second, migrations: Migration.all + [extra]).migrate(now: 0)
        #expect(try second.scalar("SELECT count(*) FROM test_extra")?.integer == 1)
    }

    @Test func failingMigrationLeavesTheSchemaAtTheLastWholeStep() throws {
        let folder = TemporaryFolder()
        let path = folder.path("s.sqlite")
        let database = try Database(path: path, mode: .create)
        let broken = Migration(version: Migration.all.last!.version + 1, name: "broken",
                               sql: "CREATE TABLE half (x INTEGER); INSERT INTO no_such_table VALUES (1);")
        #expect(throws: SQLiteError.self) {
            try Migrator(database: database, migrations: Migration.all + [broken]).migrate(now: 0)
        }
        #expect(try Migrator(database: database, migrations: Migration.all).currentVersion() == Migration.all.last!.version)
        #expect(try database.scalar("SELECT count(*) FROM sqlite_master WHERE name = 'half'")?.integer == 0)
    }

    @Test func newerStoreIsRefusedAndLeftUntouched() throws {
        let folder = TemporaryFolder()
        let path = folder.path("s.sqlite")
        do {
            let store = try Store.create(at: path)
            try store.database.run("INSERT INTO plumb_migrations (version, name, applied_at) VALUES (9999, 'future', 0)")
            try store.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: StoreError.newerSchema(path: path, found: 9999, known: Migration.all.last!.version)) {
            try Store.open(at: path)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func otherSQLiteDatabaseIsNotAStore() throws {
        let folder = TemporaryFolder()
        let path = folder.path("other.sqlite")
        do {
            let database = try Database(path: path, mode: .create)
            try database.execute("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('hello')")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: StoreError.notAStore(path)) { try Store.open(at: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test(arguments: [
        Array("this is not a database at all, just some text that goes on".utf8),
        Array("SQLite format 3\u{0}".utf8) + [UInt8](repeating: 0xAB, count: 4096),
    ])
    func garbageFileGetsAClearError(_ bytes: [UInt8]) throws {
        let folder = TemporaryFolder()
        let path = folder.path("bad.sqlite")
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        do {
            _ = try Store.open(at: path)
            Issue.record("a garbage file opened as a store")
        } catch let error as StoreError {
            switch error {
            case .corrupt, .notAStore, .tooSmall: break
            default: Issue.record("unexpected error \(error)")
            }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(bytes))
    }

    @Test func migrationsAreEmbeddedInOrder() {
        let versions = Migration.all.map(\.version)
        #expect(!versions.isEmpty)
        #expect(versions == versions.sorted())
        #expect(Set(versions).count == versions.count)
        #expect(Migration.all[0].sql.contains("CREATE TABLE changes"))
    }
}
