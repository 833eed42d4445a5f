import Foundation
import MergeSimulation
import Testing

/// The pure merge core without SQLite (`ConvergenceRun`): a short run of seeds here; the
/// 10,000-seed run is `plumb-bench converge`. Failing seeds are kept in
/// Fixtures/merge-core-seeds.txt and run every time.
@Suite struct MergeCoreConvergenceTests {
    static let seeds: [UInt64] = Array(1...40)

    static var keptSeeds: [UInt64] {
        guard let url = Bundle.module.url(forResource: "merge-core-seeds", withExtension: "txt", subdirectory: "Fixtures"),
              let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { UInt64($0.split(separator: "#").first?.trimmingCharacters(in: .whitespaces) ?? "") }
    }

    @Test func seededRunsConverge() throws {
        for seed in Self.seeds + Self.keptSeeds {
            var run = ConvergenceRun(seed: seed)
            let failures = try run.run()
            #expect(failures.isEmpty, "\(failures.prefix(5).joined(separator: "\n"))")
        }
    }
}
