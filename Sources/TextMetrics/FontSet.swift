internal import CFontconfig

/// Owns one fontconfig font set (`FcFontSet`): installed fonts in order of preference for a
/// request, as `FcFontSort` returns them. Used to find a fallback font for a character.
final class FontSet {
    private let handle: UnsafeMutablePointer<FcFontSet>

    init(owning handle: UnsafeMutablePointer<FcFontSet>) {
        self.handle = handle
    }

    deinit {
        FcFontSetDestroy(handle)
    }

    /// The font files, best first, whose character sets contain `scalar`.
    func fontFiles(containing scalar: Unicode.Scalar) -> [FontFile] {
        var files: [FontFile] = []
        for position in 0..<Int(handle.pointee.nfont) {
            guard let font = handle.pointee.fonts[position],
                  plumb_fc_pattern_is_scalable(font) != 0,
                  plumb_fc_pattern_has_char(font, scalar.value) != 0,
                  let path = plumb_fc_pattern_get_string(font, plumb_fc_file(), 0)
            else { continue }
            let index = plumb_fc_pattern_get_integer(font, plumb_fc_index(), 0, 0)
            let family = plumb_fc_pattern_get_string(font, plumb_fc_family(), 0).map { String(cString: $0) } ?? ""
            files.append(FontFile(path: String(cString: path), index: Int(index), family: family))
        }
        return files
    }
}
