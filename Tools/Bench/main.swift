// plumb-bench: benchmarks run on purpose (`swift run -c release plumb-bench SUBCOMMAND …`).
// Each subcommand lives in its own file; add it to `subcommands` below.
import Foundation

/// A benchmark subcommand: takes its arguments, returns the exit code.
typealias Subcommand = (_ arguments: [String]) -> Int32

let subcommands: [String: (summary: String, run: Subcommand)] = [
    "layout": (LayoutBenchmark.usage, LayoutBenchmark.run),
]

let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, let subcommand = subcommands[name] else {
    var usage = "usage: plumb-bench SUBCOMMAND [ARGUMENTS]\n"
    for key in subcommands.keys.sorted() { usage += "  \(subcommands[key]!.summary)\n" }
    FileHandle.standardError.write(Data(usage.utf8))
    exit(64)
}
exit(subcommand.run(Array(arguments.dropFirst())))
