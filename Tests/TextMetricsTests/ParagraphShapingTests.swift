import LayoutSpec
import Testing
import TextMetrics

/// Pieces of a long text are measured from windows shaped once (`ParagraphShaping`); the
/// width of every piece must be exactly the width of the same characters as a text of their
/// own, whatever the cut: inside clusters, between a space and the marks on it, inside
/// ligatures and kerning pairs, across font fallback and script changes.
struct ParagraphShapingTests {
    /// A small linear congruential generator: the same pieces on every run.
    struct Pieces {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    static func zalgo() -> String {
        var pieces = Pieces(state: 7)
        let letters = Array("abcdefghijklmnopqrstuvwxyz ")
        var text = ""
        for _ in 0..<400 {
            text.append(letters[pieces.next(letters.count)])
            for _ in 0..<20 { text.unicodeScalars.append(Unicode.Scalar(0x300 + UInt32(pieces.next(0x70)))!) }
        }
        return text
    }

    static let texts: [String] = [
        String(repeating: "AVAWAY To Ta office affine WAVE, \"quoted\" fly. ", count: 80),
        zalgo(),
        String(repeating: "漢字かなカナ Latin 한국어，標點。 ", count: 120),
        String(repeating: "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} \u{1F44D}\u{1F3FD} family ", count: 100),
        String(repeating: "مرحبا بالعالم hello שלום Ελληνικά Кириллица ", count: 40),
        String(repeating: "tab\there\nnew line\r\nand e\u{301}\u{302}\u{303}\u{304}\u{305}\u{306} more\n", count: 80),
        "a" + String(repeating: "\u{301}", count: 3_000) + " b" + String(repeating: "\u{308}", count: 2_000),
    ]

    /// A letter whose marks run past the ones shaped, those drawn by the primary face (DejaVu
    /// Sans) and a later one, U+0350, only by a fallback (Inter, Lato and Roboto have it): a
    /// piece cut after the shaped marks is the same cluster in the same face as in the whole
    /// text (the dropped mark chooses no face).
    @Test func marksPastTheShapedOnesChooseNoFace() throws {
        let text = String(repeating: "r\u{301}\u{302}\u{303}\u{350}\u{350} ", count: 300)
        let windowed = try FontTextMeasurer(), alone = try FontTextMeasurer()
        let font = Font(size: 17)
        let scalars = Array(text.unicodeScalars.indices) + [text.endIndex]
        _ = windowed.width(of: text[scalars[0]..<scalars[scalars.count - 2]], font: font)
        for length in 1...6 {
            let piece = text[scalars[0]..<scalars[length]]
            #expect(windowed.width(of: piece, font: font) == alone.width(of: Substring(String(piece)), font: font), "\(length) scalars")
        }
    }

    @Test(arguments: texts.indices)
    func piecesMeasureAsTextsOfTheirOwn(_ number: Int) throws {
        let text = Self.texts[number]
        #expect(text.utf8.count >= 2_048)
        let windowed = try FontTextMeasurer()
        let alone = try FontTextMeasurer()
        let font = Font(size: 17)
        let scalars = Array(text.unicodeScalars.indices) + [text.endIndex]
        var pieces = Pieces(state: UInt64(number) + 1)
        var mismatches: [String] = []
        // A long piece first: its window then answers the short pieces inside it.
        let long = text[scalars[0]..<scalars[scalars.count - 2]]
        if windowed.width(of: long, font: font) != alone.width(of: Substring(String(long)), font: font) { mismatches.append("long") }
        // Forward in order, as wrapping asks (words, words with spaces, lines), then anywhere.
        var start = 0
        while start < scalars.count - 1 {
            let end = min(scalars.count - 1, start + 1 + pieces.next(120))
            for cut in [end, min(scalars.count - 1, end + 1), min(scalars.count - 1, end + 300), min(scalars.count - 1, end + 900)] {
                let piece = text[scalars[start]..<scalars[cut]]
                let width = windowed.width(of: piece, font: font)
                let expected = alone.width(of: Substring(String(piece)), font: font)
                if width != expected { mismatches.append("\(start)..<\(cut): \(width) ≠ \(expected)") }
            }
            start = end
        }
        for _ in 0..<300 {
            let from = pieces.next(scalars.count - 1)
            let to = from + 1 + pieces.next(scalars.count - 1 - from)
            let piece = text[scalars[from]..<scalars[to]]
            let width = windowed.width(of: piece, font: font)
            let expected = alone.width(of: Substring(String(piece)), font: font)
            if width != expected { mismatches.append("\(from)..<\(to): \(width) ≠ \(expected)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) pieces differ: \(mismatches.prefix(5))")
    }
}
