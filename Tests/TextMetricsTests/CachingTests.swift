import LayoutSpec
import Testing
import TextMetrics

/// Cached answers are the answers: the same question twice, or about equal text from
/// another string, gets the same number.
struct CachingTests {
    @Test func sameAnswerTwice() throws {
        let measurer = try FontTextMeasurer()
        let font = Font(family: "system", size: 17)
        let first = measurer.width(of: "Save changes 保存", font: font)
        let second = measurer.width(of: "Save changes 保存", font: font)
        #expect(first > 0)
        #expect(first == second)
        let breaks = measurer.lineBreakOpportunities(in: "Save changes 保存")
        #expect(measurer.lineBreakOpportunities(in: "Save changes 保存") == breaks)
    }

    @Test func cachedWidthsServeEverySize() throws {
        let measurer = try FontTextMeasurer()
        let at17 = measurer.width(of: "Plumb", font: Font(size: 17))
        let at34 = measurer.width(of: "Plumb", font: Font(size: 34))
        let fresh = try FontTextMeasurer().width(of: "Plumb", font: Font(size: 34))
        #expect(at34 == fresh)
        #expect(abs(at34 - 2 * at17) < 1e-9)
    }

    @Test func substringsOfLongerTextMatchStandaloneText() throws {
        let measurer = try FontTextMeasurer()
        let font = Font(size: 17)
        let line = "first second third"
        let middle = line[line.index(line.startIndex, offsetBy: 6)..<line.index(line.startIndex, offsetBy: 12)]
        #expect(middle == "second")
        let fromSlice = measurer.width(of: middle, font: font)
        #expect(fromSlice == measurer.width(of: "second", font: font))
        #expect(fromSlice == (try FontTextMeasurer()).width(of: "second", font: font))
    }

    @Test func fontsAreKeptApartInTheCache() throws {
        let measurer = try FontTextMeasurer()
        let regular = measurer.width(of: "Hello", font: Font(size: 17, weight: .regular))
        let bold = measurer.width(of: "Hello", font: Font(size: 17, weight: .bold))
        let serif = measurer.width(of: "Hello", font: Font(family: "DejaVu Serif", size: 17))
        #expect(Set([regular, bold, serif]).count == 3)
        #expect(measurer.width(of: "Hello", font: Font(size: 17, weight: .regular)) == regular)
    }
}
