import Foundation
@testable import SpecStore
import SpecSync
import Testing

/// Every store an earlier release made (`Fixtures/`), once upgraded, holds each blob in its one
/// current form only (migration 0008): readers know no other.
@Suite struct CurrentFormsUpgradeTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-forms-\(UUID().uuidString)")

    @Test(arguments: ["release-0.1.0-store.sqlite", "schema-2-store.sqlite", "schema-4-store.sqlite", "schema-5-store.sqlite"])
    func anUpgradedStoreHoldsOnlyCurrentForms(fixture: String) throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let replica = try ReleaseFixtures.replica(of: fixture, in: root)
        #expect(replica.plumb(["upgrade"], now: 1_800_000_100_000) == 0, "\(replica.lastOutput)")
        let store = try replica.open()
        let database = store.database
        #expect(try database.scalar("SELECT count(*) FROM sqlite_master WHERE name IN ('head_recent', 'snapshot_texts')")?.integer == 0)
        var snapshots = 0
        try database.query("SELECT state, tree FROM snapshots") { row in
            snapshots += 1
            let decoded = try store.changeLog.unpackSnapshot(row.blob(0), site: store.sites.site(numbered:)) != nil
            #expect(decoded, "a PSN2 snapshot")
            #expect(!row.isNull(1) && TreeSnapshot.decode(row.blob(1)) != nil, "a PTR1 tree beside it")
        }
        try database.query("SELECT name, tree FROM documents") { row in
            #expect(!row.isNull(1) && TreeSnapshot.decode(row.blob(1)) != nil, "the head tree of \(row.text(0) ?? "")")
        }
        try database.query("SELECT id, data FROM head_chunks") { row in
            var chunk = DocumentState()
            let decoded = try HeadChunk.decode(store.changeLog.unpackChunk(row.blob(1)) ?? [], site: store.sites.site(numbered:), into: &chunk)
            #expect(decoded, "chunk \(row.int64(0))")
        }
        if fixture.hasPrefix("schema-4") || fixture.hasPrefix("schema-5") { #expect(snapshots > 0, "the fixture has snapshots to check") }
        #expect(try store.integrityCheck() == ["ok"])
    }
}
