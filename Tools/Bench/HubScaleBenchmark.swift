import Foundation
import LayoutSpec
import PostgresHub
import Replication
import SeededRandom
import SpecStore
import SpecSync

/// `plumb-bench hub-scale`: a pull costs what its document holds, not the hub (issue 11). One
/// 2,000-view document is pushed by a real store to two hubs: one holding only it, and one that
/// also holds 10,000,000 changes across 999 more documents, bulk-loaded with COPY. A role that
/// may read only that document pulls it into a fresh store from each; the figure is the ratio.
enum HubScaleBenchmark {
    static let usage = "hub-scale [--changes 10000000] [--documents 1000] [--views 2000] [URL]"

    static func run(_ arguments: [String]) throws {
        let total = Int(StoreBenchmark.value(of: "--changes", in: arguments) ?? "") ?? 10_000_000
        let documents = Int(StoreBenchmark.value(of: "--documents", in: arguments) ?? "") ?? 1_000
        let views = Int(StoreBenchmark.value(of: "--views", in: arguments) ?? "") ?? 2_000
        let given = arguments.last.flatMap { $0.hasPrefix("postgres") ? $0 : nil }
        let postgres = try BenchPostgres(name: "plumb-hub-scale", given: given, port: 55997)
        let folder = postgres.folder, server = postgres.url
        let big = "plumb_big_\(getpid())", small = "plumb_small_\(getpid())", reader = "plumb_reader_\(getpid())"
        let admin = try PostgresConnection(url: server)
        defer {
            for database in [big, small] {
                _ = try? admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(database)'")
                _ = try? admin.execute("DROP DATABASE IF EXISTS \(database)")
            }
            _ = try? admin.execute("DROP ROLE IF EXISTS \(reader)")
            postgres.finish()
        }
        try admin.execute("CREATE ROLE \(reader) LOGIN")
        let spec = StoreBenchmark.makeSpec(name: "target", views: views, seed: 42)
        let source = try Store.create(at: folder.appendingPathComponent("source.sqlite").path)
        try SyncBenchmark.apply(spec, to: source)
        var generator = SeededGenerator(seed: 43)
        try SyncBenchmark.edit(source, spec: spec, versions: 20, changesPerVersion: 50, generator: &generator)
        var targetChanges = 0
        for database in [small, big] {
            try admin.execute("CREATE DATABASE \(database)")
            let url = HubLoadBenchmark.withDatabase(server, database)
            try Hub.initialize(url: url)
            targetChanges = try Hub(url: url).push(from: source).changes
            try Hub(url: url).grant(role: reader, sites: [], documents: ["target"], readOnly: true)
        }
        print("hub scale (seed 42): a \(views)-view document of \(targetChanges) changes, pulled by a role that may read only it")

        let bigURL = HubLoadBenchmark.withDatabase(server, big)
        let fill = total - targetChanges
        let load = try Timing.seconds { try bulkLoad(url: bigURL, changes: fill, documents: documents - 1) }
        let held = try PostgresConnection(url: bigURL).execute("SELECT count(*), count(DISTINCT document) FROM plumb_changes")
        let size = try PostgresConnection(url: bigURL).execute("SELECT pg_size_pretty(pg_database_size(current_database()))").text(0, 0) ?? "?"
        print("  big hub: \(held.int64(0, 0)) changes in \(held.int64(0, 1)) documents (\(size)), bulk-loaded with COPY in \(String(format: "%.1f", load)) s")

        var run = 0
        func pull(_ database: String) throws -> Double {
            let url = HubLoadBenchmark.withUser(HubLoadBenchmark.withDatabase(server, database), reader)
            run += 1
            let store = try Store.create(at: folder.appendingPathComponent("pull\(run).sqlite").path)
            var report = PullReport()
            let time = try Timing.seconds { report = try Hub(url: url).pull(into: store) }
            guard report.imported.changes == targetChanges, report.refused.isEmpty else {
                throw BenchmarkError("pulled \(report.imported.changes) changes, expected \(targetChanges)")
            }
            return time
        }
        // Alternating, so that both see the same machine; medians of 5.
        var fromSmall: [Double] = [], fromBig: [Double] = []
        for _ in 0..<5 {
            fromSmall.append(try pull(small))
            fromBig.append(try pull(big))
        }
        let smallTime = fromSmall.sorted()[2], bigTime = fromBig.sorted()[2]
        print("  pull of the document from the hub holding only it: \(Timing.ms(smallTime))")
        print("  pull of the same document from the hub of \(held.int64(0, 0)) changes: \(Timing.ms(bigTime)) = \(String(format: "%.2f", bigTime / smallTime))× (target ≤ 2×)")
    }

    /// `changes` changes across `documents` documents (one site each, versions of 100 changes),
    /// straight into the hub's tables with COPY as the owner, triggers off; their document
    /// progress rows by hand. (These rows are never pulled here, so their ids are only unique.)
    static func bulkLoad(url: String, changes: Int, documents: Int) throws {
        let connection = try PostgresConnection(url: url)
        try connection.execute("SET session_replication_role = replica")
        let perDocument = max(1, changes / documents)
        let chunk = max(1, 1_000_000 / perDocument)
        var document = 0
        while document < documents {
            var versions = CopyText(), rows = CopyText(), sites = CopyText()
            for index in document..<min(documents, document + chunk) {
                let site = hex(0xB16_0000 + index, digits: 32)
                let count = index == documents - 1 ? changes - perDocument * (documents - 1) : perDocument
                var seq = 1
                while seq <= count {
                    let last = min(count, seq + 99)
                    let id = hex(index, digits: 32) + hex(seq, digits: 32)
                    versions.row([site, String(seq), String(last), id, "fill\(index)", String(1_700_000_000_000 << 16), "", "bulk", "bench",
                                  "1700000000000", "postgres", "2026-01-01 00:00:00+00"])
                    for number in seq...last {
                        rows.row([site, String(number), "fill\(index)", "v\(number % 2_000)", "width", String(number % 500)])
                    }
                    seq = last + 1
                }
                sites.row(["fill\(index)", site, String(count)])
            }
            try connection.copy("COPY plumb_versions (site, first_seq, last_seq, id, document, hlc, base, message, author, time, pushed_by, pushed_at) FROM STDIN",
                                data: versions.bytes)
            try connection.copy("COPY plumb_changes (site, seq, document, view, property, value) FROM STDIN", data: rows.bytes)
            try connection.copy("COPY plumb_document_sites (document, site, last_seq) FROM STDIN", data: sites.bytes)
            document += chunk
        }
        try connection.execute("ANALYZE")
    }

    static func hex(_ value: Int, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
