import Foundation
import PostgresHub
import Replication
import Testing

/// The hub behind PgBouncer in transaction pooling mode, which hands each transaction any
/// server connection and forbids session state between them: `hub init`, `hub grant`, push,
/// pull and sync work through it, for the owner and for a granted role.
@Suite(.serialized, .needsPostgres, .needsPooler) struct HubPoolerTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-hubp-\(UUID().uuidString)")
    let now: UInt64 = 1_800_000_000_000

    @Test func everyHubCommandWorksThroughThePooler() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let direct = try TestPostgres.makeDatabase()
        let pooled = try TestPooler.url(direct)
        let a = Replica(name: "a", root: root), b = Replica(name: "b", root: root)
        #expect(a.plumb(["hub", "init", pooled], now: now) == 0, "\(a.lastOutput)")
        for replica in [a, b] {
            #expect(replica.plumb(["init", replica.folder.path], now: now) == 0)
            #expect(replica.plumb(["remote", "add", "origin", pooled], now: now) == 0)
        }
        let file = root.appendingPathComponent("login.json").path
        _ = FileManager.default.createFile(atPath: file, contents: Data(Scenario.startSpec("login").utf8))
        #expect(a.plumb(["apply", file], now: now) == 0)
        #expect(a.plumb(["push"], now: now + 1) == 0, "\(a.lastOutput)")
        #expect(b.plumb(["pull"], now: now + 2) == 0, "\(b.lastOutput)")
        #expect(a.plumb(["set", "login", "a", "text=from a"], now: now + 3) == 0)
        #expect(b.plumb(["set", "login", "a", "text=from b"], now: now + 4) == 0)
        #expect(b.plumb(["sync", "origin"], now: now + 5) == 0, "\(b.lastOutput)")
        #expect(a.plumb(["sync", "origin"], now: now + 6) == 0, "\(a.lastOutput)")
        #expect(b.plumb(["pull"], now: now + 7) == 0)
        let left = try StoreReading.fingerprint(try a.open(), "login"), right = try StoreReading.fingerprint(try b.open(), "login")
        #expect(left.head == right.head && left.show == right.show)
        #expect(left.show.contains("from b"))

        // A granted role, logging in through the pooler as itself.
        _ = try? PostgresConnection(url: TestPostgres.serverURL).execute("CREATE ROLE \(TestPooler.role) LOGIN")
        let c = Replica(name: "c", root: root)
        #expect(c.plumb(["init", c.folder.path], now: now) == 0)
        let site = try c.open().site.hex
        #expect(a.plumb(["hub", "grant", pooled, "--role", TestPooler.role, "--site", site, "--document", "login"], now: now + 8) == 0, "\(a.lastOutput)")
        #expect(c.plumb(["remote", "add", "origin", try TestPooler.url(direct, user: TestPooler.role)], now: now) == 0)
        #expect(c.plumb(["pull"], now: now + 9) == 0, "\(c.lastOutput)")
        #expect(c.plumb(["set", "login", "a", "text=from c"], now: now + 10) == 0)
        #expect(c.plumb(["push"], now: now + 11) == 0, "\(c.lastOutput)")
        #expect(c.lastOutput.contains("pushed 1 version"), "\(c.lastOutput)")
        #expect(a.plumb(["pull"], now: now + 12) == 0)
        #expect(try StoreReading.fingerprint(try a.open(), "login").show.contains("from c"))
        #expect(a.plumb(["hub", "revoke", pooled, "--role", TestPooler.role, "--document", "login"], now: now + 13) == 0, "\(a.lastOutput)")
    }
}
