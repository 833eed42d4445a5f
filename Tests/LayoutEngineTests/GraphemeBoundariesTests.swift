@testable import LayoutEngine
import Testing

/// The quick grapheme walk (ASCII letters carrying diacritical marks, read from UTF-8 bytes)
/// finds exactly Swift's boundaries, from either end, whatever surrounds those letters.
@Suite struct GraphemeBoundariesTests {
    /// Pieces that end, join or extend graphemes next to an ASCII letter with marks: CR LF,
    /// ZWJ, an emoji and its modifier, flags, a Prepend (U+0600), a SpacingMark (U+0903),
    /// Hangul jamo, a Devanagari conjunct, a mark outside U+0300–U+036F, a tab.
    static let pieces: [String] = [
        "a", "Z", " ", "~", "\u{301}", "\u{36F}", "\u{300}\u{301}\u{302}", "\r\n", "\r", "\n", "\u{200D}",
        "👍", "\u{1F3FD}", "🇫🇷", "\u{1F1E6}", "\u{600}", "\u{903}", "\u{1100}\u{1161}", "\u{915}\u{94D}\u{937}",
        "\u{20DD}", "\t", "é", "保", "\u{FE0F}",
    ]

    static func walks(_ text: String) -> (forward: [String.Index], backward: [String.Index]) {
        let line = text[...]
        var boundaries = GraphemeBoundaries(line)
        var forward: [String.Index] = []
        var count = 0
        while let end = boundaries.end(ofFirst: count) { forward.append(end); count += 1 }
        var backward: [String.Index] = []
        count = 0
        while let start = boundaries.start(ofLast: count) { backward.append(start); count += 1 }
        return (forward, backward)
    }

    @Test func quickWalkFindsSwiftsBoundaries() {
        var generator = Generator(state: 29)
        for _ in 0..<2_000 {
            var text = ""
            for _ in 0..<Int(generator.next() % 12) { text += Self.pieces[Int(generator.next() % UInt64(Self.pieces.count))] }
            let swiftForward = [text.startIndex] + text.indices.dropFirst() + (text.isEmpty ? [] : [text.endIndex])
            let (forward, backward) = Self.walks(text)
            #expect(forward == swiftForward, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(backward == swiftForward.reversed(), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    /// A fixed-seed generator (SplitMix64), so every run tries the same texts.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }
    }

    @Test func walkingALineInsideALongerTextStopsAtItsEnds() {
        // A line cut out of a text before a mark: the line's own ends bound its graphemes.
        let text = "xa\u{301}\u{302}b\u{303}c"
        let start = text.index(text.startIndex, offsetBy: 1)
        let end = text.unicodeScalars.index(text.unicodeScalars.startIndex, offsetBy: 6)
        let line = text[start..<end]
        var boundaries = GraphemeBoundaries(line)
        #expect(boundaries.end(ofFirst: 2) == end)
        #expect(boundaries.end(ofFirst: 3) == nil)
        #expect(boundaries.knownCount == 2)
        #expect(boundaries.start(ofLast: 2) == start)
    }
}
