internal import CFontconfig

/// Owns one fontconfig pattern (`FcPattern`): a font request, or a matched font's description.
final class FontPattern {
    let handle: OpaquePointer

    /// An empty request.
    init() throws(TextMetricsError) {
        handle = try TextMetricsError.checkNotNull(FcPatternCreate(), .fontconfig, "FcPatternCreate", "out of memory")
    }

    /// Takes ownership of a pattern fontconfig returned (from `FcFontMatch`).
    init(owning handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        FcPatternDestroy(handle)
    }

    /// A request for a scalable font of `family` (a name or a generic like "sans-serif") at an
    /// OpenType weight (100…900), upright or italic (fontconfig takes an oblique face where a
    /// family has no italic).
    convenience init(family: String, openTypeWeight: Int, italic: Bool = false) throws(TextMetricsError) {
        try self.init()
        let slant = italic ? plumb_fc_slant_italic() : plumb_fc_slant_roman()
        let added = plumb_fc_pattern_add_string(handle, plumb_fc_family(), family) != 0
            && FcPatternAddInteger(handle, plumb_fc_weight(), FcWeightFromOpenType(Int32(openTypeWeight))) != 0
            && FcPatternAddInteger(handle, plumb_fc_slant(), Int32(slant)) != 0
            && FcPatternAddBool(handle, plumb_fc_scalable(), FcBool(FcTrue)) != 0
        guard added else {
            throw TextMetricsError(library: .fontconfig, function: "FcPatternAdd", message: "cannot build a request for \(family)")
        }
    }

    /// Every family name the pattern lists (a font may have several, e.g. localised ones).
    var families: [String] {
        var names: [String] = []
        while let name = plumb_fc_pattern_get_string(handle, plumb_fc_family(), Int32(names.count)) {
            names.append(String(cString: name))
        }
        return names
    }

    /// The font file this pattern describes, if it names one.
    var fontFile: FontFile? {
        guard let path = plumb_fc_pattern_get_string(handle, plumb_fc_file(), 0) else { return nil }
        let index = plumb_fc_pattern_get_integer(handle, plumb_fc_index(), 0, 0)
        return FontFile(path: String(cString: path), index: Int(index), family: families.first ?? "")
    }
}
