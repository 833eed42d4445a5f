import Foundation
import PostgresHub
import Testing

/// A primary PostgreSQL server and a hot standby fed by streaming replication, of one test's
/// own (Tools/pg-test.sh `start` and `standby`), for the read-replica and failover tests: they
/// pause the standby's replay, cut it off, kill the primary and promote the standby, which the
/// shared test server must never suffer. Both are stopped when the value goes away.
final class TestStandby {
    /// One server: its folder, port and the URL of the hub's database on it.
    struct Server {
        let directory: String
        let port: Int
        var url: String { "postgresql://postgres@127.0.0.1:\(port)/\(TestStandby.database)" }
        var adminURL: String { "postgresql://postgres@127.0.0.1:\(port)/postgres" }
    }

    static let database = "plumb"
    let folder: String
    private(set) var primary: Server
    private(set) var standby: Server
    private var all: [Server] = []

    /// Starts a primary with an empty `plumb` database, and its standby.
    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-standby-\(UUID().uuidString.prefix(8))").path
        primary = try TestStandby.start(["start"], directory: folder + "/primary")
        all = [primary]
        try PostgresConnection(url: primary.adminURL).execute("CREATE DATABASE \(TestStandby.database)")
        standby = try TestStandby.start(["standby"], directory: folder + "/standby1", primaryPort: primary.port)
        all.append(standby)
    }

    deinit {
        for server in all { _ = TestPostgres.run(TestPostgres.script, ["stop", server.directory]) }
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Runs `pg-test.sh COMMAND DIR PORT [PRIMARY_PORT]` on a port picked from 45,000–50,000
    /// (another range than the shared server's and the pooler's), passing over ports in use.
    private static func start(_ command: [String], directory: String, primaryPort: Int? = nil) throws -> Server {
        var output: (status: Int32, text: String) = (1, "")
        for attempt in 0..<5 {
            let port = 45_000 + (Int(getpid()) * 7 + attempt * 211 + Int.random(in: 0..<1000)) % 5_000
            output = TestPostgres.run(TestPostgres.script, command + [directory, String(port)] + (primaryPort.map { [String($0)] } ?? []))
            if output.status == 0 { return Server(directory: directory, port: port) }
            _ = TestPostgres.run(TestPostgres.script, ["stop", directory])
            if !output.text.contains("already in use") { break }
        }
        throw TestPostgres.Unavailable(description: "could not start a server (Tools/pg-test.sh \(command[0])): \(output.text)")
    }

    /// Stops applying the primary's changes on the standby (it keeps receiving them): a
    /// standby that lags.
    func pauseReplay() throws {
        try PostgresConnection(url: standby.adminURL).execute("SELECT pg_wal_replay_pause()")
        try waitUntil("the standby's replay pauses") {
            try PostgresConnection(url: standby.adminURL).execute("SELECT pg_get_wal_replay_pause_state()").text(0, 0) == "paused"
        }
    }

    func resumeReplay() throws {
        try PostgresConnection(url: standby.adminURL).execute("SELECT pg_wal_replay_resume()")
    }

    /// Waits until the standby has replayed everything the primary has written so far.
    func waitForReplay() throws {
        let target = try PostgresConnection(url: primary.adminURL).execute("SELECT pg_current_wal_lsn()").text(0, 0) ?? ""
        try waitUntil("the standby replays up to \(target)") {
            try PostgresConnection(url: standby.adminURL).execute("SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn", [target]).text(0, 0) == "t"
        }
    }

    /// Cuts the standby off from the primary (no more WAL reaches it), so that what the primary
    /// acknowledges from now on is never shipped: what a crash just after a commit can lose.
    func cutOffStandby() throws {
        let connection = try PostgresConnection(url: standby.adminURL)
        try connection.execute("ALTER SYSTEM SET primary_conninfo = ''")
        try connection.execute("SELECT pg_reload_conf()")
        try waitUntil("the standby stops receiving") {
            try PostgresConnection(url: primary.adminURL).execute("SELECT count(*) FROM pg_stat_replication").int64(0, 0) == 0
        }
    }

    /// `kill -9` of the primary's postmaster, then the standby is promoted and becomes the
    /// primary; a new standby of it is started when `newStandby`.
    func failOver(newStandby: Bool) throws {
        let killed = TestPostgres.run(TestPostgres.script, ["kill", primary.directory])
        guard killed.status == 0 else { throw TestPostgres.Unavailable(description: "kill: \(killed.text)") }
        let promoted = TestPostgres.run(TestPostgres.script, ["promote", standby.directory])
        guard promoted.status == 0 else { throw TestPostgres.Unavailable(description: "promote: \(promoted.text)") }
        primary = standby
        try waitUntil("the promoted standby takes writes") {
            try PostgresConnection(url: primary.adminURL).execute("SELECT pg_is_in_recovery()").text(0, 0) == "f"
        }
        if newStandby {
            standby = try TestStandby.start(["standby"], directory: folder + "/standby\(all.count)", primaryPort: primary.port)
            all.append(standby)
        }
    }

    /// Polls `condition` every 50 ms for up to a minute; a condition never met fails in words
    /// (a wait, not a timing assertion).
    private func waitUntil(_ what: String, _ condition: () throws -> Bool) throws {
        for _ in 0..<1200 {
            if (try? condition()) == true { return }
            usleep(50_000)
        }
        throw TestPostgres.Unavailable(description: "gave up waiting a minute for \(what)")
    }
}
