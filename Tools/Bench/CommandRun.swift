import Foundation

/// One command run as a process, as a user would run it: wall time and peak memory, with its
/// standard output sent to a file or thrown away.
struct CommandRun {
    /// Seconds from spawn to exit.
    let seconds: Double
    /// The child's peak resident memory, in megabytes (`ru_maxrss` from `wait4`).
    let peakMB: Double
    let status: Int32

    /// Runs `arguments[0]` (a path, or a name looked up on `PATH`) with the rest as arguments,
    /// in `directory`, stdout to `output` (nil: /dev/null), stderr to /dev/null unless `showErrors`.
    static func run(_ arguments: [String], in directory: String? = nil, output: String? = nil,
                    environment: [String: String] = [:], showErrors: Bool = false) throws -> CommandRun {
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        if !showErrors { posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        let environmentLines = merged.map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        // The child inherits the working directory (the benchmark runs one command at a time).
        let previous = FileManager.default.currentDirectoryPath
        if let directory { guard chdir(directory) == 0 else { throw BenchmarkError("cannot enter \(directory)") } }
        defer { if directory != nil { _ = chdir(previous) } }
        let start = DispatchTime.now().uptimeNanoseconds
        let code = withCStrings(arguments) { argv in
            withCStrings(environmentLines) { envp in posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp) }
        }
        guard code == 0 else { throw BenchmarkError("cannot start \(arguments[0]): \(String(cString: strerror(code)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return CommandRun(seconds: seconds, peakMB: Double(usage.ru_maxrss) / 1024, status: exit)
    }

    /// `run`, failing unless the command exits 0.
    @discardableResult
    static func checked(_ arguments: [String], in directory: String? = nil, output: String? = nil,
                        environment: [String: String] = [:]) throws -> CommandRun {
        let result = try run(arguments, in: directory, output: output, environment: environment, showErrors: true)
        guard result.status == 0 else { throw BenchmarkError("\(arguments.joined(separator: " ")) exited \(result.status)") }
        return result
    }

    /// The median runs of two commands run by turns (one unmeasured warm-up each first), so a
    /// change of the machine's speed during the runs weighs on both alike; which goes first
    /// alternates too, so neither always runs right after the other.
    static func pairedMedians(_ count: Int, _ first: (arguments: [String], directory: String, environment: [String: String]),
                              _ second: (arguments: [String], directory: String, environment: [String: String])) throws -> (CommandRun, CommandRun) {
        var firstRuns: [CommandRun] = [], secondRuns: [CommandRun] = []
        for round in 0...max(1, count) {
            let runFirst = { try checked(first.arguments, in: first.directory, environment: first.environment) }
            let runSecond = { try checked(second.arguments, in: second.directory, environment: second.environment) }
            let a: CommandRun, b: CommandRun
            if round % 2 == 0 {
                a = try runFirst()
                b = try runSecond()
            } else {
                b = try runSecond()
                a = try runFirst()
            }
            if round > 0 { firstRuns.append(a); secondRuns.append(b) }
        }
        let middle = { (runs: [CommandRun]) in runs.sorted { $0.seconds < $1.seconds }[runs.count / 2] }
        return (middle(firstRuns), middle(secondRuns))
    }

    private static func withCStrings<T>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> T) -> T {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        return body(pointers)
    }
}

/// Figures printed as a table: each row a measured time beside its same-run reference.
struct FigureTable {
    private var rows: [[String]] = []
    let header: [String]

    init(_ header: String...) { self.header = header }
    init(_ header: [String]) { self.header = header }

    mutating func add(_ cells: String...) { rows.append(cells) }
    mutating func add(row cells: [String]) { rows.append(cells) }

    func print() {
        let all = [header] + rows
        let widths = (0..<header.count).map { column in all.map { $0.count > column ? $0[column].count : 0 }.max() ?? 0 }
        for (index, row) in all.enumerated() {
            let cells = row.enumerated().map { column, cell in
                column == 0 ? cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                            : String(repeating: " ", count: widths[column] - cell.count) + cell
            }
            Swift.print("  " + cells.joined(separator: "  "))
            if index == 0 { Swift.print("  " + widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")) }
        }
    }

    static func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }
    static func ratio(_ value: Double, _ reference: Double) -> String { String(format: "%.2f×", value / reference) }
    static func kb(_ bytes: Int) -> String { String(format: "%.0f KB", Double(bytes) / 1024) }
    static func mb(_ megabytes: Double) -> String { String(format: "%.0f MB", megabytes) }
}

/// Bytes under a file or folder (files only, as `du --apparent-size` counts them).
func diskUsage(_ path: String) -> Int {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return 0 }
    guard isDirectory.boolValue else { return (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0 }
    var total = 0
    let enumerator = FileManager.default.enumerator(atPath: path)
    while let item = enumerator?.nextObject() as? String {
        let full = (path as NSString).appendingPathComponent(item)
        var inner: ObjCBool = false
        if FileManager.default.fileExists(atPath: full, isDirectory: &inner), !inner.boolValue {
            total += (try? FileManager.default.attributesOfItem(atPath: full)[.size] as? Int) ?? 0
        }
    }
    return total
}
