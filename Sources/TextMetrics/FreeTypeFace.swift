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
    /// for bitmap fonts without font units (PCF, BDF). Colour bitmap fonts in an OpenType file
    /// (Noto Color Emoji's CBDT) are kept: their advances and line metrics are in font units
    /// like any outline font's, so they measure at every size.
    init(library: FreeTypeLibrary, path: String, index: Int) throws(TextMetricsError) {
        var face: FT_Face?
        try TextMetricsError.checkFreeType(FT_New_Face(library.handle, path, FT_Long(index), &face), "FT_New_Face", path)
        let opened = try TextMetricsError.checkNotNull(face, .freeType, "FT_New_Face", "no face returned for \(path)")
        guard let metrics = Self.metrics(of: opened) else {
            FT_Done_Face(opened)
            throw TextMetricsError(library: .freeType, function: "FT_New_Face", message: "\(path) is not a scalable font")
        }
        self.library = library
        handle = opened
        (unitsPerEm, ascender, descender, height) = metrics
    }

    /// Units per em, ascender, descender and line height in font units; nil for a face
    /// without font units.
    private static func metrics(of face: FT_Face) -> (Double, Double, Double, Double)? {
        if plumb_ft_is_scalable(face) != 0, face.pointee.units_per_EM > 0 {
            return (Double(face.pointee.units_per_EM), Double(face.pointee.ascender), Double(face.pointee.descender), Double(face.pointee.height))
        }
        // A colour bitmap face in an OpenType file: the same numbers from its tables.
        var ascender: Int32 = 0, descender: Int32 = 0, lineGap: Int32 = 0
        let units = plumb_ft_is_sfnt(face) != 0 ? plumb_ft_sfnt_units_per_em(face) : 0
        guard units > 0, plumb_ft_sfnt_line_metrics(face, &ascender, &descender, &lineGap) != 0 else { return nil }
        return (Double(units), Double(ascender), Double(descender), Double(ascender - descender + lineGap))
    }

    deinit {
        FT_Done_Face(handle)
    }

    /// Whether the face's character map has a glyph for `scalar`.
    func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        FT_Get_Char_Index(handle, FT_ULong(scalar.value)) != 0
    }
}
