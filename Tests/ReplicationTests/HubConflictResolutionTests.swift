import Foundation
import PostgresHub
import Replication
import SpecStore
import SpecSync
import Testing

/// What was done about a conflict travels through the hub as through any other sync (issue 37):
/// a dismiss in one store settles the conflict in a store that pulls, and the hub holds each
/// resolution once, guarded by the document of the change that lost.
@Suite(.serialized, .needsPostgres) struct HubConflictResolutionTests {
    /// HubTests' clients (a store with the hub as `origin`), in its scratch folder.
    let hubs = HubTests()
    var root: URL { hubs.root }
    let now: UInt64 = 1_800_000_000_000

    @Test func aDismissTravelsThroughTheHub() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let url = try TestPostgres.makeDatabase()
        try Hub.initialize(url: url)
        let a = hubs.client("a", hub: url, apply: true), b = hubs.client("b", hub: url)
        #expect(a.plumb(["push"], now: now + 1) == 0)
        #expect(b.plumb(["pull"], now: now + 2) == 0)
        // Concurrent writes of one property: b's later one wins, a's loses, in both stores.
        #expect(a.plumb(["set", "login", "a", "text=from a"], now: now + 3) == 0)
        #expect(b.plumb(["set", "login", "a", "text=from b"], now: now + 4) == 0)
        #expect(b.plumb(["sync", "origin"], now: now + 5) == 0)
        #expect(a.plumb(["sync", "origin"], now: now + 6) == 0)
        #expect(b.plumb(["pull"], now: now + 7) == 0)
        #expect(try a.open().openConflictCount(of: "login") == 1)
        #expect(try b.open().openConflictCount(of: "login") == 1)

        let store = try a.open()
        let key = ConflictResolution.Key(try #require(try store.conflicts(of: "login").first))
        try store.settle([key], as: .dismissed)
        let pushed = try Hub(url: url).push(from: try a.open())
        #expect(pushed.resolutions == 1 && pushed.versions == 0)
        #expect(try Hub(url: url).push(from: try a.open()).resolutions == 0, "a grow-only set: nothing twice")
        let admin = try PostgresConnection(url: url)
        let row = try admin.execute("SELECT state, document, site FROM plumb_conflict_resolutions")
        #expect(row.rowCount == 1 && row.text(0, 0) == "dismissed" && row.text(0, 1) == "login" && row.text(0, 2) == store.site.hex)

        let pulled = try Hub(url: url).pull(into: try b.open())
        #expect(pulled.resolutions == 1)
        let other = try b.open()
        #expect(try other.openConflictCount(of: "login") == 0)
        #expect(try other.resolutions(of: "login")[key]?.state == .dismissed)
        #expect(try other.conflicts(of: "login").count == 1, "still listed, marked")
        #expect(try Hub(url: url).pull(into: try b.open()).resolutions == 0)

        // The server names the document itself, from the change that lost: a resolution of a
        // change it does not hold is refused.
        #expect(throws: PostgresError.self) {
            try admin.execute("""
                INSERT INTO plumb_conflict_resolutions (loser_site, loser_seq, view, property, state, site, time, document)
                VALUES ($1, 999999, 'a', 'text', 'kept', $1, 0, 'login')
                """, [store.site.hex])
        }
    }

    /// A granted role pushes and pulls resolutions of the documents it may write and read, and
    /// sees none of another document's.
    @Test func aRoleSettlesWhatItMayWriteAndSeesOnlyWhatItMayRead() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let url = try TestPostgres.makeDatabase()
        try Hub.initialize(url: url)
        let role = "plumb_role_\(UUID().uuidString.prefix(6).lowercased())"
        let admin = try PostgresConnection(url: url)
        try admin.execute("CREATE ROLE \(role) LOGIN")
        defer { _ = try? PostgresConnection(url: TestPostgres.serverURL).execute("DROP OWNED BY \(role); DROP ROLE \(role)") }
        let owner = hubs.client("owner", hub: url, apply: true)
        let secret = root.appendingPathComponent("secret.json").path
        _ = FileManager.default.createFile(atPath: secret, contents: Data(Scenario.startSpec("secret").utf8))
        #expect(owner.plumb(["apply", secret], now: now + 1) == 0)
        #expect(owner.plumb(["push"], now: now + 2) == 0)
        let roleURL = TestPostgres.url(database: String(url.split(separator: "/").last!), user: role)
        let member = hubs.client("member", hub: roleURL)
        #expect(owner.plumb(["hub", "grant", url, "--role", role, "--site", try member.open().site.hex, "--document", "login"], now: now + 3) == 0)
        #expect(member.plumb(["pull"], now: now + 4) == 0, "\(member.lastOutput)")
        #expect(owner.plumb(["set", "login", "a", "text=owner"], now: now + 5) == 0)
        #expect(member.plumb(["set", "login", "a", "text=member"], now: now + 6) == 0)
        #expect(member.plumb(["sync", "origin"], now: now + 7) == 0, "\(member.lastOutput)")
        #expect(owner.plumb(["sync", "origin"], now: now + 8) == 0)
        #expect(member.plumb(["pull"], now: now + 9) == 0)
        #expect(try member.open().openConflictCount(of: "login") == 1)

        // A resolution of the secret document, as the owner's store would push it.
        let change = try admin.execute("SELECT site, seq FROM plumb_changes WHERE document = 'secret' LIMIT 1")
        try admin.execute("""
            INSERT INTO plumb_conflict_resolutions (loser_site, loser_seq, view, property, state, site, time, document)
            VALUES ($1, $2, 'a', 'text', 'kept', $1, 0, '')
            """, [change.text(0, 0), change.text(0, 1)])

        let store = try member.open()
        try store.settle([ConflictResolution.Key(try #require(try store.conflicts(of: "login").first))], as: .kept)
        #expect(try Hub(url: roleURL).push(from: try member.open()).resolutions == 1)
        #expect(try Hub(url: url).pull(into: try owner.open()).resolutions == 2, "the owner reads every document's")
        #expect(try owner.open().openConflictCount(of: "login") == 0)
        #expect(try Hub(url: roleURL).pull(into: try member.open()).resolutions == 0, "the secret document's is not the role's to see")
        #expect(try member.open().conflictResolutions().count == 1)
    }
}
