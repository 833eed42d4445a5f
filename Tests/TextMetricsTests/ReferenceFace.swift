import CFreeType

/// A font file opened directly with FreeType, independently of the measurer, to compute the
/// numbers the measurer should produce: unscaled advances, kerning and vertical metrics.
final class ReferenceFace {
    private let library: FT_Library
    private let face: FT_Face

    struct LoadError: Error, CustomStringConvertible {
        var description: String
    }

    init(path: String, index: Int = 0) throws {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { throw LoadError(description: "FT_Init_FreeType failed") }
        var face: FT_Face?
        guard FT_New_Face(library, path, FT_Long(index), &face) == 0, let face else {
            FT_Done_FreeType(library)
            throw LoadError(description: "FT_New_Face failed for \(path)")
        }
        self.library = library
        self.face = face
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    var unitsPerEm: Double { Double(face.pointee.units_per_EM) }
    var ascender: Double { Double(face.pointee.ascender) }
    var descender: Double { Double(face.pointee.descender) }
    var height: Double { Double(face.pointee.height) }
    var familyName: String { String(cString: face.pointee.family_name) }
    var styleName: String { String(cString: face.pointee.style_name) }

    func glyphIndex(of scalar: Unicode.Scalar) -> UInt32 {
        UInt32(FT_Get_Char_Index(face, FT_ULong(scalar.value)))
    }

    /// The glyph's advance in font units, unhinted and unscaled.
    func advance(of scalar: Unicode.Scalar) throws -> Double {
        let glyph = glyphIndex(of: scalar)
        guard glyph != 0 else { throw LoadError(description: "no glyph for U+\(String(scalar.value, radix: 16))") }
        guard FT_Load_Glyph(face, glyph, Int32(FT_LOAD_NO_SCALE)) == 0 else { throw LoadError(description: "FT_Load_Glyph failed") }
        return Double(face.pointee.glyph.pointee.advance.x)
    }

    /// The legacy `kern` table's adjustment between two glyphs in font units (0 without one).
    func kerning(_ left: Unicode.Scalar, _ right: Unicode.Scalar) -> Double {
        var delta = FT_Vector()
        guard FT_Get_Kerning(face, glyphIndex(of: left), glyphIndex(of: right), FT_KERNING_UNSCALED.rawValue, &delta) == 0 else { return 0 }
        return Double(delta.x)
    }

    /// Sum of the unkerned advances of `text`'s scalars, in points at `size`.
    func unkernedWidth(of text: String, size: Double) throws -> Double {
        var units = 0.0
        for scalar in text.unicodeScalars { units += try advance(of: scalar) }
        return units * size / unitsPerEm
    }
}
