import Foundation
import LayoutSpec
import PostgresHub
import Replication
import SeededRandom
import SpecStore
import SpecSync

/// `plumb-bench hub-failover`: a hub on a primary with a hot standby fed by streaming
/// replication (Tools/pg-test.sh `start`, `standby`), and stores editing and pushing to it. Each
/// round every store makes 1–3 versions and pushes; the primary's postmaster is killed (`kill -9`)
/// right after the last push, the standby promoted, and every store synced with the new primary;
/// then a new standby is made of it for the next round. Every other round the standby is cut off
/// from the primary halfway through the pushes, so that the primary acknowledges pushes it never
/// ships (on one machine the standby otherwise receives nearly every commit before the kill). Prints, per round and in all, versions
/// the old primary acknowledged that the promoted standby lacked, and versions lost once every
/// store had synced (goal 0), and whether every store agrees on every head. Then times a pull of
/// a 2,000-view document from the standby beside the same pull from the primary (median of 5,
/// alternately). Exits 1 on a lost version or a disagreement.
enum HubFailoverBenchmark {
    static let usage = "hub-failover [--rounds 20] [--stores 4] [--documents 3]   (--rounds 0: the pull from the standby alone)"

    /// One server of the run: its folder and port.
    struct Server {
        let directory: String
        let port: Int
        var url: String { "postgresql://postgres@127.0.0.1:\(port)/plumb" }
        var adminURL: String { "postgresql://postgres@127.0.0.1:\(port)/postgres" }
    }

    static func run(_ arguments: [String]) throws {
        let rounds = Int(StoreBenchmark.value(of: "--rounds", in: arguments) ?? "") ?? 20
        let storeCount = Int(StoreBenchmark.value(of: "--stores", in: arguments) ?? "") ?? 4
        let documentCount = Int(StoreBenchmark.value(of: "--documents", in: arguments) ?? "") ?? 3
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-hub-failover-\(getpid())").path
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // Two ports in turn: each new standby takes the port of the primary just killed.
        let ports = [55_981, 55_982]
        var servers: [Server] = []
        defer {
            for server in servers { _ = try? HubBenchmark.shell("Tools/pg-test.sh stop '\(server.directory)'") }
            try? FileManager.default.removeItem(atPath: folder)
        }
        func start(_ command: String, port: Int, primary: Server? = nil) throws -> Server {
            let server = Server(directory: "\(folder)/pg\(UUID().uuidString.prefix(8))", port: port)
            _ = try HubBenchmark.shell("Tools/pg-test.sh \(command) '\(server.directory)' \(port) \(primary.map { String($0.port) } ?? "")")
            servers.append(server)
            return server
        }
        var primary = try start("start", port: ports[0])
        try PostgresConnection(url: primary.adminURL).execute("CREATE DATABASE plumb")
        var standby = try start("standby", port: ports[1], primary: primary)
        try Hub.initialize(url: primary.url)
        print("hub failover (seed 9): \(storeCount) stores, \(documentCount) documents, \(rounds) rounds of edit, push, kill -9 the primary, promote the standby, sync")

        let specs = (0..<documentCount).map { StoreBenchmark.makeSpec(name: "doc\($0)", views: 40, seed: UInt64(200 + $0)) }
        let seed = try Store.create(at: "\(folder)/seed.sqlite")
        for spec in specs { try SyncBenchmark.apply(spec, to: seed) }
        _ = try Hub(url: primary.url).push(from: seed)
        var made = documentCount
        let stores = try (0..<storeCount).map { index -> Store in
            let store = try Store.create(at: "\(folder)/s\(index).sqlite")
            _ = try Hub(url: primary.url).pull(into: store)
            return store
        }
        var random = SeededGenerator(seed: 9)
        var unshippedInAll = 0, lostInAll = 0, disagreements = 0
        for round in stride(from: 1, through: rounds, by: 1) {
            for (index, store) in stores.enumerated() {
                // Every other round the standby is cut off from the primary before the second
                // half of the stores push (a network split, then the primary dies): what the
                // primary acknowledges from then on never reaches the standby.
                if round % 2 == 0 && index == stores.count / 2 { try cutOff(standby, from: primary) }
                for _ in 0..<(1 + random.below(3)) {
                    let document = specs[random.below(specs.count)].name
                    let view = "v\(1 + random.below(39))"
                    let edits = [Edit(view: view, property: [.width, .height, .marginTop][random.below(3)], value: String(random.below(500)))]
                    _ = try store.commit(document: document, message: "round \(round)", author: "bench") { _ in edits }
                    made += 1
                }
                _ = try Hub(url: primary.url).push(from: store)
            }
            // Right after the last push is acknowledged: the primary dies; the standby takes over.
            let killed = primary
            _ = try HubBenchmark.shell("Tools/pg-test.sh kill '\(killed.directory)'")
            _ = try HubBenchmark.shell("Tools/pg-test.sh promote '\(standby.directory)'")
            primary = standby
            let promoted = try versionCount(primary.url)
            for _ in 0..<2 {
                for store in stores {
                    let hub = try Hub(url: primary.url)
                    _ = try hub.pull(into: store)
                    _ = try hub.push(from: store)
                }
            }
            for store in stores { _ = try Hub(url: primary.url).pull(into: store) }
            let after = try versionCount(primary.url)
            var agree = true
            for spec in specs where Set(try stores.map { try $0.head(of: spec.name).id.hex }).count != 1 { agree = false }
            let unshipped = made - promoted, lost = made - after
            unshippedInAll += unshipped
            lostInAll += lost
            if !agree { disagreements += 1 }
            print("  round \(round): \(made) versions made in all; the promoted standby lacked \(unshipped) the old primary had acknowledged; "
                  + "lost after every store synced: \(lost); heads \(agree ? "agree" : "DIFFER")")
            _ = try HubBenchmark.shell("Tools/pg-test.sh stop '\(killed.directory)'")
            servers.removeAll { $0.directory == killed.directory }
            standby = try start("standby", port: killed.port, primary: primary)
        }
        print("  in all: \(rounds) kill-and-promote rounds, \(made) versions made, \(unshippedInAll) acknowledged but not on the promoted standby, "
              + "lost versions: \(lostInAll) (goal 0), rounds whose stores disagreed: \(disagreements)")
        try pullFromStandby(primary: primary, standby: standby, folder: folder)
        guard lostInAll == 0, disagreements == 0 else { throw BenchmarkError("versions were lost or stores disagree (see above)") }
    }

