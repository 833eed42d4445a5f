@testable import LayoutEngine
import Testing

/// The search for how many graphemes a truncated line keeps: the same answer as a binary
/// search from any estimate, and few questions when the estimate is close.
@Suite struct LineTruncationSearchTests {
    @Test(arguments: [0, 1, 2, 3, 7, 40])
    func findsTheLargestFittingCountFromAnyEstimate(_ count: Int) {
        for answer in 0...count {
            let estimates: [Double] = [-5, 0, 0.5, Double(answer) - 3, Double(answer) - 1, Double(answer), Double(answer) + 0.9,
                                       Double(answer) + 1, Double(answer) + 4, Double(count), Double(count) + 10, .nan, .infinity]
            for estimate in estimates {
                var asked: [Int] = []
                let found = LineTruncation.largestFitting(count: count, estimate: estimate) { kept in
                    asked.append(kept)
                    return kept <= answer
                }
                #expect(found == answer, "count \(count), answer \(answer), estimate \(estimate)")
                #expect(asked.allSatisfy { (0...count).contains($0) })
                #expect(Set(asked).count == asked.count, "asked twice: \(asked)")
            }
        }
    }

    @Test func aGoodEstimateNeedsAboutTwoQuestions() {
        for answer in 1..<100 {
            var questions = 0
            let found = LineTruncation.largestFitting(count: 100, estimate: Double(answer) + 0.3) { kept in
                questions += 1
                return kept <= answer
            }
            #expect(found == answer)
            #expect(questions == 2)
        }
    }
}
