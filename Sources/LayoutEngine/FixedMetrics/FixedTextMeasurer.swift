import LayoutSpec

/// The deterministic text model of DESIGN.md §7 (`--metrics fixed`), for goldens and checks
/// that must not depend on installed fonts.
///
/// For a font of size `s` points, whatever its family and weight:
/// - every grapheme is 0.6 `s` wide, except East Asian Wide and Fullwidth ones (Unicode
///   EastAsianWidth W/F: CJK ideographs, kana, hangul, fullwidth forms, CJK punctuation such
///   as `，。`, wide emoji) which are 1 `s`; newlines and other control characters are 0;
/// - a line is 1.2 `s` tall: ascent 0.96 `s`, descent 0.24 `s`;
/// - a line may break after a run of spaces and between two wide graphemes, except before
///   closing punctuation (`，。、！？）」` …) and after opening punctuation (`（「` …); a newline
///   is a mandatory break.
///
/// Widths are computed as `(3 × narrow + 5 × wide) × s / 5` so that whole-point results are
/// exact (five 18 pt ideographs are exactly 90 points).
public final class FixedTextMeasurer: TextMeasuring {
    /// A measurer; it keeps no state.
    public init() {}

    /// The width of `text`: 0.6 em per grapheme, 1 em per wide grapheme.
    public func width(of text: Substring, font: Font) -> Double {
        var fifths = 0
        var isASCII = true
        for byte in text.utf8 {
            // In ASCII every byte is a grapheme ("\r\n" is one, but both are 0 wide).
            if byte >= 0x80 { isASCII = false; break }
            if byte >= 0x20 && byte != 0x7F { fifths += 3 }
        }
        if !isASCII {
            fifths = 0
            for character in text { fifths += Self.widthInFifths(of: character) }
        }
        return Double(fifths) * font.size / 5
    }

    /// Ascent 0.96 em, descent 0.24 em, line height 1.2 em.
    public func lineMetrics(of font: Font) -> LineMetrics {
        LineMetrics(ascent: font.size * 24 / 25, descent: font.size * 6 / 25, lineHeight: font.size * 6 / 5)
    }

    /// Breaks after spaces, between wide graphemes (not before closing or after opening
    /// punctuation), and after each newline (mandatory); the end of the text is not included.
    public func lineBreakOpportunities(in text: String) -> [LineBreakOpportunity] {
        var opportunities: [LineBreakOpportunity] = []
        var previous: Unicode.Scalar?
        var index = text.startIndex
        while index < text.endIndex {
            let scalar = text[index].firstScalar
            if let previous {
                if previous.isLayoutNewline {
                    opportunities.append(LineBreakOpportunity(index: index, isMandatory: true))
                } else if previous.isLayoutWhitespace, !scalar.isLayoutWhitespace {
                    opportunities.append(LineBreakOpportunity(index: index, isMandatory: false))
                } else if EastAsianWidth.isWide(previous), EastAsianWidth.isWide(scalar),
                          !EastAsianWidth.forbidsBreakBefore(scalar), !EastAsianWidth.forbidsBreakAfter(previous) {
                    opportunities.append(LineBreakOpportunity(index: index, isMandatory: false))
                }
            }
            previous = scalar
            index = text.index(after: index)
        }
        return opportunities
    }

    /// A grapheme's advance in fifths of an em: 3 (narrow), 5 (wide) or 0 (control).
    static func widthInFifths(of character: Character) -> Int {
        let scalar = character.firstScalar
        let value = scalar.value
        if value < 0x20 || (value >= 0x7F && value < 0xA0) || value == 0x2028 || value == 0x2029 { return 0 }
        return EastAsianWidth.isWide(scalar) ? 5 : 3
    }
}
