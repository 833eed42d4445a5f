import Foundation

/// `plumb-bench big [--plumb PATH] [--baseline PATH] [--trees DIR | --views N [--depth D]]
/// [--history N] [--keep DIR]`: the commands of issue 12 on the 100,000-view `random.json` (or, with
/// `--views`, the same kind of random tree of N views and depth ≤ D, 12 by default, written by
/// `RandomTreeGenerator`: issue 38's 1,000,000-view document), each as a process, beside what
/// SQLite itself needs for the same rows, measured in the same run:
///
/// - the insert floor: the `sqlite3` shell inserting one row per (view, property) of the spec,
///   with its JSON value, into a log table keyed (site, seq) and a head table keyed
///   (view, property), in one transaction;
/// - the scan floor: the `sqlite3` shell reading the head rows back.
///
/// The reads (resolve, show) run five times each, every run followed by a run of the scan
/// floor, and their ratio is of the two medians: on a machine whose speed drifts by the minute,
/// a read and its floor are then measured under the same conditions.
///
/// With `--baseline`, another build (the release before this work) runs the same commands in
/// its own store, side by side.
///
/// `--keep DIR` works in DIR and leaves it (the spec, the stores) for profiling one command.
///
/// Memory is checked per view: each whole-document command's peak less the peak of `set` (a
/// command that holds one view: the binary, SQLite's cache) over the number of views, in bytes,
/// against the goal's peak spread the same way; a command over its goal is named.
enum BigDocumentBenchmark {
    static let usage = "big [--plumb PATH] [--baseline PATH] [--trees DIR | --views N [--depth D]] [--history N] [--keep DIR]"

    struct Column {
        let name: String
        let binary: String
    }

