import LayoutEngine

/// One loaded font face: FreeType for its character map and metrics, HarfBuzz for shaping.
/// Loaded once per font file and face index; shared by every font request that uses it.
final class Typeface {
    let file: FontFile
    let freeType: FreeTypeFace
    let harfBuzz: HarfBuzzFont

    init(file: FontFile, library: FreeTypeLibrary) throws(TextMetricsError) {
        self.file = file
        freeType = try FreeTypeFace(library: library, path: file.path, index: file.index)
        harfBuzz = try HarfBuzzFont(path: file.path, index: file.index)
    }

    /// Whether the face has a glyph for every printable ASCII character (U+0020–U+007E), so
    /// ASCII text needs no fallback. Checked once, on first use.
    private(set) lazy var drawsPrintableASCII: Bool = (0x20...0x7E).allSatisfy { hasGlyph(for: Unicode.Scalar(UInt8($0))) }

    /// Whether the face draws `scalar` itself.
    func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        freeType.hasGlyph(for: scalar)
    }

    /// Vertical metrics of one line per point of font size (multiply by the size).
    var lineMetricsPerPoint: LineMetrics {
        let face = freeType
        return LineMetrics(
            ascent: face.ascender / face.unitsPerEm,
            descent: -face.descender / face.unitsPerEm,
            lineHeight: face.height / face.unitsPerEm)
    }
}
