// plumb-bench: figures for the issues, measured on purpose (not a test).
//     swift run -c release plumb-bench SUBCOMMAND …
// Each subcommand lives in its own file; add it to `subcommands` below.
import Foundation

/// A benchmark subcommand: takes its arguments, returns the exit code.
typealias Subcommand = (_ arguments: [String]) -> Int32

let subcommands: [String: (usage: String, run: Subcommand)] = [
    "layout": (LayoutBenchmark.usage, LayoutBenchmark.run),
    "make-mixed": (MixedTreeGenerator.usage, MixedTreeGenerator.run),
    "store": ("store", { run(StoreBenchmark.run, $0) }),
    "sync": ("sync [merge] [moves] [history]", { run(SyncBenchmark.run, $0) }),
    "hub": ("hub [URL] [--baseline PLUMB]", { run(HubBenchmark.run, $0) }),
    "hub-load": (HubLoadBenchmark.usage, { run(HubLoadBenchmark.run, $0) }),
    "hub-failover": (HubFailoverBenchmark.usage, { run(HubFailoverBenchmark.run, $0) }),
    "hub-scale": (HubScaleBenchmark.usage, { run(HubScaleBenchmark.run, $0) }),
    "hub-rows": (HubRowsBenchmark.usage, { run(HubRowsBenchmark.run, $0) }),
    "hub-load-worker": ("hub-load-worker STORE URL SECONDS SEED OUT VIEWS (started by hub-load)", { run(HubLoadBenchmark.worker, $0) }),
    "studio": (StudioBenchmark.usage, { run(StudioBenchmark.run, $0) }),
    "text": (TextBenchmark.usage, { run(TextBenchmark.run, $0) }),
    "flat-apply": (FlatApplyBenchmark.usage, { run(FlatApplyBenchmark.run, $0) }),
    "deep": (DeepChainBenchmark.usage, { run(DeepChainBenchmark.run, $0) }),
    "figma-big": (FigmaBigBenchmark.usage, { run(FigmaBigBenchmark.run, $0) }),
    "figma": (InteropBenchmark.figmaUsage, { run(InteropBenchmark.figma, $0) }),
    "figma-agreement": (InteropBenchmark.agreementUsage, { run(InteropBenchmark.agreement, $0) }),
    "html": (InteropBenchmark.htmlUsage, { run(InteropBenchmark.html, $0) }),
    "browser": (InteropBenchmark.browserUsage, { run(InteropBenchmark.browser, $0) }),
    "converge": ("converge [SEEDS] [OPERATIONS]", { run(ConvergenceBenchmark.run, $0) }),
    "merge": ("merge --baseline PATH [--plumb PATH] [clone] [hashing] [moves]", { run(MergeBenchmark.run, $0) }),
    "big": (BigDocumentBenchmark.usage, { run(BigDocumentBenchmark.run, $0) }),
    "git": (GitComparisonBenchmark.usage, { run(GitComparisonBenchmark.run, $0) }),
]

/// Runs a throwing benchmark, mapping errors to exit 1.
func run(_ body: ([String]) throws -> Void, _ arguments: [String]) -> Int32 {
    do {
        try body(arguments)
        return 0
    } catch {
        FileHandle.standardError.write(Data("plumb-bench: \(error)\n".utf8))
        return 1
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, let subcommand = subcommands[name] else {
    var usage = "usage: plumb-bench SUBCOMMAND [ARGUMENTS]\n"
    for key in subcommands.keys.sorted() { usage += "  plumb-bench \(subcommands[key]!.usage)\n" }
    FileHandle.standardError.write(Data(usage.utf8))
    exit(64)
}
exit(subcommand.run(Array(arguments.dropFirst())))