    static func run(_ arguments: [String]) throws {
        let plumb = StoreBenchmark.value(of: "--plumb", in: arguments) ?? StoreBenchmark.defaultPlumbBinary()
        let history = Int(StoreBenchmark.value(of: "--history", in: arguments) ?? "") ?? 1_000
        let kept = StoreBenchmark.value(of: "--keep", in: arguments)
        let folder = kept ?? FileManager.default.temporaryDirectory.appendingPathComponent("plumb-bench-big-\(getpid())").path
        if kept == nil { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { if kept == nil { try? FileManager.default.removeItem(atPath: folder) } }
        let spec: String
        let views = StoreBenchmark.value(of: "--views", in: arguments).flatMap(Int.init) ?? 100_000
        if let views = StoreBenchmark.value(of: "--views", in: arguments).flatMap(Int.init), views > 1 {
            let depth = StoreBenchmark.value(of: "--depth", in: arguments).flatMap(Int.init) ?? 12
            spec = folder + "/random.json"
            try RandomTreeGenerator.write(views: views, depth: max(depth, 1), seed: 12_345, name: "random", to: spec)
            print("random.json: \(views) views, depth ≤ \(depth) (RandomTreeGenerator, seed 12345)")
        } else {
            spec = try BenchmarkTrees.folder(StoreBenchmark.value(of: "--trees", in: arguments), scratch: folder) + "/random.json"
        }

        var columns = [Column(name: "Plumb", binary: plumb)]
        if let baseline = StoreBenchmark.value(of: "--baseline", in: arguments) { columns.append(Column(name: "baseline", binary: baseline)) }
        let scanDatabase = try SQLiteFloors.prepare(spec: spec, scratch: folder + "/scan-floor")
        var results: [[Figure]] = []
        for column in columns {
            results.append(try measure(column.binary, spec: spec, folder: folder + "/" + column.name, history: history, views: views,
                                       goals: views >= 1_000_000 ? .million : .hundredThousand, scanFloor: { try SQLiteFloors.scan(scanDatabase) }))
        }
        // Measured after the commands: a child's peak memory starts from this process's own.
        let floors = try SQLiteFloors.measure(spec: spec, scratch: folder)
        print("big documents: random.json, \(floors.rows) (view, property) rows")
        print("  insert floor (sqlite3 shell, log + head tables): \(FigureTable.ms(floors.insert))")
        print("  scan floor (sqlite3 shell, head rows):           \(FigureTable.ms(floors.scan))")
        print("  reads: median of \(pairedRuns) runs, each beside a run of the scan floor; × floor is to that floor's median")
        var table = FigureTable(["command"] + columns.flatMap { ["\($0.name)", "memory", "× floor"] } + ["goal"])
        for (row, figure) in results[0].enumerated() {
            var cells = [figure.name]
            for column in results.indices {
                let other = results[column][row]
                cells += [FigureTable.ms(other.seconds), FigureTable.mb(other.peakMB),
                          other.floor.map { FigureTable.ratio(other.seconds, other.floorSeconds ?? ($0 == .insert ? floors.insert : floors.scan)) } ?? ""]
            }
            table.add(row: cells + [figure.goal])
        }
        table.print()
        for column in results.indices {
            print(memoryCheck(results[column], views: views, name: columns[column].name))
        }
    }

    /// One line: each whole-document command's memory per view (its peak less `set`'s, over
    /// `views`), and those over their memory goal.
    static func memoryCheck(_ figures: [Figure], views: Int, name: String) -> String {
        let base = figures.first { $0.name.hasPrefix("set ") }?.peakMB ?? 0
        var costs: [String] = [], over: [String] = []
        for figure in figures {
            guard let goal = figure.memoryGoalMB else { continue }
            let perView = (figure.peakMB - base) * 1_000_000 / Double(max(views, 1))
            let budget = (goal - base) * 1_000_000 / Double(max(views, 1))
            costs.append("\(figure.name.split(separator: " ").prefix(2).joined(separator: " ")) \(String(format: "%.0f", perView)) B")
            if figure.peakMB > goal { over.append("\(figure.name) (\(FigureTable.mb(figure.peakMB)) > \(FigureTable.mb(goal)), \(String(format: "%.0f", budget)) B/view)") }
        }
        return "  \(name) memory per view (peak − set's \(FigureTable.mb(base))) / \(views): " + costs.joined(separator: ", ")
            + (over.isEmpty ? "; every memory goal met" : "; over the memory goal: " + over.joined(separator: "; "))
    }

    enum Floor { case insert, scan }

    /// The goals a size is held to: issue 35's at 100,000 views, issue 38's at 1,000,000.
    struct Goals {
        let apply, resolve, show, copy: String
        /// Peak memory goals in MB, `nil` where there is none.
        let applyMB, resolveMB, showMB, copyMB: Double?
        static let hundredThousand = Goals(apply: "≤ 2.5× insert", resolve: "≤ 3.5× scan, ≤ 200 MB", show: "≤ 3.5× scan",
                                           copy: "≤ 2.5× insert, ≤ 250 MB", applyMB: nil, resolveMB: 200, showMB: nil, copyMB: 250)
        static let million = Goals(apply: "≤ 2.5× insert, ≤ 1 GB", resolve: "≤ 3.5× scan, ≤ 1 GB", show: "≤ 3.5× scan, ≤ 1 GB",
                                   copy: "≤ 2.5× insert, ≤ 1 GB", applyMB: 1_000, resolveMB: 1_000, showMB: 1_000, copyMB: 1_000)
    }

    struct Figure {
        let name: String
        let seconds: Double
        let peakMB: Double
        let floor: Floor?
        let goal: String
        /// The floor measured beside this figure's runs, when it was.
        var floorSeconds: Double?
        /// The peak memory goal, when there is one.
        var memoryGoalMB: Double?
    }

    /// How many times each read runs beside the scan floor.
    static let pairedRuns = 5

    /// The median of `pairedRuns` runs of a read (after one warm-up), each followed by a run of
    /// the scan floor, and the median of those floor runs.
    static func paired(_ arguments: [String], in folder: String, environment: [String: String],
                       scanFloor: () throws -> Double) throws -> (run: CommandRun, floor: Double) {
        try CommandRun.checked(arguments, in: folder, environment: environment)
        var runs: [CommandRun] = [], floors: [Double] = []
        for _ in 0..<pairedRuns {
            runs.append(try CommandRun.checked(arguments, in: folder, environment: environment))
            floors.append(try scanFloor())
        }
        return (runs.sorted { $0.seconds < $1.seconds }[pairedRuns / 2], floors.sorted()[pairedRuns / 2])
    }

    /// Every command of the table, in a fresh store under `folder`.
    static func measure(_ plumb: String, spec: String, folder: String, history: Int, views: Int, goals: Goals,
                        scanFloor: () throws -> Double) throws -> [Figure] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let environment = ["PLUMB_AUTHOR": "bench", "NO_COLOR": "1"]
        func timed(_ arguments: String..., output: String? = nil) throws -> CommandRun {
            try CommandRun.checked([plumb] + arguments, in: folder, output: output, environment: environment)
        }
        var figures: [Figure] = []
        try timed("init")
        let apply = try timed("apply", spec, "-m", "random")
        figures.append(Figure(name: "apply random.json (new)", seconds: apply.seconds, peakMB: apply.peakMB, floor: .insert, goal: goals.apply,
                              memoryGoalMB: goals.applyMB))
        // Each run sets another width, so each makes a version (the same value again is a
        // no-op); one unmeasured run first.
        try timed("set", "random", "n500", "width=69")
        var sets: [CommandRun] = []
        for round in 0..<9 { sets.append(try timed("set", "random", "n500", "width=\(70 + round)")) }
        let set = sets.sorted { $0.seconds < $1.seconds }[sets.count / 2]
        figures.append(Figure(name: "set random n500 width=… (median)", seconds: set.seconds, peakMB: set.peakMB, floor: nil, goal: "≤ 12 ms"))
        func read(_ name: String, _ arguments: String..., goal: String, memoryGoalMB: Double?) throws {
            let (run, floor) = try paired([plumb] + arguments, in: folder, environment: environment, scanFloor: scanFloor)
            figures.append(Figure(name: name, seconds: run.seconds, peakMB: run.peakMB, floor: .scan, goal: goal, floorSeconds: floor,
                                  memoryGoalMB: memoryGoalMB))
        }
        try read("resolve → JSON file", "resolve", "random", "--size", "1920x1080", "--format", "json", "-o", folder + "/r.json",
                 goal: goals.resolve, memoryGoalMB: goals.resolveMB)
        try read("show random", "show", "random", goal: goals.show, memoryGoalMB: goals.showMB)
        try read("show random@1", "show", "random@1", goal: goals.show, memoryGoalMB: goals.showMB)
        let adjacent = try timed("diff", "random@head~1", "head")
        figures.append(Figure(name: "diff of adjacent versions", seconds: adjacent.seconds, peakMB: adjacent.peakMB, floor: nil, goal: "≤ 50 ms"))
        let first = try timed("diff", "random@1", "head")
        figures.append(Figure(name: "diff random@1 head", seconds: first.seconds, peakMB: first.peakMB, floor: nil, goal: ""))
        let bundle = try timed("bundle", "create", "random", "-o", folder + "/random.bundle")
        figures.append(Figure(name: "bundle create random", seconds: bundle.seconds, peakMB: bundle.peakMB, floor: nil, goal: ""))
        let clone = try timed("clone", folder + "/.plumb/store.sqlite", folder + "/cloned")
        figures.append(Figure(name: "clone into an empty store", seconds: clone.seconds, peakMB: clone.peakMB, floor: .insert, goal: goals.copy,
                              memoryGoalMB: goals.copyMB))
        try FileManager.default.createDirectory(atPath: folder + "/synced", withIntermediateDirectories: true)
        try CommandRun.checked([plumb, "init"], in: folder + "/synced", environment: environment)
        let sync = try CommandRun.checked([plumb, "sync", folder + "/.plumb/store.sqlite"], in: folder + "/synced", environment: environment)
        figures.append(Figure(name: "sync into an empty store", seconds: sync.seconds, peakMB: sync.peakMB, floor: .insert, goal: goals.copy,
                              memoryGoalMB: goals.copyMB))
        if history > 0 {
            let mark = try versionCount(plumb, folder: folder, environment: environment)
            for round in 0..<history {
                _ = try timed("set", "random", "n\(1 + (round * 7919) % (views - 1))", "minWidth=\(round % 50)")
            }
            let across = try timed("diff", "random@\(mark)", "head")
            figures.append(Figure(name: "diff across \(history) versions", seconds: across.seconds, peakMB: across.peakMB, floor: nil, goal: "≤ 0.3 s"))
        }
        return figures
    }

