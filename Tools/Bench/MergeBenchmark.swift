import Foundation
import LayoutSpec
import Replication
import SpecStore
import SpecSync
import SeededRandom

/// `plumb-bench merge --baseline PATH [--plumb PATH] [clone] [hashing] [moves]`: the figures of
/// issue 8, each beside a reference timed in the same run.
///
/// - clone: merging a 10,000-view document's changes (with concurrent deletes and edits, so
///   conflicts are classified) into an empty store, as `plumb clone`, for this build and the
///   baseline binary side by side, and the `sqlite3` shell inserting the same rows into a log
///   table and a head table with their keys;
/// - hashing: what computing version ids adds to the apply of a new 10,000-view spec;
/// - moves: a head read after 20,000 concurrent moves on each of two sites, against the head
///   read of the same document without that history.
enum MergeBenchmark {
    static func run(_ arguments: [String]) throws {
        let baseline = StoreBenchmark.value(of: "--baseline", in: arguments)
        let plumb = StoreBenchmark.value(of: "--plumb", in: arguments) ?? StoreBenchmark.defaultPlumbBinary()
        let only = Set(arguments.filter { ["clone", "hashing", "moves"].contains($0) })
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-merge-bench-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        print("merge benchmark (seeds 42, 8, 9)")
        let spec = StoreBenchmark.makeSpec(name: "big", views: 10_000, seed: 42)
        if only.isEmpty || only.contains("clone") {
            guard let baseline else { throw BenchmarkError("clone: pass the baseline binary with --baseline PATH") }
            try cloneFigure(spec: spec, plumb: plumb, baseline: baseline, folder: folder)
        }
        if only.isEmpty || only.contains("hashing") { try hashingFigure(spec: spec, folder: folder) }
        if only.isEmpty || only.contains("moves") { try movesFigure(spec: spec, folder: folder) }
    }

    // MARK: Clone

    /// The same CLI steps with each binary: a store holding the document, a clone of it where
    /// subtrees are deleted while the first store edits inside them and sets the same
    /// properties, synced; then `clone` of that store into an empty one is timed.
    static func cloneFigure(spec: Spec, plumb: String, baseline: String, folder: URL) throws {
        let file = folder.appendingPathComponent("big.json").path
        try SpecCodec.encodeText(spec, shape: .flat).write(toFile: file, atomically: true, encoding: .utf8)
        let subtrees = spec.views.indices.filter { spec.views[$0].kind.isContainer && spec.parents[$0] == 0 }.prefix(3).map { spec.views[$0].id }
        let inside = subtrees.compactMap { id in spec.views.indices.first { spec.parentID(of: $0) == id }.map { spec.views[$0].id } }
        var times: [String: Double] = [:]
        var sizes: [String: Int] = [:]
        for (name, binary) in [("this build", plumb), ("baseline", baseline)] {
            let work = folder.appendingPathComponent(name == "baseline" ? "old" : "new")
            let a = work.appendingPathComponent("a").path, b = work.appendingPathComponent("b").path
            try? FileManager.default.removeItem(at: work)
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            func plumb(_ arguments: [String]) throws { try StoreBenchmark.runProcess(binary, arguments) }
            try plumb(["init", a])
            try plumb(["--store", a, "apply", file])
            try plumb(["clone", a, b])
            try plumb(["--store", b, "rm", "big"] + subtrees)
            for view in inside { try plumb(["--store", a, "set", "big", view, "width=7"]) }
            try plumb(["--store", a, "set", "big", "v1", "height=11"])
            try plumb(["--store", b, "set", "big", "v1", "height=12"])
            try plumb(["--store", b, "sync", a])
            let target = work.appendingPathComponent("c").path
            times[name] = try Timing.median(runs: 3) {
                try? FileManager.default.removeItem(atPath: target)
                try plumb(["clone", b, target])
            }
            // Counted by this build's reader: a store of an older schema shows as 0.
            let cloned = try? Store.open(at: Store.storeFile(inDirectory: target), access: .read)
            sizes[name] = (try? cloned?.payloads(after: VersionVector()).reduce(0) { $0 + $1.changes.count }) ?? 0
        }
        let source = try Store.open(at: Store.storeFile(inDirectory: folder.appendingPathComponent("new/b").path), access: .read)
        let payloads = try source.payloads(after: VersionVector())
        let floor = try sqliteFloor(payloads, folder: folder)
        let changes = payloads.reduce(0) { $0 + $1.changes.count }
        let mine = times["this build"]!, old = times["baseline"]!
        let conflicts = try Store.open(at: Store.storeFile(inDirectory: folder.appendingPathComponent("new/c").path), access: .read)
            .structuralConflicts(of: "big").count
        print("  clone of a 10,000-view document (\(changes) changes, \(payloads.count) versions, \(conflicts) structural conflicts classified) into an empty store, as a process:")
        print("    this build \(Timing.ms(mine)), baseline \(Timing.ms(old)) (\(sizes["baseline"]!) changes): \(String(format: "%.2f", mine / old))× the baseline   target ≤ 1×")
        print("    sqlite3 shell inserting the same rows into a log table and a head table with their keys: \(Timing.ms(floor)); this build \(String(format: "%.1f", mine / floor))× that, the baseline \(String(format: "%.1f", old / floor))×")
    }

