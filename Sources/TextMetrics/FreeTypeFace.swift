internal import CFreeType

/// Owns one FreeType face (`FT_Face`): a font file opened for its character map and its
/// vertical metrics, all in font units so one face serves every size.
final class FreeTypeFace {
    /// Keeps the library alive for as long as the face: faces must be freed first.
    private let library: FreeTypeLibrary
    private let handle: FT_Face

    /// Font units per em (2048 for DejaVu Sans).
    let unitsPerEm: Double
    /// Ascender in font units, positive above the baseline (hhea, or OS/2 when hhea is empty).
    let ascender: Double
    /// Descender in font units, negative below the baseline.
    let descender: Double
    /// Baseline-to-baseline distance in font units: ascender − descender + line gap.
    let height: Double

    /// Opens face `index` of the font file at `path`; fails for files FreeType cannot read and
    /// for bitmap-only fonts, which have no scalable metrics.
    init(library: FreeTypeLibrary, path: String, index: Int) throws(TextMetricsError) {
        var face: FT_Face?
        try TextMetricsError.checkFreeType(FT_New_Face(library.handle, path, FT_Long(index), &face), "FT_New_Face", path)
        let opened = try TextMetricsError.checkNotNull(face, .freeType, "FT_New_Face", "no face returned for \(path)")
        guard plumb_ft_is_scalable(opened) != 0, opened.pointee.units_per_EM > 0 else {
            FT_Done_Face(opened)
            throw TextMetricsError(library: .freeType, function: "FT_New_Face", message: "\(path) is not a scalable font")
        }
        self.library = library
        handle = opened
        unitsPerEm = Double(opened.pointee.units_per_EM)
        ascender = Double(opened.pointee.ascender)
        descender = Double(opened.pointee.descender)
        height = Double(opened.pointee.height)
    }

    deinit {
        FT_Done_Face(handle)
    }

    /// Whether the face's character map has a glyph for `scalar`.
    func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        FT_Get_Char_Index(handle, FT_ULong(scalar.value)) != 0
    }
}