    /// The document's number of versions (its head's local number).
    static func versionCount(_ plumb: String, folder: String, environment: [String: String]) throws -> Int {
        let output = folder + "/log.txt"
        try CommandRun.checked([plumb, "log", "random"], in: folder, output: output, environment: environment)
        let first = (try String(contentsOfFile: output, encoding: .utf8)).split(separator: "\n").first ?? ""
        guard let number = Int(first.split(separator: " ").first ?? "") else { throw BenchmarkError("cannot read the log") }
        return number
    }
}

/// What SQLite itself needs for a spec's rows, measured with the `sqlite3` shell: one row per
/// (view, property) of the spec file (every key of every view but `id`, with its JSON value),
/// inserted by one statement each into a log table keyed (site, seq) and a head table keyed
/// (view, property), in one transaction; then the head rows read back.
enum SQLiteFloors {
    struct Result {
        let rows: Int
        /// Seconds to insert the rows into a log table and a head table, in one transaction.
        let insert: Double
        /// Seconds to read the head rows back.
        let scan: Double
    }

    /// A database of the floor's rows under `scratch`, for `scan`.
    static func prepare(spec path: String, scratch: String) throws -> String {
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let scriptPath = scratch + "/floor.sql", database = scratch + "/floor.sqlite"
        try insertScript(spec: path).write(toFile: scriptPath, atomically: false, encoding: .utf8)
        try CommandRun.checked(["sqlite3", database, ".read \(scriptPath)"])
        return database
    }

