@testable import LayoutEngine
import LayoutSpec
import Testing

/// Text layout does work in proportion to the text, never to its square: counted in the
/// scalars the measurer is asked about (time is for the benchmark, `plumb-bench text`).
@Suite struct TextWorkTests {
    /// The fixed measurer, counting the scalars of every width question.
    final class CountingMeasurer: TextMeasuring {
        let inner = FixedTextMeasurer()
        var scalarsMeasured = 0
        func width(of text: Substring, font: Font) -> Double {
            scalarsMeasured += text.unicodeScalars.count
            return inner.width(of: text, font: font)
        }
        func lineMetrics(of font: Font) -> LineMetrics { inner.lineMetrics(of: font) }
        func lineBreakOpportunities(in text: String) -> [LineBreakOpportunity] { inner.lineBreakOpportunities(in: text) }
    }

    /// 10,000 letters with 20 combining marks each, no break opportunity: one long word.
    static let zalgo: String = {
        var text = ""
        for index in 0..<10_000 {
            text.unicodeScalars.append(Unicode.Scalar(UInt8(97 + index % 26)))
            for mark in 0..<20 { text.unicodeScalars.append(Unicode.Scalar(0x300 + UInt32((index + mark) % 0x70))!) }
        }
        return text
    }()

    static func layout(_ text: String, width: Double, height: Double, lines: Int, mode: LineBreakMode = .truncateTail,
                       measurer: CountingMeasurer) -> LineLayout {
        LineLayout(text: text, font: Font(), maxWidth: width, maxHeight: height, numberOfLines: lines,
                   lineBreakMode: mode, measurer: measurer)
    }

    @Test(arguments: [LineBreakMode.truncateTail, .truncateHead, .truncateMiddle, .clip])
    func truncatingALongLineMeasuresAboutWhatIsShown(mode: LineBreakMode) {
        let measurer = CountingMeasurer()
        // The line's own width is measured once (the measure pass needs it); then truncating
        // to 300 points (about 30 graphemes) looks at about as much text as it keeps.
        let whole = Self.zalgo.unicodeScalars.count
        let layout = Self.layout(Self.zalgo, width: 300, height: 100, lines: 1, mode: mode, measurer: measurer)
        #expect(layout.lines.count == 1)
        #expect(layout.lines[0].width <= 300)
        #expect(layout.lines[0].text.count >= 25)
        #expect(measurer.scalarsMeasured - whole < 21 * 30 * 20, "\(measurer.scalarsMeasured - whole) scalars measured to truncate")
    }

    @Test func breakingALongWordMeasuresAFewTimesItsLength() {
        let measurer = CountingMeasurer()
        let whole = Self.zalgo.unicodeScalars.count
        let layout = Self.layout(Self.zalgo, width: 300, height: .infinity, lines: 0, measurer: measurer)
        #expect(layout.lines.count >= 300)
        #expect(layout.lines.dropLast().allSatisfy { $0.width <= 300 })
        #expect(measurer.scalarsMeasured < 6 * whole, "\(measurer.scalarsMeasured) scalars measured for \(whole)")
    }

    @Test func onlyTheLinesThatCanBeKeptAreBroken() {
        let measurer = CountingMeasurer()
        // 100 points high: 4 lines of 20.4 points; the rest of the text is never broken.
        let layout = Self.layout(Self.zalgo, width: 300, height: 100, lines: 0, measurer: measurer)
        #expect(layout.lines.count == 4)
        #expect(layout.lines.last?.text.hasSuffix("…") == true)
        #expect(measurer.scalarsMeasured < Self.zalgo.unicodeScalars.count / 4, "\(measurer.scalarsMeasured) scalars measured")
    }

    /// The same lines as before these shortcuts, on text with spaces and hard breaks.
    @Test func wrappingAndTruncatingStillAgreeWithAWholeLayout() {
        let text = (0..<400).map { "word\($0)" + ($0 % 37 == 0 ? "\n" : " ") }.joined()
        let limited = Self.layout(text, width: 120, height: 81.6, lines: 0, measurer: CountingMeasurer())
        let whole = Self.layout(text, width: 120, height: .infinity, lines: 0, measurer: CountingMeasurer())
        #expect(limited.lines.count == 4)
        #expect(Array(limited.lines.prefix(3)) == Array(whole.lines.prefix(3)))
        #expect(limited.lines[3].text.hasSuffix("…"))
    }
}
