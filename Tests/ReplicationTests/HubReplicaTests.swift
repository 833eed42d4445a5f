import Foundation
import PostgresHub
import Replication
import SpecStore
import SpecSync
import Testing

/// A hub with a hot standby fed by streaming replication, both real servers of the test's own
/// (`TestStandby`): pulls read from the standby when a remote names it with `--read-url`,
/// pushes go to the primary; a standby that lags delays versions, never skips or reorders them;
/// and after the primary dies and the standby is promoted, every version any store made is on
/// the new primary once each store has synced.
@Suite(.serialized, .needsPostgres) struct HubReplicaTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-hubr-\(UUID().uuidString)")
    let now: UInt64 = 1_800_000_000_000

    /// Versions of `document` on the hub at `url`.
    func versionsOnHub(_ url: String) throws -> Int64 {
        try PostgresConnection(url: url).execute("SELECT count(*) FROM plumb_versions").int64(0, 0)
    }

    func head(_ replica: Replica) throws -> String { try StoreReading.fingerprint(try replica.open(), "login").head }

    @Test func pullsReadFromALaggingStandbyWithoutSkippingOrReordering() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let cluster = try TestStandby()
        let primary = cluster.primary.url, standby = cluster.standby.url
        #expect(try Hub.initialize(url: primary) > 0)
        // a writes; b reads from the standby; c reads from the primary.
        let a = Replica(name: "a", root: root), b = Replica(name: "b", root: root), c = Replica(name: "c", root: root)
        for replica in [a, b, c] { #expect(replica.plumb(["init", replica.folder.path], now: now) == 0) }
        #expect(a.plumb(["remote", "add", "origin", primary, "--read-url", standby], now: now) == 0, "\(a.lastOutput)")
        #expect(b.plumb(["remote", "add", "origin", primary, "--read-url", standby], now: now) == 0)
        #expect(c.plumb(["remote", "add", "origin", primary], now: now) == 0)
        #expect(b.plumb(["remote", "-v"], now: now) == 0)
        #expect(b.lastOutput == "origin\t\(standby) (pull)\norigin\t\(primary) (push)\n", "\(b.lastOutput)")
        #expect(c.plumb(["remote", "-v"], now: now) == 0)
        #expect(c.lastOutput == "origin\t\(primary) (pull)\norigin\t\(primary) (push)\n", "\(c.lastOutput)")

        let file = root.appendingPathComponent("login.json").path
        _ = FileManager.default.createFile(atPath: file, contents: Data(Scenario.startSpec("login").utf8))
        #expect(a.plumb(["apply", file], now: now) == 0)
        #expect(a.plumb(["push"], now: now + 1) == 0, "\(a.lastOutput)")
        try cluster.waitForReplay()
        #expect(b.plumb(["pull"], now: now + 2) == 0, "\(b.lastOutput)")
        #expect(b.lastOutput.contains("pulled 1 version"), "\(b.lastOutput)")
        #expect(try head(b) == head(a))

        // The standby stops replaying: a's next versions reach the primary only.
        try cluster.pauseReplay()
        #expect(a.plumb(["set", "login", "a", "text=x1"], now: now + 3) == 0)
        #expect(a.plumb(["sync", "origin"], now: now + 4) == 0, "\(a.lastOutput)")
        #expect(a.lastOutput.contains("pushed 1 version"), "\(a.lastOutput)")
        #expect(try versionsOnHub(primary) == 2 && versionsOnHub(standby) == 1)
        let before = try head(b)
        #expect(b.plumb(["pull"], now: now + 5) == 0, "\(b.lastOutput)")
        #expect(b.lastOutput.contains("pulled 0 versions"), "a pull reports only what the standby holds: \(b.lastOutput)")
        #expect(try head(b) == before)

        // The standby gets a's x1 but not yet c's y1, which builds on it.
        try cluster.resumeReplay()
        try cluster.waitForReplay()
        try cluster.pauseReplay()
        #expect(c.plumb(["pull"], now: now + 6) == 0)
        #expect(c.plumb(["set", "login", "b1", "text=y1"], now: now + 7) == 0)
        #expect(c.plumb(["push"], now: now + 8) == 0, "\(c.lastOutput)")
        #expect(b.plumb(["pull"], now: now + 9) == 0, "\(b.lastOutput)")
        #expect(b.lastOutput.contains("pulled 1 version"), "\(b.lastOutput)")
        #expect(try head(b) == head(a), "b holds what the standby has: a's x1, not c's y1")
        // What b holds of each site is what it applied: never more than the standby had.
        let held = try b.open().documentKnowledge()["login"] ?? VersionVector()
        #expect(held[try c.open().site] == 0)

        // A store ahead of the standby (c pulled from the primary) pulls from it: nothing changes.
        #expect(c.plumb(["remote", "set-url", "origin", "--read-url", standby], now: now + 10) == 0, "\(c.lastOutput)")
        let cHead = try head(c)
        #expect(c.plumb(["pull"], now: now + 11) == 0, "\(c.lastOutput)")
        #expect(c.lastOutput.contains("pulled 0 versions"))
        #expect(try head(c) == cHead)

        // Replay resumes: b gets y1, and all agree.
        try cluster.resumeReplay()
        try cluster.waitForReplay()
        #expect(b.plumb(["pull"], now: now + 12) == 0, "\(b.lastOutput)")
        #expect(b.lastOutput.contains("pulled 1 version"), "\(b.lastOutput)")
        #expect(a.plumb(["pull"], now: now + 13) == 0)
        let expected = try StoreReading.fingerprint(try c.open(), "login")
        for replica in [a, b] {
            let got = try StoreReading.fingerprint(try replica.open(), "login")
            #expect(got.head == expected.head && got.show == expected.show, "\(replica.name)")
        }

        // A remote whose URL is the standby cannot push, and says why; nothing is written.
        #expect(c.plumb(["remote", "set-url", "origin", standby, "--no-read-url"], now: now + 14) == 0)
        #expect(c.plumb(["set", "login", "b1", "text=y2"], now: now + 15) == 0)
        #expect(c.plumb(["push"], now: now + 16) == 1)
        #expect(c.lastOutput.contains("read-only") && c.lastOutput.contains("primary"), "\(c.lastOutput)")
        #expect(try versionsOnHub(primary) == 3)
    }

    /// Kill the primary right after pushes, promote the standby, sync every store: nothing any
    /// store made is lost, even what the old primary acknowledged and never shipped (the store
    /// that made it pushes what the new primary lacks, asking it rather than trusting what it
    /// pushed before), and every store agrees.
    @Test(arguments: [true, false])
    func failoverLosesNoVersion(cutOffFirst: Bool) throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let cluster = try TestStandby()
        try Hub.initialize(url: cluster.primary.url)
        // a follows the primary by itself: a libpq multi-host URL asking for the writable server.
        let bothHosts = { "postgresql://postgres@127.0.0.1:\(cluster.primary.port),127.0.0.1:\(cluster.standby.port)/\(TestStandby.database)?target_session_attrs=read-write" }()
        let replicas = ["a", "b", "c"].map { Replica(name: $0, root: root) }
        let (a, b, c) = (replicas[0], replicas[1], replicas[2])
        for replica in replicas {
            #expect(replica.plumb(["init", replica.folder.path], now: now) == 0)
            #expect(replica.plumb(["remote", "add", "origin", replica === a ? bothHosts : cluster.primary.url], now: now) == 0)
        }
        let file = root.appendingPathComponent("login.json").path
        _ = FileManager.default.createFile(atPath: file, contents: Data(Scenario.startSpec("login").utf8))
        #expect(a.plumb(["apply", file], now: now) == 0)
        #expect(a.plumb(["push"], now: now) == 0, "\(a.lastOutput)")
        var made = 1
        var clock = now
        func edit(_ replica: Replica, _ view: String, _ text: String) {
            clock += 1
            if replica.plumb(["set", "login", view, "text=\(text)"], now: clock) == 0 { made += 1 } else { Issue.record("\(replica.lastOutput)") }
        }
        for replica in replicas { #expect(replica.plumb(["pull"], now: now) == 0) }
        for (index, replica) in replicas.enumerated() {
            edit(replica, ["a", "b1", "g1"][index], "before \(replica.name)")
            #expect(replica.plumb(["sync", "origin"], now: clock) == 0, "\(replica.lastOutput)")
        }
        try cluster.waitForReplay()
        if cutOffFirst { try cluster.cutOffStandby() }
        // Pushes the primary acknowledges; b pulls a's and builds on it.
        edit(a, "a", "after a")
        #expect(a.plumb(["push"], now: clock) == 0, "\(a.lastOutput)")
        #expect(b.plumb(["pull"], now: clock) == 0)
        edit(b, "a", "after b")
        edit(b, "title", "after b")
        #expect(b.plumb(["push"], now: clock) == 0, "\(b.lastOutput)")
        edit(c, "g1", "after c")
        #expect(c.plumb(["push"], now: clock) == 0, "\(c.lastOutput)")
        try cluster.failOver(newStandby: false)
        let survived = try versionsOnHub(cluster.primary.url)
        if cutOffFirst { #expect(survived == Int64(made - 4), "the cut-off standby holds none of the last pushes") }

        // b and c are pointed at the new primary; a's URL finds it by itself.
        for replica in [b, c] { #expect(replica.plumb(["remote", "set-url", "origin", cluster.primary.url], now: clock) == 0) }
        for _ in 0..<2 {
            for replica in replicas { #expect(replica.plumb(["sync", "origin"], now: clock + 1) == 0, "\(replica.name): \(replica.lastOutput)") }
        }
        #expect(try versionsOnHub(cluster.primary.url) == Int64(made), "lost versions")
        let expected = try StoreReading.fingerprint(try a.open(), "login")
        for replica in [b, c] {
            let got = try StoreReading.fingerprint(try replica.open(), "login")
            #expect(got.head == expected.head && got.show == expected.show, "\(replica.name)")
        }
        #expect(expected.show.contains("after b") && expected.show.contains("after c"))
    }
}