    /// Seconds the `sqlite3` shell takes to read the head rows of `database` back.
    static func scan(_ database: String) throws -> Double {
        try CommandRun.checked(["sqlite3", database, "SELECT view, property, value FROM head"]).seconds
    }

    /// The script that inserts the spec's rows into the log and head tables.
    static func insertScript(spec path: String) -> String {
        let file = path.replacingOccurrences(of: "'", with: "''")
        return """
            PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;
            CREATE TABLE log (site INTEGER, seq INTEGER, view TEXT, property TEXT, value TEXT,
                              PRIMARY KEY (site, seq)) WITHOUT ROWID;
            CREATE TABLE head (view TEXT, property TEXT, value TEXT, site INTEGER, seq INTEGER,
                               PRIMARY KEY (view, property)) WITHOUT ROWID;
            BEGIN;
            INSERT INTO log SELECT 1, row_number() OVER (), v.value ->> 'id', p.key, coalesce(json_quote(p.atom), p.value)
              FROM json_each(readfile('\(file)'), '$.views') v, json_each(v.value) p WHERE p.key <> 'id';
            INSERT INTO head SELECT view, property, value, site, seq FROM log;
            COMMIT;

            """
    }

    static func measure(spec path: String, scratch: String) throws -> Result {
        let scriptPath = scratch + "/floor.sql", database = scratch + "/floor.sqlite", count = scratch + "/floor-count.txt"
        try insertScript(spec: path).write(toFile: scriptPath, atomically: false, encoding: .utf8)
        var inserts: [Double] = [], scans: [Double] = []
        for _ in 0..<3 {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database + suffix) }
            inserts.append(try CommandRun.checked(["sqlite3", database, ".read \(scriptPath)"]).seconds)
            scans.append(try scan(database))
        }
        try CommandRun.checked(["sqlite3", database, "SELECT count(*) FROM head"], output: count)
        let rows = Int((try String(contentsOfFile: count, encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        return Result(rows: rows, insert: inserts.sorted()[1], scan: scans.sorted()[1])
    }
}
