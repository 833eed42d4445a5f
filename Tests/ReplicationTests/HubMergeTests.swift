import Foundation
import LayoutSpec
import PostgresHub
import Replication
import SpecStore
import SpecSync
import Testing

/// Issue 8 through a real hub: a pull counts structural conflicts by kind, and refuses a version
/// whose rows were changed on the hub, naming it, applying nothing.
@Suite(.serialized, .needsPostgres) struct HubMergeTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-hub-merge-\(UUID().uuidString)")
    let now: UInt64 = 1_800_000_000_000

    func client(_ name: String, hub url: String, apply: Bool = false) -> Replica {
        let replica = Replica(name: name, root: root)
        #expect(replica.plumb(["init", replica.folder.path], now: now) == 0)
        #expect(replica.plumb(["remote", "add", "origin", url], now: now) == 0)
        if apply {
            let file = root.appendingPathComponent("\(name)-login.json").path
            _ = FileManager.default.createFile(atPath: file, contents: Data(Scenario.startSpec("login").utf8))
            #expect(replica.plumb(["apply", file], now: now) == 0)
        }
        return replica
    }

    func hub() throws -> String {
        let url = try TestPostgres.makeDatabase()
        try Hub.initialize(url: url)
        return url
    }

    @Test func aPullCountsStructuralConflictsByKind() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let url = try hub()
        let a = client("a", hub: url, apply: true), b = client("b", hub: url)
        #expect(a.plumb(["push"], now: now + 1) == 0)
        #expect(b.plumb(["pull"], now: now + 2) == 0)
        #expect(a.plumb(["rm", "login", "c"], now: now + 3) == 0)
        #expect(b.plumb(["add", "login", "n", "--parent", "c", "--kind", "label", "text=new"], now: now + 4) == 0)
        #expect(a.plumb(["push"], now: now + 5) == 0)
        #expect(b.plumb(["pull"], now: now + 6) == 0)
        #expect(b.lastOutput.contains("1 conflict (1 added-under-deleted)"), "\(b.lastOutput)")
        #expect(b.plumb(["conflicts", "login", "--json"], now: now + 7) == 0)
        #expect(b.lastOutput.contains("\"added-under-deleted\""))
    }

    @Test func aTamperedHubRowIsRefusedOnPull() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let url = try hub()
        let a = client("a", hub: url, apply: true), b = client("b", hub: url)
        #expect(a.plumb(["set", "login", "a", "text=honest"], now: now + 1) == 0)
        #expect(a.plumb(["push"], now: now + 2) == 0)
        let id = try a.open().head(of: "login").id
        // The hub's owner (or anyone who gets past its checks) changes one value.
        let owner = try PostgresConnection(url: url)
        try owner.execute("ALTER TABLE plumb_changes DISABLE TRIGGER USER")
        try owner.execute(#"UPDATE plumb_changes SET value = '"forged"' WHERE value = '"honest"'"#)
        try owner.execute("ALTER TABLE plumb_changes ENABLE TRIGGER USER")
        #expect(b.plumb(["pull"], now: now + 3) == 1)
        #expect(b.lastOutput.contains("version \(id.short) of site \(try a.open().site.short)"), "\(b.lastOutput)")
        #expect(b.lastOutput.contains("its id does not match its content"), "\(b.lastOutput)")
        let store = try b.open()
        #expect(try !StoreHoldingsProbe.holds(id, in: store), "the tampered version was not applied")
    }
}

/// Whether a store holds a version, by id.
enum StoreHoldingsProbe {
    static func holds(_ id: VersionID, in store: Store) throws -> Bool {
        try store.database.scalar("SELECT 1 FROM versions WHERE hash = ?", [.blob(id.bytes)]) != nil
    }
}
