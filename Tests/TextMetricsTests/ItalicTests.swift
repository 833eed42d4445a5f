import LayoutEngine
import LayoutSpec
import Testing
import TextMetrics

/// `font.italic`: text measured and drawn with the family's italic (or oblique) face.
struct ItalicTests {
    @Test func italicTextIsMeasuredWithTheItalicFace() throws {
        let measurer = try FontTextMeasurer()
        let upright = measurer.primaryFontFile(for: Font(family: "DejaVu Sans", size: 17))
        let italic = measurer.primaryFontFile(for: Font(family: "DejaVu Sans", size: 17, italic: true))
        #expect(upright.path == InstalledFonts.dejaVuSans)
        #expect(italic.path.hasSuffix("DejaVuSans-Oblique.ttf"), "\(italic.path)")
        let boldItalic = measurer.primaryFontFile(for: Font(family: "DejaVu Sans", size: 17, weight: .bold, italic: true))
        #expect(boldItalic.path.hasSuffix("DejaVuSans-BoldOblique.ttf"), "\(boldItalic.path)")
        #expect(measurer.warnings.isEmpty)
    }

    /// Roboto's italic advances differ from its upright ones: the label's width follows.
    @Test func anItalicLabelHasTheItalicFacesWidth() throws {
        let text = #"""
            {"plumb": 1, "name": "italic", "root": {"id": "root", "children": [
              {"id": "upright", "kind": "label", "text": "Wavy italic words", "font": {"family": "Roboto", "size": 20}, "horizontalAlignment": "left"},
              {"id": "slanted", "kind": "label", "text": "Wavy italic words", "font": {"family": "Roboto", "size": 20, "italic": true}, "horizontalAlignment": "left"}
            ]}}
            """#
        let spec = try SpecCodec.decode(Array(text.utf8), file: "italic.json")
        let measurer = try FontTextMeasurer()
        try #require(measurer.primaryFontFile(for: Font(family: "Roboto", size: 20, italic: true)).path.contains("Italic"), "Roboto Italic is installed")
        let layout = LayoutEngine(measurer: measurer).resolve(spec, viewport: Size(width: 375, height: 667))
        #expect(layout.frames[1].width != layout.frames[2].width)
        #expect(layout.frames[2].width == measurer.width(of: "Wavy italic words", font: Font(family: "Roboto", size: 20, italic: true)))
    }
}
