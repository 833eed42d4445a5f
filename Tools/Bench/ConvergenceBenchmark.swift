import Foundation
import MergeSimulation

/// `plumb-bench converge [SEEDS] [OPERATIONS]`: the pure-core convergence run over many seeds
/// (issue 8: 10,000 seeds × 3–5 replicas × 50 operations ≤ 60 s). Prints failing seeds.
enum ConvergenceBenchmark {
    static func run(_ arguments: [String]) throws {
        let seeds = arguments.first.flatMap(Int.init) ?? 10_000
        let operations = arguments.dropFirst().first.flatMap(Int.init) ?? 50
        var failed: [String] = []
        let seconds = try Timing.seconds {
            for seed in 1...UInt64(seeds) {
                var run = ConvergenceRun(seed: seed, operations: operations)
                failed += try run.run()
            }
        }
        print("pure-core convergence: \(seeds) seeds × 3–5 replicas × \(operations) operations: \(String(format: "%.1f", seconds)) s   target ≤ 60 s")
        print("  failures: \(failed.count)")
        for line in failed.prefix(20) { print("  \(line)") }
        if !failed.isEmpty { throw BenchmarkFailure(message: "\(failed.count) failing checks") }
    }
}

/// A benchmark whose checks failed.
struct BenchmarkFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
