import Foundation
import LayoutSpec
import SpecSync

/// `plumb-bench deep-chain [--views N] [--plumb PATH]`: issue 39's figure for deep trees.
///
/// Builds one chain of N views (default 100,000), each the only child of the one before, in the
/// flat shape, then, in the same run, times as processes with their peak memory:
/// - `plumb apply` of it into a new store;
/// - `plumb sync` of that store into another new store;
/// - `plumb bundle apply` of a bundle of it into a third;
/// - the floor: the `sqlite3` shell inserting the rows `apply` writes (as `flat-apply` does);
/// and prints each time beside the floor, with the ratio (goal ≤ 2.5×).
enum DeepChainBenchmark {
    static let usage = "deep-chain [--views N] [--plumb PATH]"

    static func run(_ arguments: [String]) throws {
        let count = StoreBenchmark.value(of: "--views", in: arguments).flatMap { Int($0) } ?? 100_000
        let plumb = StoreBenchmark.value(of: "--plumb", in: arguments) ?? StoreBenchmark.defaultPlumbBinary()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-bench-chain-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let spec = Spec(name: "chain", views: (0..<count).map { View(id: "v\($0)", kind: .view) }, parents: [-1] + Array(0..<(count - 1)))
        let specPath = folder.appendingPathComponent("chain.json").path
        try SpecCodec.encodeText(spec, shape: .flat).write(toFile: specPath, atomically: true, encoding: .utf8)
        print("deep chain: \(count) views, each the only child of the one before")

        let edits = EditPlanner.edits(toMatch: spec, from: DocumentState(), orderSuffix: "bnch")
        let sqlPath = folder.appendingPathComponent("floor.sql").path
        try FlatApplyBenchmark.floorSQL(edits, folder: folder.path).write(toFile: sqlPath, atomically: true, encoding: .utf8)
        let floor = try ChildProcess.run("/usr/bin/sqlite3", [folder.appendingPathComponent("floor.sqlite").path], stdin: sqlPath)
        guard try FlatApplyBenchmark.rowCount(folder.appendingPathComponent("floor.sqlite").path) == 2 * edits.count else {
            throw BenchmarkError("the sqlite3 shell imported the wrong number of rows: the floor is wrong")
        }

        func store(_ name: String) throws -> String {
            try ChildProcess.run(plumb, ["init", folder.appendingPathComponent(name).path])
            return folder.appendingPathComponent("\(name)/.plumb/store.sqlite").path
        }
        let source = try store("source")
        let apply = try ChildProcess.run(plumb, ["--store", source, "apply", specPath, "-m", "chain"])
        let synced = try store("synced")
        let sync = try ChildProcess.run(plumb, ["--store", synced, "sync", source])
        let bundle = folder.appendingPathComponent("chain.plumb").path
        try ChildProcess.run(plumb, ["--store", source, "bundle", "create", "-o", bundle])
        let bundled = try store("bundled")
        let bundleApply = try ChildProcess.run(plumb, ["--store", bundled, "bundle", "apply", bundle])

        print(String(format: "  sqlite3 shell, same %d rows: %8.2f s   peak %5.0f MB", edits.count, floor.seconds, floor.peakMB))
        for (name, result) in [("apply", apply), ("sync", sync), ("bundle apply", bundleApply)] {
            print(String(format: "  %-13@ %8.2f s   peak %5.0f MB   %5.2f× the shell   (goal ≤ 2.5×)",
                         name as NSString, result.seconds, result.peakMB, result.seconds / floor.seconds))
        }
    }
}
