@testable import TextMetrics
import Testing

/// The run table behind the measurer's caches: equal bytes are one run wherever they come
/// from, numbers keep runs apart, and indices survive the table growing.
@Suite struct RunTableTests {
    @Test func equalBytesFromDifferentStringsAreOneRun() {
        let table = RunTable()
        let line = "first second third"
        let slice = line[line.index(line.startIndex, offsetBy: 6)..<line.index(line.startIndex, offsetBy: 12)]
        #expect(table.index(of: "second"[...], number: 0) == (0, true))
        #expect(table.index(of: slice, number: 0) == (0, false))
        #expect(table.index(of: "second"[...], number: 1) == (1, true))
        #expect(table.index(of: "seconds"[...], number: 0) == (2, true))
        #expect(table.index(of: ""[...], number: 0) == (3, true))
        #expect(table.index(of: ""[...], number: 0) == (3, false))
        // Canonically equivalent but different bytes: different runs.
        #expect(table.index(of: "caf\u{E9}"[...], number: 0) == (4, true))
        #expect(table.index(of: "cafe\u{301}"[...], number: 0) == (5, true))
        #expect(table.count == 6)
    }

    @Test func indicesSurviveGrowingAndRemoveAllStartsOver() {
        let table = RunTable()
        let texts = (0..<20_000).map { "run \($0) " + String(repeating: "x", count: $0 % 37) }
        for (index, text) in texts.enumerated() { #expect(table.index(of: text[...], number: index % 3) == (index, true)) }
        for (index, text) in texts.enumerated().reversed() { #expect(table.index(of: text[...], number: index % 3) == (index, false)) }
        #expect(table.index(of: texts[5][...], number: 4) == (20_000, true))
        table.removeAll()
        #expect(table.count == 0)
        #expect(table.index(of: texts[7][...], number: 1) == (0, true))
        #expect(table.index(of: texts[7][...], number: 1) == (0, false))
    }
}
