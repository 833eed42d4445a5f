import Foundation
import LayoutSpec
import PostgresHub
import Replication
import SeededRandom
import SpecStore
import SpecSync

/// `plumb-bench hub-load`: many client processes editing, pushing and pulling through one hub at
/// once (issue 11), each as its own PostgreSQL role; then everyone syncs until quiet and the
/// run checks that all stores hold every version and agree on every head. Prints throughput and
/// p50/p99 push and pull latency beside the latency of a bare connect + `SELECT 1` measured by
/// the same clients in the same run. Exits 1 on any error, lost version or disagreement. With
/// `--pooler`, every client connects through a PgBouncer in transaction pooling mode
/// (Tools/pgbouncer-test.sh) in front of the server, as teams run a busy hub.
enum HubLoadBenchmark {
    static let usage = "hub-load [--clients 50] [--documents 20] [--seconds 120] [--views 40] [--pooler] [URL]"

    static func run(_ arguments: [String]) throws {
        let clients = Int(StoreBenchmark.value(of: "--clients", in: arguments) ?? "") ?? 50
        let documents = Int(StoreBenchmark.value(of: "--documents", in: arguments) ?? "") ?? 20
        let seconds = Double(StoreBenchmark.value(of: "--seconds", in: arguments) ?? "") ?? 120
        let views = Int(StoreBenchmark.value(of: "--views", in: arguments) ?? "") ?? 40
        let given = arguments.last.flatMap { $0.hasPrefix("postgres") ? $0 : nil }
        let postgres = try BenchPostgres(name: "plumb-hub-load", given: given, port: 55998)
        let folder = postgres.folder, server = postgres.url
        let database = "plumb_load_\(getpid())"
        let roles = (0..<clients).map { "plumb_load_\(getpid())_\($0)" }
        let poolerDirectory = arguments.contains("--pooler") ? folder.appendingPathComponent("pgbouncer").path : nil
        defer {
            if let poolerDirectory { _ = try? HubBenchmark.shell("Tools/pgbouncer-test.sh stop '\(poolerDirectory)'") }
            if let admin = try? PostgresConnection(url: server) {
                _ = try? admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(database)'")
                _ = try? admin.execute("DROP DATABASE IF EXISTS \(database)")
                for role in roles { _ = try? admin.execute("DROP ROLE IF EXISTS \(role)") }
            }
            postgres.finish()
        }
        let admin = try PostgresConnection(url: server)
        try admin.execute("CREATE DATABASE \(database)")
        let url = withDatabase(server, database)
        try Hub.initialize(url: url)
        // Where clients connect: the server, or the pooler in front of it.
        var clientURL = url
        if let poolerDirectory {
            let serverPort = URLComponents(string: url)?.port ?? 5432
            let pooled = try HubBenchmark.shell("Tools/pgbouncer-test.sh start '\(poolerDirectory)' 55997 \(serverPort) \(roles.joined(separator: " "))")
            clientURL = withDatabase(pooled.trimmingCharacters(in: .whitespacesAndNewlines), database)
        }
        print("hub load (seed 7): \(clients) client processes, \(documents) documents of \(views) views, \(Int(seconds)) s, on \(clientURL)"
              + (poolerDirectory == nil ? "" : " (PgBouncer, transaction pooling, in front of \(url))"))

        // The documents, pushed by the owner; each client a store of its own and a role of its own.
        let seedStore = try Store.create(at: folder.appendingPathComponent("seed.sqlite").path)
        let specs = (0..<documents).map { StoreBenchmark.makeSpec(name: "doc\($0)", views: views, seed: UInt64(100 + $0)) }
        for spec in specs { try SyncBenchmark.apply(spec, to: seedStore) }
        _ = try Hub(url: url).push(from: seedStore)
        var stores: [String] = []
        for (index, role) in roles.enumerated() {
            try admin.execute("CREATE ROLE \(role) LOGIN")
            let path = folder.appendingPathComponent("c\(index).sqlite").path
            let store = try Store.create(at: path)
            try Hub(url: url).grant(role: role, sites: [store.site], documents: ["*"], readOnly: false)
            _ = try Hub(url: withUser(url, role)).pull(into: store)
            stores.append(path)
        }

        let bench = CommandLine.arguments[0]
        var processes: [Process] = []
        let wall = try Timing.seconds {
            for (index, path) in stores.enumerated() {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: bench)
                process.arguments = ["hub-load-worker", path, withUser(clientURL, roles[index]), String(seconds), String(index + 1),
                                     path + ".out", String(views)]
                process.standardOutput = FileHandle.nullDevice
                try process.run()
                processes.append(process)
            }
            for process in processes { process.waitUntilExit() }
        }
        var results = WorkerResults()
        for path in stores { results.add(try String(contentsOfFile: path + ".out", encoding: .utf8)) }
        results.crashed = processes.filter { $0.terminationStatus != 0 }.count

        // Everyone syncs until quiet; then every store must hold everything and agree.
        let quiet = try Timing.seconds {
            for _ in 0..<2 {
                for (index, path) in stores.enumerated() {
                    let store = try Store.open(at: path)
                    let hub = try Hub(url: withUser(clientURL, roles[index]))
                    _ = try hub.pull(into: store)
                    _ = try hub.push(from: store)
                }
            }
            for (index, path) in stores.enumerated() { _ = try Hub(url: withUser(clientURL, roles[index])).pull(into: try Store.open(at: path)) }
        }
        var distinct = 0
        for spec in specs {
            let heads = Set(try stores.map { try Store.open(at: $0).head(of: spec.name).id.hex })
            distinct = max(distinct, heads.count)
        }
        let onHub = Int(try PostgresConnection(url: url).execute("SELECT count(*) FROM plumb_versions").int64(0, 0))
        let expected = documents + results.commits
        let knowledge = Set(try stores.map { try Store.open(at: $0).knowledge() })

