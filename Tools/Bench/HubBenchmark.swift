import Foundation
import LayoutSpec
import PostgresHub
import Replication
import SpecStore
import SpecSync
import SeededRandom

/// `plumb-bench hub [URL] [--baseline PLUMB]`: the hub figures of issue 5, on a throwaway
/// PostgreSQL started with Tools/pg-test.sh (or the server at URL, whose `postgres` database it
/// uses). With `--baseline`, the same push as `plumb push` processes of that binary (to a hub it
/// set up) and of this one, side by side.
enum HubBenchmark {
    static func run(_ arguments: [String]) throws {
        let baseline = StoreBenchmark.value(of: "--baseline", in: arguments)
        let arguments = arguments.filter { $0 != "--baseline" && $0 != baseline }
        let postgres = try BenchPostgres(name: "plumb-hub-bench", given: arguments.first, port: 55999)
        defer { postgres.finish() }
        let folder = postgres.folder, url = postgres.url
        print("hub benchmark (seed 42) on \(url)")
        try Hub.initialize(url: url)

        let spec = StoreBenchmark.makeSpec(name: "hubdoc", views: 6_000, seed: 42)
        let a = try Store.create(at: folder.appendingPathComponent("a.sqlite").path)
        try SyncBenchmark.apply(spec, to: a)
        var pushed = PushReport()
        let push = try Timing.seconds { pushed = try Hub(url: url).push(from: a) }
        print("  push \(pushed.changes) changes (\(pushed.versions) version): \(Timing.ms(push))   target ≤ 2000 ms")

        let b = try Store.create(at: folder.appendingPathComponent("b.sqlite").path)
        var pulled = ImportReport()
        let pull = try Timing.seconds { pulled = try Hub(url: url).pull(into: b).imported }
        print("  pull \(pulled.changes) changes into a fresh store: \(Timing.ms(pull))   target ≤ 2000 ms")
        let nothing = try Timing.median(runs: 9) { _ = try Hub(url: url).pull(into: b) }
        print("  pull with nothing new (connect, check, ask, merge nothing): \(Timing.ms(nothing))   target ≤ 50 ms")
        let plumb = StoreBenchmark.defaultPlumbBinary()
        try b.addRemote(Remote(name: "origin", url: url))
        let processPull = try Timing.median(runs: 5) { try StoreBenchmark.runProcess(plumb, ["--store", b.path, "pull"]) }
        print("    the same as a `plumb pull` process: \(Timing.ms(processPull))")
        try eightClients(url: url, folder: folder, spec: spec, plumb: plumb)
        if let baseline { try againstBaseline(spec, server: url, folder: folder, plumb: plumb, baseline: baseline) }
    }

    /// The push of one version of `spec` as a `plumb push` process of `baseline` (to a hub it
    /// set up) and of this Plumb, each into an empty database, alternately; medians of 3. Each
    /// binary pushes from a store it made and applied the spec to, so a baseline of an older
    /// schema, which would refuse a store of this one's, pushes the same changes.
    static func againstBaseline(_ spec: Spec, server: String, folder: URL, plumb: String, baseline: String) throws {
        let file = folder.appendingPathComponent("spec.json").path
        try SpecCodec.encodeText(spec).write(toFile: file, atomically: true, encoding: .utf8)
        let admin = try PostgresConnection(url: server)
        var times: [String: [Double]] = [:]
        for round in 0..<3 {
            for (name, binary) in [("baseline", baseline), ("this", plumb)] {
                let database = "plumb_push_\(name)_\(getpid())_\(round)"
                try admin.execute("CREATE DATABASE \(database)")
                defer { _ = try? admin.execute("DROP DATABASE IF EXISTS \(database)") }
                let url = HubLoadBenchmark.withDatabase(server, database)
                let home = folder.appendingPathComponent(database).path, copy = home + "/.plumb/store.sqlite"
                try StoreBenchmark.runProcess(binary, ["init", home])
                try StoreBenchmark.runProcess(binary, ["--store", copy, "apply", file])
                try StoreBenchmark.runProcess(binary, ["hub", "init", url])
                try StoreBenchmark.runProcess(binary, ["--store", copy, "remote", "add", "origin", url])
                times[name, default: []].append(try Timing.seconds { try StoreBenchmark.runProcess(binary, ["--store", copy, "push"]) })
                let held = try PostgresConnection(url: url).execute("SELECT count(*) FROM plumb_changes").int64(0, 0)
                guard held > 0 else { throw BenchmarkError("\(name): nothing was pushed") }
            }
        }
        let before = times["baseline"]!.sorted()[1], now = times["this"]!.sorted()[1]
        print("  `plumb push` of one version of the same spec: \(Timing.ms(now)); the baseline binary to its own hub: \(Timing.ms(before)) (\(String(format: "%.2f", now / before))×)")
    }

    /// Eight stores each push 10,000 changes at the same moment, as eight `plumb push` processes.
    static func eightClients(url: String, folder: URL, spec: Spec, plumb: String) throws {
        var stores: [Store] = []
        var generator = SeededGenerator(seed: 99)
        for index in 0..<8 {
            let store = try Store.create(at: folder.appendingPathComponent("c\(index).sqlite").path)
            _ = try Hub(url: url).pull(into: store)
            try store.addRemote(Remote(name: "origin", url: url))
            try SyncBenchmark.edit(store, spec: spec, versions: 100, changesPerVersion: 100, generator: &generator)
            stores.append(store)
        }
        let processes = stores.map { store -> Process in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: plumb)
            process.arguments = ["--store", store.path, "push"]
            process.standardOutput = FileHandle.nullDevice
            return process
        }
        let all = try Timing.seconds {
            for process in processes { try process.run() }
            for process in processes { process.waitUntilExit() }
        }
        let failed = processes.filter { $0.terminationStatus != 0 }.count
        var heads = Set<String>()
        let converge = try Timing.seconds {
            for store in stores { _ = try Hub(url: url).pull(into: store) }
            for store in stores { heads.insert(try store.head(of: spec.name).id.hex) }
        }
        print("  eight clients each pushing 10,000 changes at once: \(Timing.ms(all)) in all (\(failed) failed)")
        print("    then each pulls: \(Timing.ms(converge)); distinct heads afterwards: \(heads.count) (1 = converged)")
    }

    /// Runs a shell command through `system()` (Foundation's `Process.waitUntilExit` can hang
    /// when the child leaves a daemon behind, as `pg_ctl start` does).
    static func shell(_ command: String) throws -> String {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-bench-shell-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let status = system("\(command) </dev/null >'\(output)' 2>&1")
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        guard status == 0 else { throw BenchmarkError("\(command): \(text)") }
        return text
    }
}
