// plumb-bench: figures for the issues, measured on purpose (not a test).
//     swift run -c release plumb-bench store
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "store": try StoreBenchmark.run(Array(arguments.dropFirst()))
    default:
        FileHandle.standardError.write(Data("usage: plumb-bench store\n".utf8))
        exit(64)
    }
} catch {
    FileHandle.standardError.write(Data("plumb-bench: \(error)\n".utf8))
    exit(1)
}