    /// The `sqlite3` shell inserting each change into a log table keyed by (site, seq) (`.import`
    /// of the rows as CSV) and the winning value of each key into a head table keyed by
    /// (document, view, property), in one transaction: what SQLite itself needs for these rows.
    static func sqliteFloor(_ payloads: [VersionPayload], folder: URL) throws -> Double {
        var csv = ""
        var sites: [SiteID: Int] = [:]
        func field(_ text: String?) -> String { text.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" } ?? "" }
        for payload in payloads {
            let site = sites[payload.site] ?? sites.count + 1
            sites[payload.site] = site
            for change in payload.changes {
                csv += "\(site),\(change.seq),\(Int64(bitPattern: change.stamp.hlc.rawValue)),1,\(field(change.view)),\(field(change.property.rawValue)),\(field(change.value))\n"
            }
        }
        let rows = folder.appendingPathComponent("floor.csv").path
        try csv.write(toFile: rows, atomically: true, encoding: .utf8)
        let script = """
            CREATE TABLE log (site INTEGER, seq INTEGER, hlc INTEGER, document INTEGER, view TEXT, property TEXT, value TEXT, PRIMARY KEY (site, seq)) WITHOUT ROWID;
            CREATE TABLE head (document INTEGER, view TEXT, property TEXT, value TEXT, hlc INTEGER, site INTEGER, seq INTEGER, PRIMARY KEY (document, view, property)) WITHOUT ROWID;
            BEGIN;
            .mode csv
            .import '\(rows)' log
            INSERT INTO head SELECT document, view, property, value, hlc, site, seq FROM log WHERE true
              ON CONFLICT DO UPDATE SET value = excluded.value, hlc = excluded.hlc, site = excluded.site, seq = excluded.seq WHERE excluded.hlc > head.hlc;
            COMMIT;

            """
        let scriptPath = folder.appendingPathComponent("floor.sql").path
        try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        return try Timing.median(runs: 3) {
            let database = folder.appendingPathComponent("floor.sqlite").path
            try? FileManager.default.removeItem(atPath: database)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
            process.arguments = [database]
            process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: scriptPath))
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw BenchmarkError("sqlite3 exited \(process.terminationStatus)") }
            let count = try Database(path: database, mode: .readOnly).scalar("SELECT count(*) FROM log")?.integer ?? 0
            guard count == Int64(payloads.reduce(0) { $0 + $1.changes.count }) else { throw BenchmarkError("sqlite3 imported \(count) rows") }
        }
    }

    // MARK: Hashing

    /// Apply of the new spec in-process, and the version id of the same content alone.
    static func hashingFigure(spec: Spec, folder: URL) throws {
        var applies: [Double] = []
        var payload: VersionPayload?
        for run in 0..<3 {
            let store = try Store.create(at: folder.appendingPathComponent("hash-\(run).sqlite").path)
            let suffix = FractionalIndex.suffix(for: store.site)
            applies.append(try Timing.seconds {
                _ = try store.commit(document: "big", message: "apply", author: "bench", createIfMissing: true) { head in
                    EditPlanner.edits(toMatch: spec, from: try head.resolved().state, orderSuffix: suffix)
                }
            })
            payload = try store.payloads(after: VersionVector()).first
        }
        let apply = applies.sorted()[1]
        let made = try payload.orThrow("apply made no version")
        // The same content with its id as received: `contentID` hashes it all again.
        let content = VersionPayload(version: made.version, site: made.site, firstSeq: made.firstSeq, lastSeq: made.lastSeq, hlc: made.hlc,
                                     base: made.base, changes: made.changes, claimedID: made.id)
        let hash = Timing.median(runs: 5) { precondition(content.contentID == made.id) }
        print("  apply of a new 10,000-view spec (\(content.changes.count) changes), in-process: \(Timing.ms(apply)) with version-id hashing, \(Timing.ms(apply - hash)) without (hashing \(Timing.ms(hash))): +\(String(format: "%.1f", hash / (apply - hash) * 100)) %   target ≤ 10 %")
    }

    // MARK: Moves

    /// 20,000 concurrent moves on each of two stores, merged; the head read against the same
    /// document applied fresh (no history).
    static func movesFigure(spec: Spec, folder: URL) throws {
        let a = try Store.create(at: folder.appendingPathComponent("moves-a.sqlite").path)
        try SyncBenchmark.apply(spec, to: a)
        let b = try Store.create(at: folder.appendingPathComponent("moves-b.sqlite").path)
        _ = try StoreSync.clone(from: a, into: b)
        let moves = Int(ProcessInfo.processInfo.environment["PLUMB_BENCH_MOVES"] ?? "") ?? 20_000
        try SyncBenchmark.move(a, spec: spec, count: moves, seed: 8)
        try SyncBenchmark.move(b, spec: spec, count: moves, seed: 9)
        let report = try StoreSync.sync(local: a, remote: b)
        let head = try a.head(of: "big")
        let withHistory = try Timing.median(runs: 5) { _ = try read(a, head) }
        let shown = try read(a, head)
        let fresh = try Store.create(at: folder.appendingPathComponent("moves-fresh.sqlite").path)
        try SyncBenchmark.apply(shown.spec, to: fresh)
        let freshHead = try fresh.head(of: "big")
        let without = try Timing.median(runs: 5) { _ = try read(fresh, freshHead) }
        let skipped = try a.structuralConflicts(of: "big").filter { $0.kind == .moveSkipped }.count
        print("  head read of the 10,000-view document after \(moves) concurrent moves on each of two sites (\(report.received.versions) versions merged, \(skipped) moves skipped):")
        print("    \(Timing.ms(withHistory)) with that history, \(Timing.ms(without)) for the same document without it: \(String(format: "%.2f", withHistory / without))×   target ≤ 2×")
        guard SpecCodec.encodeText(shown.spec) == SpecCodec.encodeText(try read(fresh, freshHead).spec) else {
            throw BenchmarkError("moves: the fresh store does not hold the same document")
        }
    }

    /// A head read as `show` does it: the resolved state, the spec.
    static func read(_ store: Store, _ version: VersionRecord) throws -> Materializer.Result {
        try Materializer.spec(named: version.document, from: try store.state(of: version))
    }
}

extension Optional {
    func orThrow(_ message: String) throws -> Wrapped {
        guard let self else { throw BenchmarkError(message) }
        return self
    }
}
