import LayoutEngine
import LayoutSpec
import Testing

@Suite struct FixedTextMeasurerTests {
    let measurer = FixedTextMeasurer()
    let font = Font(size: 10)

    @Test(arguments: [
        ("abc", 18.0), ("哈哈哈", 30.0), ("a哈", 16.0), ("，。", 20.0), ("ＡＢ", 20.0), ("한글", 20.0),
        ("ｶﾅ", 12.0), ("e\u{301}", 6.0), ("", 0.0), ("a\nb", 12.0), ("…", 6.0),
    ])
    func widths(text: String, expected: Double) {
        #expect(measurer.width(of: Substring(text), font: font) == expected)
    }

    @Test func seedTextIsExactlyNinetyByTwentyOnePointSix() {
        let big = Font(size: 18)
        #expect(measurer.width(of: "哈哈哈哈哈", font: big) == 90)
        #expect(measurer.lineMetrics(of: big).lineHeight == 21.6)
    }

    @Test func lineMetrics() {
        let metrics = measurer.lineMetrics(of: Font(size: 25))
        #expect(metrics == LineMetrics(ascent: 24, descent: 6, lineHeight: 30))
    }

    /// Offsets (in characters) of the opportunities, mandatory ones marked with "!".
    func opportunities(_ text: String) -> [String] {
        measurer.lineBreakOpportunities(in: text).map {
            "\(text.distance(from: text.startIndex, to: $0.index))\($0.isMandatory ? "!" : "")"
        }
    }

    @Test func breaksAfterSpaceRuns() {
        #expect(opportunities("ab  cd e") == ["4", "7"])
        #expect(opportunities("ab ") == [])
    }

    @Test func breaksBetweenWideCharactersButNotBeforeClosingPunctuation() {
        #expect(opportunities("哈哈，哈。") == ["1", "3"])
        #expect(opportunities("「哈」哈") == ["3"])  // not after 「, not before 」
        #expect(opportunities("ab哈") == [])
    }

    @Test func newlinesAreMandatory() {
        #expect(opportunities("a\nb") == ["2!"])
        // The end of the text is not an opportunity: `LineBreaking` gives a final newline its line.
        #expect(opportunities("a\r\nb\n") == ["2!"])
    }
}