    /// The median of 5 pulls of a 2,000-view document into a fresh store from the standby, each
    /// beside the same pull from the primary.
    static func pullFromStandby(primary: Server, standby: Server, folder: String) throws {
        let admin = try PostgresConnection(url: primary.adminURL)
        try admin.execute("CREATE DATABASE plumb_pull")
        let primaryURL = HubLoadBenchmark.withDatabase(primary.url, "plumb_pull"), standbyURL = HubLoadBenchmark.withDatabase(standby.url, "plumb_pull")
        try Hub.initialize(url: primaryURL)
        let source = try Store.create(at: "\(folder)/pull-source.sqlite")
        try SyncBenchmark.apply(StoreBenchmark.makeSpec(name: "big", views: 2_000, seed: 5), to: source)
        _ = try Hub(url: primaryURL).push(from: source)
        // The standby has it once it has replayed the primary's log up to now.
        let target = try admin.execute("SELECT pg_current_wal_lsn()").text(0, 0) ?? ""
        while try PostgresConnection(url: standby.adminURL).execute("SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn", [target]).text(0, 0) != "t" {
            usleep(50_000)
        }
        var fromPrimary: [Double] = [], fromStandby: [Double] = []
        for run in 0..<5 {
            // Alternately first: neither server is always the one read after the other.
            for (url, samples) in run % 2 == 0 ? [(primaryURL, 0), (standbyURL, 1)] : [(standbyURL, 1), (primaryURL, 0)] {
                let path = "\(folder)/pull-\(run)-\(samples).sqlite"
                let store = try Store.create(at: path)
                let seconds = try Timing.seconds { _ = try Hub(url: url).pull(into: store) }
                if samples == 0 { fromPrimary.append(seconds) } else { fromStandby.append(seconds) }
            }
        }
        let changes = try PostgresConnection(url: primaryURL).execute("SELECT count(*) FROM plumb_changes").int64(0, 0)
        let p = fromPrimary.sorted()[2], s = fromStandby.sorted()[2]
        print("  pull of a 2,000-view document (\(changes) changes) into a fresh store: from the standby \(Timing.ms(s)), "
              + "from the primary \(Timing.ms(p)) (median of 5, alternately) = \(String(format: "%.2f", s / p))×   target ≤ 1.2×")
    }

    /// Stops the standby's WAL receiver (an empty `primary_conninfo`) and waits until the primary
    /// sees no standby.
    static func cutOff(_ standby: Server, from primary: Server) throws {
        let connection = try PostgresConnection(url: standby.adminURL)
        try connection.execute("ALTER SYSTEM SET primary_conninfo = ''")
        try connection.execute("SELECT pg_reload_conf()")
        while try PostgresConnection(url: primary.adminURL).execute("SELECT count(*) FROM pg_stat_replication").int64(0, 0) > 0 {
            usleep(20_000)
        }
    }

    static func versionCount(_ url: String) throws -> Int {
        Int(try PostgresConnection(url: url).execute("SELECT count(*) FROM plumb_versions").int64(0, 0))
    }
}
