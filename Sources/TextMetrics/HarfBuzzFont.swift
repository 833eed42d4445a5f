internal import CHarfBuzz

/// Owns one HarfBuzz font (`hb_font_t`) read from a font file, scaled to its own units per em
/// so shaped advances come out in exact, unhinted font units at every size.
final class HarfBuzzFont {
    let handle: OpaquePointer

    /// Opens face `index` of the font file at `path` with HarfBuzz's OpenType functions.
    init(path: String, index: Int) throws(TextMetricsError) {
        let blob = try TextMetricsError.checkNotNull(
            hb_blob_create_from_file_or_fail(path), .harfBuzz, "hb_blob_create_from_file_or_fail", "cannot read \(path)")
        // The face and then the font take their own references; ours go at the end of scope.
        defer { hb_blob_destroy(blob) }
        let face = try TextMetricsError.checkNotNull(
            hb_face_create(blob, UInt32(index)), .harfBuzz, "hb_face_create", "no face \(index) in \(path)")
        defer { hb_face_destroy(face) }
        guard hb_face_get_glyph_count(face) > 0 else {
            throw TextMetricsError(library: .harfBuzz, function: "hb_face_create", message: "no glyphs in face \(index) of \(path)")
        }
        let font = try TextMetricsError.checkNotNull(hb_font_create(face), .harfBuzz, "hb_font_create", "cannot create a font for \(path)")
        hb_ot_font_set_funcs(font)
        let unitsPerEm = Int32(hb_face_get_upem(face))
        hb_font_set_scale(font, unitsPerEm, unitsPerEm)
        handle = font
    }

    deinit {
        hb_font_destroy(handle)
    }
}
