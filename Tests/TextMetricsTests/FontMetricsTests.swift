import LayoutSpec
import Testing
import TextMetrics

/// Widths and line metrics of DejaVu Sans against FreeType's own numbers for the same file.
struct FontMetricsTests {
    let measurer: FontTextMeasurer
    let reference: ReferenceFace

    init() throws {
        measurer = try FontTextMeasurer()
        reference = try ReferenceFace(path: InstalledFonts.dejaVuSans)
    }

    /// FreeType's advances plus its kerning table, in points: what HarfBuzz's GPOS kerning
    /// must agree with for these pairs.
    func expectedWidth(of text: String, size: Double, in face: ReferenceFace) throws -> Double {
        let scalars = Array(text.unicodeScalars)
        var kerning = 0.0
        for position in scalars.indices.dropFirst() {
            kerning += face.kerning(scalars[position - 1], scalars[position])
        }
        return try face.unkernedWidth(of: text, size: size) + kerning * size / face.unitsPerEm
    }

    @Test func theFileUnderTestIsDejaVuSans() {
        #expect(reference.familyName == "DejaVu Sans")
        #expect(reference.unitsPerEm == 2048)
        #expect(measurer.primaryFontFile(for: Font(family: "DejaVu Sans")).path == InstalledFonts.dejaVuSans)
    }

    @Test(arguments: ["Hello", "Plumb", "button1", "0123456789", "minimum", "Hello, world"])
    func unkernedTextIsTheSumOfFreeTypeAdvances(text: String) throws {
        for size in [17.0, 12.5] {
            let expected = try reference.unkernedWidth(of: text, size: size)
            let measured = measurer.width(of: text[...], font: Font(family: "DejaVu Sans", size: size))
            #expect(abs(measured - expected) < 1e-9, "\(text) at \(size) pt")
        }
    }

    @Test(arguments: ["AV", "To", "Wave"])
    func kernedPairsAreNarrowerByTheFontsKerning(text: String) throws {
        let font = Font(family: "DejaVu Sans", size: 17)
        let unkerned = try reference.unkernedWidth(of: text, size: 17)
        let expected = try expectedWidth(of: text, size: 17, in: reference)
        let measured = measurer.width(of: text[...], font: font)
        #expect(expected < unkerned)
        #expect(abs(measured - expected) < 1e-9)
    }

    @Test func widthScalesWithTheSize() {
        let small = measurer.width(of: "Resolve frames", font: Font(family: "DejaVu Sans", size: 10))
        let large = measurer.width(of: "Resolve frames", font: Font(family: "DejaVu Sans", size: 30))
        #expect(small > 0)
        #expect(abs(large - 3 * small) < 1e-9)
    }

    @Test func lineMetricsAreFreeTypesScaledToTheSize() {
        let size = 17.0
        let metrics = measurer.lineMetrics(of: Font(family: "DejaVu Sans", size: size))
        let scale = size / reference.unitsPerEm
        #expect(metrics.ascent == reference.ascender * scale)
        #expect(metrics.descent == -reference.descender * scale)
        #expect(metrics.lineHeight == reference.height * scale)
        #expect(abs(metrics.lineHeight - 19.7890625) < 1e-9)
    }

    @Test func systemIsDejaVuSansHere() {
        let system = Font(family: "system", size: 17)
        #expect(measurer.primaryFontFile(for: system).path == InstalledFonts.dejaVuSans)
        #expect(measurer.width(of: "Hello", font: system) == measurer.width(of: "Hello", font: Font(family: "DejaVu Sans", size: 17)))
        #expect(measurer.lineMetrics(of: system) == measurer.lineMetrics(of: Font(family: "DejaVu Sans", size: 17)))
    }

    @Test(arguments: ["DejaVu Sans", "system"])
    func boldResolvesToDejaVuSansBold(family: String) throws {
        let bold = Font(family: family, size: 17, weight: .bold)
        #expect(measurer.primaryFontFile(for: bold).path == InstalledFonts.dejaVuSansBold)
        let boldReference = try ReferenceFace(path: InstalledFonts.dejaVuSansBold)
        #expect(boldReference.styleName == "Bold")
        let expected = try boldReference.unkernedWidth(of: "Hello", size: 17)
        #expect(abs(measurer.width(of: "Hello", font: bold) - expected) < 1e-9)
        #expect(measurer.width(of: "Hello", font: bold) > measurer.width(of: "Hello", font: Font(family: family, size: 17)))
    }

    @Test func controlCharactersHaveNoWidth() {
        let font = Font(family: "DejaVu Sans", size: 17)
        #expect(measurer.width(of: "Hello\n", font: font) == measurer.width(of: "Hello", font: font))
        #expect(measurer.width(of: "\n", font: font) == 0)
        #expect(measurer.width(of: "", font: font) == 0)
    }
}
