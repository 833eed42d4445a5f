import LayoutEngine
import Testing
@testable import TextMetrics

/// Line breaks found with runs of combining marks shortened (as ICU is asked) are the breaks
/// ICU finds in the whole text.
struct MarkRunTests {
    /// Pieces of text around marks: letters, spaces, the GL marks of the block (U+034F,
    /// U+035C), ideographs, hyphens, newlines, an emoji ZWJ sequence, a quotation mark.
    static let pieces = ["a", "Z", " ", "  ", "\u{34F}", "\u{35C}", "保", "-", "\n", "\u{1F468}\u{200D}\u{1F469}", "\"", "1", "\u{A0}"]

    @Test func shortenedRunsBreakWhereTheWholeTextBreaks() throws {
        let breaker = try LineBreaker()
        var state: UInt64 = 11
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        var shortenedTexts = 0
        for _ in 0..<400 {
            var text = next(2) == 0 ? "" : "\u{301}\u{302}"
            for _ in 0..<next(30) {
                text += Self.pieces[next(Self.pieces.count)]
                let marks = next(4) == 0 ? next(25) : 0
                for _ in 0..<marks {
                    text.unicodeScalars.append(Unicode.Scalar(0x300 + UInt32(next(0x70)))!)
                }
            }
            let whole = try breaker.find(in: text, shorteningMarkRuns: false)
            let shortened = try breaker.find(in: text, shorteningMarkRuns: true)
            #expect(shortened == whole, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            var copy = text
            if copy.withUTF8({ MarkRuns.hasLongRun($0) }) { shortenedTexts += 1 }
        }
        #expect(shortenedTexts > 100)
    }

    @Test func marksOutsideTheBlockOrAloneAreKept() {
        var text = "a\u{301}b\u{34F}\u{34F}c\u{35C}\u{35C}\u{1DC0}\u{1DC0}"
        text.withUTF8 { #expect(MarkRuns.shortened($0) == nil) }
        var zalgo = " \u{301}\u{302}\u{303}x"
        let shortened = zalgo.withUTF8 { MarkRuns.shortened($0) }
        #expect(shortened.map { String(decoding: $0.bytes, as: UTF8.self) } == " \u{301}x")
        #expect(shortened?.offsets == [0, 1, 2, 7])
    }
}
