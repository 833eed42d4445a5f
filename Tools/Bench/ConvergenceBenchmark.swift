import Foundation
import MergeSimulation

/// `plumb-bench converge [SEEDS] [OPERATIONS]`: the pure-core convergence run over many seeds
/// (issue 8: 10,000 seeds × 3–5 replicas × 50 operations ≤ 60 s), one worker per core. Prints
/// failing seeds, and the CPU time beside the wall time (the machine may be shared).
enum ConvergenceBenchmark {
    static func run(_ arguments: [String]) throws {
        let seeds = arguments.first.flatMap(Int.init) ?? 10_000
        let operations = arguments.dropFirst().first.flatMap(Int.init) ?? 50
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let results = Results(workers: workers)
        let cpuBefore = cpuSeconds()
        let seconds = Timing.seconds {
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                var failed: [String] = []
                for seed in stride(from: UInt64(1 + worker), through: UInt64(seeds), by: workers) {
                    var run = ConvergenceRun(seed: seed, operations: operations)
                    do { failed += try run.run() } catch { failed.append("seed \(seed): \(error)") }
                }
                results.set(worker, failed)
            }
        }
        let cpu = cpuSeconds() - cpuBefore
        let failed = results.all
        print("pure-core convergence: \(seeds) seeds × 3–5 replicas × \(operations) operations on \(workers) cores: \(String(format: "%.1f", seconds)) s   target ≤ 60 s")
        print(String(format: "  CPU time %.1f s (%.2f ms a seed): %.1f s of wall time on %d idle cores", cpu, cpu * 1000 / Double(seeds), cpu / Double(workers), workers))
        print("  failures: \(failed.count)")
        for line in failed.prefix(20) { print("  \(line)") }
        if !failed.isEmpty { throw BenchmarkError("\(failed.count) failing checks") }
    }
}

/// This process's user + system CPU time, in seconds.
func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

/// What each worker found, collected under a lock.
final class Results: @unchecked Sendable {
    private var byWorker: [[String]]
    private let lock = NSLock()

    init(workers: Int) { byWorker = Array(repeating: [], count: workers) }

    func set(_ worker: Int, _ failed: [String]) {
        lock.lock()
        byWorker[worker] = failed
        lock.unlock()
    }

    var all: [String] { byWorker.flatMap { $0 } }
}
