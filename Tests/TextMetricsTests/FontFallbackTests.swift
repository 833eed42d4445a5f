import LayoutSpec
import Testing
import TextMetrics

/// Characters the requested font lacks are drawn, and measured, with an installed font that has them.
struct FontFallbackTests {
    let measurer: FontTextMeasurer

    init() throws {
        measurer = try FontTextMeasurer()
    }

    @Test func chineseInTheSystemFontFallsBackToWenQuanYi() throws {
        let font = Font(family: "system", size: 18)
        let fallback = measurer.fontFile(for: "哈", font: font)
        #expect(fallback.path == InstalledFonts.wenQuanYiMicroHei)
        #expect(measurer.warnings.isEmpty)

        let reference = try ReferenceFace(path: fallback.path, index: fallback.index)
        let advance = try reference.advance(of: "哈") * 18 / reference.unitsPerEm
        #expect(advance > 0)
        let measured = measurer.width(of: "哈哈哈哈哈", font: font)
        #expect(abs(measured - 5 * advance) < 1e-9)
    }

    @Test func latinStaysInThePrimaryFont() {
        let font = Font(family: "system", size: 18)
        #expect(measurer.fontFile(for: "A", font: font).path == InstalledFonts.dejaVuSans)
    }

    @Test func mixedTextSumsEachFontsRun() throws {
        let font = Font(family: "DejaVu Sans", size: 18)
        let latin = try ReferenceFace(path: InstalledFonts.dejaVuSans)
        let fallback = measurer.fontFile(for: "好", font: font)
        let chinese = try ReferenceFace(path: fallback.path, index: fallback.index)
        let expected = try latin.unkernedWidth(of: "Hi ", size: 18) + chinese.unkernedWidth(of: "你好", size: 18)
        #expect(abs(measurer.width(of: "Hi 你好", font: font) - expected) < 1e-9)
    }

    @Test func fallbackKeepsThePrimaryLineMetrics() {
        let font = Font(family: "system", size: 18)
        _ = measurer.width(of: "哈", font: font)
        let dejaVu = measurer.lineMetrics(of: Font(family: "DejaVu Sans", size: 18))
        #expect(measurer.lineMetrics(of: font) == dejaVu)
    }
}
