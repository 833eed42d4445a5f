import LayoutEngine
import LayoutSpec
import Testing
import TextMetrics

/// Line-break opportunities per UAX #14, as character offsets (mandatory ones marked).
struct LineBreakTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var text: String
        var soft: [Int]
        var mandatory: [Int] = []
        var testDescription: String { text.debugDescription }
    }

    static let cases: [Case] = [
        Case(text: "hello big world", soft: [6, 10]),
        Case(text: "哈哈哈", soft: [1, 2]),
        // Never before "，" or "。" (closing punctuation); after them and between ideographs.
        Case(text: "哈哈，哈哈。哈", soft: [1, 3, 4, 6]),
        Case(text: "one two\nthree", soft: [4], mandatory: [8]),
        Case(text: "a\r\nb", soft: [], mandatory: [2]),
        Case(text: "a\n\nb", soft: [], mandatory: [2, 3]),
        Case(text: "trailing newline\n", soft: [9]),
        Case(text: "unbreakable", soft: []),
        Case(text: "", soft: []),
    ]

    @Test(arguments: cases)
    func breaks(_ example: Case) throws {
        let measurer = try FontTextMeasurer()
        let found = measurer.lineBreakOpportunities(in: example.text)
        let offsets = found.map { example.text.distance(from: example.text.startIndex, to: $0.index) }
        #expect(offsets == (example.soft + example.mandatory).sorted())
        let mandatory = found.filter(\.isMandatory).map { example.text.distance(from: example.text.startIndex, to: $0.index) }
        #expect(mandatory == example.mandatory)
    }

    @Test func noLineStartsWithClosingPunctuation() throws {
        let measurer = try FontTextMeasurer()
        let text = "我们走吧，好的。再见！他说：“好。”"
        for opportunity in measurer.lineBreakOpportunities(in: text) {
            #expect(!"，。！：”".contains(text[opportunity.index]), "a line would start with \(text[opportunity.index])")
        }
    }

    @Test func indicesSurviveAstralCharacters() throws {
        let measurer = try FontTextMeasurer()
        let text = "😀 𠀀𠀁 x"
        let starts = measurer.lineBreakOpportunities(in: text).map { text[$0.index...] }
        #expect(starts == ["𠀀𠀁 x", "𠀁 x", "x"])
    }

    /// A text ending in a newline has an empty last line (as in Figma), with real fonts as with
    /// the fixed metrics: one more line of height, whichever measurer.
    @Test func aFinalNewlineStartsAnEmptyLine() throws {
        for measurer in [try FontTextMeasurer(), FixedTextMeasurer()] as [any TextMeasuring] {
            func layout(_ text: String) -> LineLayout {
                LineLayout(
                    text: text, font: Font(family: "DejaVu Sans", size: 10), maxWidth: 200, maxHeight: .infinity,
                    numberOfLines: 0, lineBreakMode: .truncateTail, measurer: measurer)
            }
            #expect(layout("one\ntwo\n").lines.map(\.text) == ["one", "two", ""])
            #expect(layout("one\ntwo\n").height == layout("one\ntwo\nthree").height)
            #expect(layout("one\r\n").lines.count == 2)
        }
    }
}