        let operations = results.push.count + results.pull.count
        print("  \(operations) pushes and pulls in \(String(format: "%.1f", wall)) s: \(String(format: "%.1f", Double(operations) / wall)) per second (\(results.commits) versions made)")
        print("  push latency p50 \(ms(results.push, 0.5)), p99 \(ms(results.push, 0.99))   (\(results.push.count) pushes)")
        print("  pull latency p50 \(ms(results.pull, 0.5)), p99 \(ms(results.pull, 0.99))   (\(results.pull.count) pulls)")
        print("  reference, connect + SELECT 1 by the same clients: p50 \(ms(results.ping, 0.5)), p99 \(ms(results.ping, 0.99)); "
              + "push p50 = \(ratio(results.push, results.ping))×, pull p50 = \(ratio(results.pull, results.ping))× that")
        print("  errors: \(results.errors.count) (deadlocks: \(results.errors.filter { $0.contains("deadlock") }.count)); crashed clients: \(results.crashed)")
        for error in results.errors.prefix(5) { print("    \(error)") }
        print("  then all synced until quiet in \(String(format: "%.1f", quiet)) s: versions on the hub \(onHub) of \(expected) made (lost: \(expected - onHub)); "
              + "distinct heads per document: \(distinct) (1 = converged); distinct store contents: \(knowledge.count)")
        guard results.errors.isEmpty, results.crashed == 0, onHub == expected, distinct == 1, knowledge.count == 1 else {
            throw BenchmarkError("the load run failed its checks (see above)")
        }
    }

    /// One client: until its time is up, edit a random document (a version of 1–3 changes),
    /// push, pull, and time a bare connection; results as lines in OUT.
    static func worker(_ arguments: [String]) throws {
        guard arguments.count == 6, let seconds = Double(arguments[2]), let seed = UInt64(arguments[3]), let views = Int(arguments[5]) else {
            throw BenchmarkError("usage: hub-load-worker STORE URL SECONDS SEED OUT VIEWS")
        }
        let store = try Store.open(at: arguments[0])
        let url = arguments[1]
        var random = SeededGenerator(seed: seed)
        let documents = try store.documentNames()
        let properties: [Property] = [.width, .height, .marginTop, .marginLeft, .minWidth]
        var lines: [String] = []
        var commits = 0
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let document = documents[random.below(documents.count)]
            var edits: [Edit] = []
            for _ in 0..<(1 + random.below(3)) {
                edits.append(Edit(view: "v\(1 + random.below(views - 1))", property: properties[random.below(properties.count)],
                                  value: String(random.below(500))))
            }
            do {
                _ = try store.commit(document: document, message: "load", author: "client \(seed)") { _ in edits }
                commits += 1
            } catch {
                lines.append("error commit: \(error)")
            }
            for operation in ["push", "pull", "ping"] {
                do {
                    let time = try Timing.seconds {
                        switch operation {
                        case "push": _ = try Hub(url: url).push(from: store)
                        case "pull": _ = try Hub(url: url).pull(into: store)
                        default: _ = try PostgresConnection(url: url).execute("SELECT 1")
                        }
                    }
                    lines.append("\(operation) \(time * 1000)")
                } catch {
                    lines.append("error \(operation): \(error)".replacingOccurrences(of: "\n", with: " "))
                }
            }
        }
        lines.append("commits \(commits)")
        try (lines.joined(separator: "\n") + "\n").write(toFile: arguments[4], atomically: true, encoding: .utf8)
    }

    struct WorkerResults {
        var push: [Double] = [], pull: [Double] = [], ping: [Double] = []
        var errors: [String] = []
        var commits = 0
        var crashed = 0

        mutating func add(_ text: String) {
            for line in text.split(separator: "\n") {
                let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { continue }
                switch parts[0] {
                case "push": push.append(Double(parts[1]) ?? 0)
                case "pull": pull.append(Double(parts[1]) ?? 0)
                case "ping": ping.append(Double(parts[1]) ?? 0)
                case "commits": commits += Int(parts[1]) ?? 0
                default: errors.append(String(line))
                }
            }
        }
    }

    static func percentile(_ samples: [Double], _ fraction: Double) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sorted = samples.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction + 0.5))]
    }

    static func ms(_ samples: [Double], _ fraction: Double) -> String { String(format: "%.1f ms", percentile(samples, fraction)) }

    static func ratio(_ samples: [Double], _ reference: [Double]) -> String {
        String(format: "%.1f", percentile(samples, 0.5) / max(percentile(reference, 0.5), 0.001))
    }

    /// `url` with another database.
    static func withDatabase(_ url: String, _ database: String) -> String {
        let base = url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url
        let query = url.dropFirst(base.count)
        return String(base[..<base.lastIndex(of: "/")!]) + "/" + database + query
    }

    /// `url` logging in as `user`.
    static func withUser(_ url: String, _ user: String) -> String {
        guard let scheme = url.range(of: "://") else { return url }
        let rest = url[scheme.upperBound...]
        let host = rest.firstIndex(of: "@").map { rest[rest.index(after: $0)...] } ?? rest
        return url[..<scheme.upperBound] + user + "@" + host
    }
}
