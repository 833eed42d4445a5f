import Foundation
import LayoutSpec
import SeededRandom

/// `plumb-bench git [--plumb PATH] [--views N] [--edits N] [--trees DIR] [--keep DIR]`: Plumb beside a spec
/// file kept in git, on the same history (issue 14).
///
/// The spec is the first N views (10,000) of `make_trees.py`'s random tree, one view per line;
/// N edits (200) each change one number of one view, committed in git (write the file +
/// `git commit -a`) and made with `plumb set`, all as processes. Then both read the version
/// from 100 edits ago, print the log, diff two adjacent versions (each by turns with git), do
/// the three again once both are packed, and are measured on disk before and after
/// (`.git` after `git gc`, `.plumb` after `plumb gc` when the build has it). `--keep DIR` works
/// in DIR (emptied first: `DIR/git`, `DIR/plumb`) and leaves both there, to profile commands on,
/// with copies made before gc (`DIR/git-loose`, `DIR/plumb-loose`).
enum GitComparisonBenchmark {
    static let usage = "git [--plumb PATH] [--views N] [--edits N] [--trees DIR] [--keep DIR]"

    static func run(_ arguments: [String]) throws {
        let plumb = StoreBenchmark.value(of: "--plumb", in: arguments) ?? StoreBenchmark.defaultPlumbBinary()
        let viewCount = Int(StoreBenchmark.value(of: "--views", in: arguments) ?? "") ?? 10_000
        let editCount = Int(StoreBenchmark.value(of: "--edits", in: arguments) ?? "") ?? 200
        let kept = StoreBenchmark.value(of: "--keep", in: arguments)
        let folder = kept ?? FileManager.default.temporaryDirectory.appendingPathComponent("plumb-bench-git-\(getpid())").path
        try? FileManager.default.removeItem(atPath: folder)
        defer { if kept == nil { try? FileManager.default.removeItem(atPath: folder) } }
        let gitFolder = folder + "/git", plumbFolder = folder + "/plumb"
        for path in [gitFolder, plumbFolder] { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }

        let trees = try BenchmarkTrees.folder(StoreBenchmark.value(of: "--trees", in: arguments), scratch: folder)
        var lines = try firstViews(of: trees + "/random.json", count: viewCount)
        print("git comparison: the first \(lines.count) views of random.json, one per line; \(editCount) single-property edits (seed 14)")
        try write(lines, to: gitFolder + "/doc.json")
        try write(lines, to: plumbFolder + "/doc.json")

        let gitEnvironment = ["GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "bench", "GIT_AUTHOR_EMAIL": "bench@example.com",
                              "GIT_COMMITTER_NAME": "bench", "GIT_COMMITTER_EMAIL": "bench@example.com", "HOME": folder]
        let plumbEnvironment = ["PLUMB_AUTHOR": "bench", "NO_COLOR": "1"]
        func git(_ arguments: String...) throws -> CommandRun {
            try CommandRun.checked(["git"] + arguments, in: gitFolder, environment: gitEnvironment)
        }
        func plumbRun(_ arguments: String...) throws -> CommandRun {
            try CommandRun.checked([plumb] + arguments, in: plumbFolder, environment: plumbEnvironment)
        }
        _ = try git("init", "-q")
        _ = try git("add", "doc.json")
        _ = try git("commit", "-q", "-m", "First cut")
        _ = try plumbRun("init")
        _ = try plumbRun("apply", "doc.json", "-m", "First cut")

        var generator = SeededGenerator(seed: 14)
        let properties = ["width", "height", "minWidth", "minHeight"]
        var gitEdits: [Double] = [], plumbEdits: [Double] = []
        for round in 0..<editCount {
            let index = 1 + Int(generator.next() % UInt64(lines.count - 1))
            let property = properties[Int(generator.next() % UInt64(properties.count))]
            let value = 1 + Int(generator.next() % 400)
            let id = try edit(&lines[index], property: property, value: value)
            let written = try Timing.seconds { try write(lines, to: gitFolder + "/doc.json") }
            gitEdits.append(written + (try git("commit", "-q", "-a", "-m", "Edit \(round): \(id) \(property)=\(value)")).seconds)
            plumbEdits.append(try plumbRun("set", "doc", id, "\(property)=\(value)").seconds)
        }

        // The goals of issue 35: an edit and a diff at git's time, a read and the log within 2×.
        var table = FigureTable("work", "git", "Plumb", "Plumb / git", "goal")
        func add(_ work: String, _ gitRun: CommandRun, _ plumbRun: CommandRun, goal: String = "≤ 1.0×") {
            table.add(work, FigureTable.ms(gitRun.seconds), FigureTable.ms(plumbRun.seconds), FigureTable.ratio(plumbRun.seconds, gitRun.seconds), goal)
        }
        let gitEdit = median(gitEdits), plumbEdit = median(plumbEdits)
        table.add("one edit (median of \(editCount))", FigureTable.ms(gitEdit), FigureTable.ms(plumbEdit), FigureTable.ratio(plumbEdit, gitEdit), "≤ 1.0×")
        // Each read runs by turns with git's, as a pair, so the machine's drift weighs on both.
        func paired(_ count: Int, _ gitArguments: [String], _ plumbArguments: [String]) throws -> (CommandRun, CommandRun) {
            try CommandRun.pairedMedians(count, (gitArguments, gitFolder, gitEnvironment), ([plumb] + plumbArguments, plumbFolder, plumbEnvironment))
        }
        let back = min(100, editCount)
        let oldGit = ["git", "show", "HEAD~\(back):doc.json"], oldPlumb = ["show", "doc@\(editCount + 1 - back)"]
        let logGit = ["git", "log", "--oneline"], logPlumb = ["log", "doc"]
        let diffGit = ["git", "diff", "HEAD~1", "HEAD"], diffPlumb = ["diff", "doc@\(editCount)", "doc@\(editCount + 1)"]
        let (gitOld, plumbOld) = try paired(7, oldGit, oldPlumb)
        add("read the version from \(back) edits ago (git's loose objects)", gitOld, plumbOld, goal: "≤ 2.0×")
        let (gitLog, plumbLog) = try paired(15, logGit, logPlumb)
        add("the log (loose objects)", gitLog, plumbLog, goal: "≤ 2.0×")
        let (gitDiff, plumbDiff) = try paired(15, diffGit, diffPlumb)
        add("diff of two adjacent versions (loose objects)", gitDiff, plumbDiff)
        // What git's fast loose read costs on disk: a whole compressed blob of each version.
        let looseGit = diskUsage(gitFolder + "/.git"), loosePlumb = diskUsage(plumbFolder + "/.plumb")
        table.add("storage before gc (.git's loose objects / .plumb)", FigureTable.kb(looseGit), FigureTable.kb(loosePlumb),
                  FigureTable.ratio(Double(loosePlumb), Double(looseGit)), "")
        if kept != nil {
            for name in ["git", "plumb"] { try FileManager.default.copyItem(atPath: folder + "/" + name, toPath: folder + "/" + name + "-loose") }
        }
        // One delta-search thread: with several, git packs the same history differently from run
        // to run, and its size and read times vary with the packing.
        _ = try git("-c", "pack.threads=1", "gc", "-q")
        let collected = try CommandRun.run([plumb, "gc"], in: plumbFolder, environment: plumbEnvironment).status == 0
        // The same work once both are packed: git then rebuilds blobs from its pack's deltas, and
        // walks its commits from one pack file, where the loose ones took a file each.
        let after = "after gc (git's pack / .plumb\(collected ? " after gc" : ""))"
        let (gitPacked, plumbPacked) = try paired(7, oldGit, oldPlumb)
        add("the same read \(after)", gitPacked, plumbPacked, goal: "≤ 2.0×")
        let (gitPackedLog, plumbPackedLog) = try paired(15, logGit, logPlumb)
        add("the log \(after)", gitPackedLog, plumbPackedLog, goal: "≤ 2.0×")
        let (gitPackedDiff, plumbPackedDiff) = try paired(15, diffGit, diffPlumb)
        add("the diff \(after)", gitPackedDiff, plumbPackedDiff)
        let gitBytes = diskUsage(gitFolder + "/.git"), plumbBytes = diskUsage(plumbFolder + "/.plumb")
        table.add("storage (.git after gc / .plumb\(collected ? " after gc" : ""))", FigureTable.kb(gitBytes), FigureTable.kb(plumbBytes),
                  FigureTable.ratio(Double(plumbBytes), Double(gitBytes)), "≤ 3×")
        table.print()
    }

