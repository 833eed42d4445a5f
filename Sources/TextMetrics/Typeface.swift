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

    /// Which combining diacritical marks (U+0300–U+036F) the face draws, a bit per mark:
    /// text full of stacked marks asks about each one, and the character map lookup cost more
    /// than the rest of measuring such text. Read once, on first use.
    /// Two words, not an array: reading an array's storage retained and released it per mark.
    private lazy var diacriticalMarks: (low: UInt64, high: UInt64) = {
        var bits: (low: UInt64, high: UInt64) = (0, 0)
        for value in UInt32(0x300)...0x36F where freeType.hasGlyph(for: Unicode.Scalar(value)!) {
            let offset = value - 0x300
            if offset < 64 { bits.low |= 1 << UInt64(offset) } else { bits.high |= 1 << UInt64(offset - 64) }
        }
        return bits
    }()

    /// Whether the face draws `scalar` itself.
    func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        let offset = scalar.value &- 0x300
        if offset < 0x70 {
            let bits = diacriticalMarks
            return (offset < 64 ? bits.low >> UInt64(offset) : bits.high >> UInt64(offset - 64)) & 1 != 0
        }
        return freeType.hasGlyph(for: scalar)
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
