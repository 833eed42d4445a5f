import Foundation
import LayoutSpec
import SpecSync

/// `plumb-bench deep [--depth N] [--plumb PATH]`: issue 39's figure for deep trees.
///
/// Builds one chain of N views (default 100,000), each the only child of the one before, and
/// times, each as a process, `plumb apply` of it into a new store, `plumb sync` of that store
/// into another and `plumb bundle apply` of its bundle into a third, beside the floor measured
/// in the same run: the `sqlite3` shell inserting the same rows, as `flat-apply` does.
enum DeepChainBenchmark {
    static let usage = "deep [--depth N] [--plumb PATH]"

    static func run(_ arguments: [String]) throws {
        let depth = StoreBenchmark.value(of: "--depth", in: arguments).flatMap { Int($0) } ?? 100_000
        let plumb = StoreBenchmark.value(of: "--plumb", in: arguments) ?? StoreBenchmark.defaultPlumbBinary()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-bench-deep-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

        let spec = chain(depth: depth)
        try SpecCodec.encodeText(spec, shape: .flat).write(toFile: path("deep.json"), atomically: true, encoding: .utf8)
        let edits = EditPlanner.edits(toMatch: spec, from: DocumentState(), orderSuffix: "bnch")
        try FlatApplyBenchmark.floorSQL(edits, folder: folder.path).write(toFile: path("floor.sql"), atomically: true, encoding: .utf8)
        print("deep chain: \(depth) views, each the only child of the one before, \(edits.count) rows")

        for store in ["source", "synced", "bundled"] { try ChildProcess.run(plumb, ["init", path(store)]) }
        let apply = try ChildProcess.run(plumb, ["--store", path("source/.plumb/store.sqlite"), "apply", path("deep.json"), "-m", "deep"])
        let sync = try ChildProcess.run(plumb, ["--store", path("synced/.plumb/store.sqlite"), "sync", path("source")])
        try ChildProcess.run(plumb, ["--store", path("source/.plumb/store.sqlite"), "bundle", "create", "-o", path("deep.bundle")])
        let bundle = try ChildProcess.run(plumb, ["--store", path("bundled/.plumb/store.sqlite"), "bundle", "apply", path("deep.bundle")])
        let floor = try ChildProcess.run("/usr/bin/sqlite3", [path("floor.sqlite")], stdin: path("floor.sql"))
        let floorRows = try FlatApplyBenchmark.rowCount(path("floor.sqlite"))
        guard floorRows == 2 * edits.count else {
            throw BenchmarkError("the sqlite3 shell imported \(floorRows) rows, not \(2 * edits.count): the floor is wrong")
        }
        print(String(format: "  sqlite3 shell, same rows:%7.2f s   peak %5.0f MB", floor.seconds, floor.peakMB))
        for (name, result) in [("  plumb apply", apply), ("  plumb sync", sync), ("  plumb bundle apply", bundle)] {
            let label = name.padding(toLength: 26, withPad: " ", startingAt: 0)
            print(label + String(format: "%7.2f s   peak %5.0f MB   %5.2f× floor (goal ≤ 2.5×)",
                                 result.seconds, result.peakMB, result.seconds / floor.seconds))
        }
    }

    /// v0 a stack at the root, and v(i) a stack under v(i-1).
    static func chain(depth: Int) -> Spec {
        let views = (0..<depth).map { View(id: "v\($0)", kind: .stack) }
        return Spec(name: "deep", views: views, parents: (0..<depth).map { $0 - 1 })
    }
}