    /// The first `count` views of a flat spec, each as one compact JSON line (tree order, so
    /// every parent comes before its children and the prefix is a tree).
    static func firstViews(of path: String, count: Int) throws -> [String] {
        guard let bytes = FileManager.default.contents(atPath: path) else { throw BenchmarkError("cannot read \(path)") }
        guard case .object(let members)? = try? JSONParser.parse(Array(bytes)),
              case .array(let views)? = members.first(where: { $0.key == "views" })?.value else {
            throw BenchmarkError("\(path) is not a flat spec")
        }
        return views.prefix(count).map { JSONWriter.compact($0) }
    }

    /// Sets one number of the view on `line`; returns the view's id.
    static func edit(_ line: inout String, property: String, value: Int) throws -> String {
        guard case .object(var members) = try JSONParser.parse(line),
              case .string(let id)? = members.first(where: { $0.key == "id" })?.value else { throw BenchmarkError("bad view line") }
        if let index = members.firstIndex(where: { $0.key == property }) {
            members[index] = JSONMember(property, .number(Double(value)))
        } else {
            members.append(JSONMember(property, .number(Double(value))))
        }
        line = JSONWriter.compact(.object(members))
        return id
    }

    /// A flat spec named `doc`, one view per line, as people keep specs in git.
    static func write(_ lines: [String], to path: String) throws {
        let text = "{\"plumb\": 1, \"name\": \"doc\", \"views\": [\n" + lines.joined(separator: ",\n") + "\n]}\n"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
}

/// The benchmark trees of `../shared/bench/make_trees.py` (wide, deep, random).
enum BenchmarkTrees {
    /// `given` when set; else the trees written into `scratch/trees` by the shared script.
    static func folder(_ given: String?, scratch: String) throws -> String {
        if let given { return given }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/bench/make_trees.py").path
        guard FileManager.default.fileExists(atPath: script) else {
            throw BenchmarkError("make_trees.py not found at ../shared/bench/make_trees.py; pass --trees DIR")
        }
        let output = scratch + "/trees"
        try CommandRun.checked(["python3", script, output])
        return output
    }
}
