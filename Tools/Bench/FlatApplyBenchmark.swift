import Foundation
import LayoutSpec
import SpecSync

/// `plumb-bench flat-apply [--views N] [--plumb PATH] [--baseline PLUMB]`: issue 11's figure.
///
/// Builds a flat spec of N views (default 200,000) all under one parent, then, in the same
/// run:
/// - times `plumb apply` of it into a new store, as a process, with its peak memory;
/// - times the floor: the `sqlite3` shell inserting the same rows (one per view and
///   property, as `apply` writes them) into a log table and a head table shaped like the
///   store's, in one transaction, also a process; the rows come from CSV files through
///   `.import`, the shell's fastest way in (one prepared statement for every row, where an
///   `INSERT` per row spends most of its time compiling SQL);
/// - prints the ratio, the store's size and the longest order key, and whether `plumb clone`
///   of the store succeeds (its time beside).
/// With `--baseline PLUMB`, the round's starting binary applies the same spec too.
enum FlatApplyBenchmark {
    static let usage = "flat-apply [--views N] [--plumb PATH] [--baseline PLUMB]"

    static func run(_ arguments: [String]) throws {
        let count = StoreBenchmark.value(of: "--views", in: arguments).flatMap { Int($0) } ?? 200_000
        let plumb = StoreBenchmark.value(of: "--plumb", in: arguments) ?? StoreBenchmark.defaultPlumbBinary()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-bench-flat-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let spec = flatSpec(views: count)
        let specPath = folder.appendingPathComponent("flat.json").path
        try SpecCodec.encodeText(spec, shape: .flat).write(toFile: specPath, atomically: true, encoding: .utf8)
        let specBytes = try FileManager.default.attributesOfItem(atPath: specPath)[.size] as? Int ?? 0
        print("flat apply: \(count) views under one parent, spec \(megabytes(specBytes))")

        // The rows `apply` writes, for the sqlite3 shell to insert.
        let edits = EditPlanner.edits(toMatch: spec, from: DocumentState(), orderSuffix: "bnch")
        let sqlPath = folder.appendingPathComponent("floor.sql").path
        try floorSQL(edits, folder: folder.path).write(toFile: sqlPath, atomically: true, encoding: .utf8)

        try ChildProcess.run(plumb, ["init", folder.appendingPathComponent("new").path])
        let store = folder.appendingPathComponent("new/.plumb/store.sqlite").path
        let apply = try ChildProcess.run(plumb, ["--store", store, "apply", specPath, "-m", "flat"])
        let floor = try ChildProcess.run("/usr/bin/sqlite3", [folder.appendingPathComponent("floor.sqlite").path], stdin: sqlPath)
        let floorRows = try rowCount(folder.appendingPathComponent("floor.sqlite").path)
        guard floorRows == 2 * edits.count else {
            throw BenchmarkError("the sqlite3 shell imported \(floorRows) rows, not \(2 * edits.count): the floor is wrong")
        }
        let storeBytes = try storeSize(store)

        print(String(format: "  plumb apply (process):        %8.2f s   peak %5.0f MB", apply.seconds, apply.peakMB))
        print(String(format: "  sqlite3 shell, same %d rows: %8.2f s   peak %5.0f MB", edits.count, floor.seconds, floor.peakMB))
        print(String(format: "  ratio apply / sqlite3:         %8.2f×   (goal ≤ 2.5×)", apply.seconds / floor.seconds))
        print("  store: \(megabytes(storeBytes))   (goal ≤ 60 MB; spec \(megabytes(specBytes)))")
        print(String(format: "  peak memory of apply: %.0f MB   (goal ≤ 400 MB)", apply.peakMB))
        let longest = edits.filter { $0.property == .order }.compactMap { $0.value.flatMap(ValueText.decode)?.string?.utf8.count }.max() ?? 0
        print("  longest order key: \(longest) digits")

        let clonePath = folder.appendingPathComponent("clone").path
        do {
            let clone = try ChildProcess.run(plumb, ["clone", store, clonePath])
            print(String(format: "  clone: succeeded in %.2f s, peak %.0f MB", clone.seconds, clone.peakMB))
        } catch {
            print("  clone: FAILED: \(error)")
        }

        if let baseline = StoreBenchmark.value(of: "--baseline", in: arguments) {
            try ChildProcess.run(baseline, ["init", folder.appendingPathComponent("old").path])
            let old = folder.appendingPathComponent("old/.plumb/store.sqlite").path
            let then = try ChildProcess.run(baseline, ["--store", old, "apply", specPath, "-m", "flat"])
            print(String(format: "  baseline apply: %.2f s, peak %.0f MB, store %@ (this build: %.2f× its time)",
                         then.seconds, then.peakMB, megabytes(try storeSize(old)), apply.seconds / then.seconds))
        }
    }

