@testable import LayoutEngine
import LayoutSpec
import Testing

/// Text that does not wrap ends lines only at newlines, found without asking the measurer
/// for break opportunities when there are none.
@Suite struct UnwrappedLineTests {
    @Test(arguments: [
        ("plain", false), ("café — naïve", false), ("a\nb", true), ("a\r\nb", true), ("a\u{0B}b", true), ("a\u{0C}b", true),
        ("a\u{85}b", true), ("a\u{2028}b", true), ("a\u{2029}b", true), ("a\u{2027}\u{202A}b", false), ("\u{C2}\u{A0}", false), ("", false),
    ])
    func newlinesAreTheLayoutNewlines(_ text: String, _ expected: Bool) {
        #expect(LineBreaking.containsNewline(text) == expected)
        #expect(text.unicodeScalars.contains { $0.isLayoutNewline } == expected)
    }

    @Test(arguments: ["one line, no breaks asked", "Ünïcödé — still one", "two\u{2028}lines", "three\nshort\u{85}lines"])
    func unwrappedTextKeepsItsLines(_ text: String) {
        let measurer = CountingMeasurer()
        let layout = LineLayout(
            text: text, font: Font(size: 10), maxWidth: .infinity, maxHeight: .infinity, numberOfLines: 1,
            lineBreakMode: .truncateTail, measurer: measurer)
        let newlines = text.unicodeScalars.filter(\.isLayoutNewline).count
        #expect(measurer.breakQuestions == (newlines == 0 ? 0 : 1))
        #expect(layout.lines.count == 1)  // numberOfLines 1 keeps the first line
        let all = LineLayout(
            text: text, font: Font(size: 10), maxWidth: .infinity, maxHeight: .infinity, numberOfLines: 0,
            lineBreakMode: .truncateTail, measurer: measurer)
        #expect(all.lines.count == newlines + 1)
    }
}

/// The fixed metrics, counting the break questions.
private final class CountingMeasurer: TextMeasuring {
    let fixed = FixedTextMeasurer()
    var breakQuestions = 0

    func width(of text: Substring, font: Font) -> Double { fixed.width(of: text, font: font) }
    func lineMetrics(of font: Font) -> LineMetrics { fixed.lineMetrics(of: font) }
    func lineBreakOpportunities(in text: String) -> [LineBreakOpportunity] {
        breakQuestions += 1
        return fixed.lineBreakOpportunities(in: text)
    }
}
