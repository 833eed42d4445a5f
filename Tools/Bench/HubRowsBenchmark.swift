import Foundation
import PostgresHub
import Replication
import SpecStore
import SpecSync

/// `plumb-bench hub-rows [--views 10000] [--rounds 3] [URL]`: a hub as fast as its rows (issue
/// 38). A `plumb push` process of a new document of `views` views, and a `plumb pull` process of it
/// into a fresh store, as a granted role, beside `psql`'s `\copy` of the same change rows into and
/// out of a plain table with a primary key on the same server; and the same push and pull through
/// PgBouncer in transaction pooling mode (Tools/pgbouncer-test.sh) beside them direct. Each round
/// works in new databases, one kind after another, so that all see the same machine; times are
/// medians, ratios the medians of each round's own.
enum HubRowsBenchmark {
    static let usage = "hub-rows [--views 10000] [--rounds 3] [URL]"

    static func run(_ arguments: [String]) throws {
        let views = Int(StoreBenchmark.value(of: "--views", in: arguments) ?? "") ?? 10_000
        let rounds = Int(StoreBenchmark.value(of: "--rounds", in: arguments) ?? "") ?? 3
        let given = arguments.last.flatMap { $0.hasPrefix("postgres") ? $0 : nil }
        let postgres = try BenchPostgres(name: "plumb-hub-rows", given: given, port: 55996)
        let folder = postgres.folder, server = postgres.url
        let role = "plumb_rows_\(getpid())"
        let admin = try PostgresConnection(url: server)
        let pooler = folder.appendingPathComponent("pooler").path
        var databases: [String] = []
        defer {
            _ = try? HubBenchmark.shell("Tools/pgbouncer-test.sh stop '\(pooler)'")
            for database in databases {
                _ = try? admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(database)'")
                _ = try? admin.execute("DROP DATABASE IF EXISTS \(database)")
            }
            _ = try? admin.execute("DROP ROLE IF EXISTS \(role)")
            postgres.finish()
        }
        try admin.execute("CREATE ROLE \(role) LOGIN")
        guard let port = URLComponents(string: server)?.port else { throw BenchmarkError("\(server): no port for the pooler to reach") }
        let pooled = try HubBenchmark.shell("Tools/pgbouncer-test.sh start '\(pooler)' 55995 \(port) \(role)")
            .trimmingCharacters(in: .whitespacesAndNewlines)

        let plumb = StoreBenchmark.defaultPlumbBinary()
        let spec = StoreBenchmark.makeSpec(name: "rows", views: views, seed: 42)
        let source = try Store.create(at: folder.appendingPathComponent("source.sqlite").path)
        try SyncBenchmark.apply(spec, to: source)
        let rows = folder.appendingPathComponent("rows.copy").path
        let count = try writeRows(of: source, to: rows)
        print("hub rows (seed 42): a new \(views)-view document of \(count) changes, pushed and pulled by a granted role; \(rounds) rounds, medians")

        var times: [String: [Double]] = [:]
        for round in 0..<rounds {
            let database = "plumb_rows_\(getpid())_\(round)"
            databases.append(database)
            try admin.execute("CREATE DATABASE \(database)")
            let url = HubLoadBenchmark.withDatabase(server, database)
            try Hub.initialize(url: url)
            try Hub(url: url).grant(role: role, sites: [source.site], documents: ["*"], readOnly: false)
            let owner = try PostgresConnection(url: url)
            try owner.execute("""
                CREATE TABLE plumb_bench_rows (site text, seq bigint, document text, view text, property text, value text, PRIMARY KEY (site, seq));
                GRANT ALL ON plumb_bench_rows TO \(role)
                """)
            let direct = HubLoadBenchmark.withUser(url, role)
            let viaPooler = HubLoadBenchmark.withUser(HubLoadBenchmark.withDatabase(pooled, database), role)

            times["copy in", default: []].append(try Timing.seconds { try psql(direct, "\\copy plumb_bench_rows FROM '\(rows)'") })
            let back = folder.appendingPathComponent("back.copy").path
            times["copy out", default: []].append(try Timing.seconds { try psql(direct, "\\copy plumb_bench_rows TO '\(back)'") })

            // The same store pushes the same version through the pooler to a database of its own.
            let pooledDatabase = database + "_pooled"
            databases.append(pooledDatabase)
            try admin.execute("CREATE DATABASE \(pooledDatabase)")
            let pooledURL = HubLoadBenchmark.withDatabase(server, pooledDatabase)
            try Hub.initialize(url: pooledURL)
            try Hub(url: pooledURL).grant(role: role, sites: [source.site], documents: ["*"], readOnly: false)
            let viaPoolerPush = HubLoadBenchmark.withUser(HubLoadBenchmark.withDatabase(pooled, pooledDatabase), role)

            for (kind, target) in [("direct", direct), ("pooler", viaPoolerPush)] {
                let remote = "r\(round)\(kind)"
                try source.addRemote(Remote(name: remote, url: target))
                times["push \(kind)", default: []].append(try Timing.seconds {
                    try StoreBenchmark.runProcess(plumb, ["--store", source.path, "push", remote])
                })
            }
            for (kind, target) in [("direct", direct), ("pooler", viaPooler)] {
                let store = try Store.create(at: folder.appendingPathComponent("pull-\(round)-\(kind).sqlite").path)
                try store.addRemote(Remote(name: "origin", url: target))
                times["pull \(kind)", default: []].append(try Timing.seconds {
                    try StoreBenchmark.runProcess(plumb, ["--store", store.path, "pull"])
                })
                let held = try store.payloads(after: [:], sites: nil).reduce(0) { $0 + $1.changes.count }
                guard held == count else { throw BenchmarkError("pull \(kind): \(held) changes arrived, expected \(count)") }
            }
            let pushed = try owner.execute("SELECT count(*) FROM plumb_changes").int64(0, 0)
            guard pushed == count else { throw BenchmarkError("push: the hub holds \(pushed) changes, expected \(count)") }
        }
        // Each ratio is the median of the rounds' own ratios: a round's figure beside the reference
        // measured in that round, as psql's own times swing from round to round.
        func median(_ list: [Double]) -> Double { list.sorted()[list.count / 2] }
        func time(_ name: String) -> String { Timing.ms(median(times[name]!)) }
        func ratio(_ name: String, _ reference: String) -> String {
            String(format: "%.2f×", median(zip(times[name]!, times[reference]!).map { $0 / $1 }))
        }
        print("  psql \\copy of the \(count) rows into a plain table with a primary key: \(time("copy in")); out of it: \(time("copy out"))")
        print("  plumb push: \(time("push direct")) = \(ratio("push direct", "copy in")) the \\copy in (target ≤ 3×)")
        print("  plumb pull into a fresh store: \(time("pull direct")) = \(ratio("pull direct", "copy out")) the \\copy out (target ≤ 3×)")
        print("  through PgBouncer (transaction pooling): push \(time("push pooler")) = \(ratio("push pooler", "push direct")) direct, pull \(time("pull pooler")) = \(ratio("pull pooler", "pull direct")) direct (target ≤ 1.2×)")
    }

    /// The store's change rows as `COPY` text (site, seq, document, view, property, value): the
    /// rows a push sends. Returns their number.
    static func writeRows(of store: Store, to path: String) throws -> Int {
        var text = CopyText(), count = 0
        for payload in try store.payloads(after: [:], sites: nil) {
            for change in payload.changes {
                text.row([payload.site.hex, String(change.seq), payload.document, change.view, change.property.rawValue, change.value])
                count += 1
            }
        }
        try Data(text.bytes).write(to: URL(fileURLWithPath: path))
        return count
    }

    /// Runs one `psql` command against `url`, failing on any error.
    static func psql(_ url: String, _ command: String) throws {
        try StoreBenchmark.runProcess("/usr/bin/psql", ["-X", "-q", "-v", "ON_ERROR_STOP=1", url, "-c", command])
    }
}