    /// N views under one stack: each with an id and its parent, as a 7 MB flat file would.
    static func flatSpec(views count: Int) -> Spec {
        var views = [View(id: "root", kind: .stack)]
        views.reserveCapacity(count + 1)
        for index in 0..<count { views.append(View(id: "v\(index)", kind: .view)) }
        return Spec(name: "flat", views: views, parents: [-1] + [Int](repeating: 0, count: count))
    }

    /// The floor, as a script for the shell: the store's change and head tables and pragmas,
    /// one transaction, one row per (view, property) in each, imported from CSV files it writes
    /// into `folder`.
    static func floorSQL(_ edits: EditList, folder: String) throws -> String {
        var log = "", head = ""
        log.reserveCapacity(edits.count * 60)
        head.reserveCapacity(edits.count * 60)
        for (offset, edit) in edits.enumerated() {
            // A missing value is an empty field: the same work for the shell as a NULL.
            let value = edit.value.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" } ?? ""
            log += "1,\(offset + 1),1,1,\(edit.view),\(edit.property.rawValue),\(value)\n"
            head += "1,\(edit.view),\(edit.property.rawValue),\(value),1,1,\(offset + 1)\n"
        }
        try log.write(toFile: folder + "/log.csv", atomically: true, encoding: .utf8)
        try head.write(toFile: folder + "/head.csv", atomically: true, encoding: .utf8)
        return """
            PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA cache_size = -65536;
            CREATE TABLE log (site INTEGER NOT NULL, seq INTEGER NOT NULL, hlc INTEGER NOT NULL, document INTEGER NOT NULL,
              view TEXT NOT NULL, property TEXT NOT NULL, value TEXT, PRIMARY KEY (site, seq)) WITHOUT ROWID;
            CREATE TABLE head (document INTEGER NOT NULL, view TEXT NOT NULL, property TEXT NOT NULL, value TEXT,
              hlc INTEGER NOT NULL, site INTEGER NOT NULL, seq INTEGER NOT NULL, PRIMARY KEY (document, view, property)) WITHOUT ROWID;
            BEGIN;
            .import --csv \(folder)/log.csv log
            .import --csv \(folder)/head.csv head
            COMMIT;

            """
    }

    /// The rows of the floor's two tables, asked of the shell.
    static func rowCount(_ database: String) throws -> Int {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        shell.arguments = [database, "SELECT (SELECT count(*) FROM log) + (SELECT count(*) FROM head)"]
        let output = Pipe()
        shell.standardOutput = output
        try shell.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        shell.waitUntilExit()
        return Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    static func storeSize(_ path: String) throws -> Int {
        [path, path + "-wal"].reduce(0) { total, file in
            total + ((try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0)
        }
    }

    static func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }
}

/// A child process timed, with its own peak memory (from `wait4`, not the benchmark's).
enum ChildProcess {
    struct Result {
        let seconds: Double
        let peakMB: Double
    }

    @discardableResult
    static func run(_ path: String, _ arguments: [String], stdin: String? = nil) throws -> Result {
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw BenchmarkError("cannot start \(path): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        guard status == 0 else { throw BenchmarkError("\(path) \(arguments.joined(separator: " ")) exited with status \(status)") }
        return Result(seconds: seconds, peakMB: Double(usage.ru_maxrss) / 1024)
    }
}
