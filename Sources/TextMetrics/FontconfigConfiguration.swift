internal import CFontconfig

/// Owns one fontconfig configuration (`FcConfig`): the system's font list and matching rules,
/// loaded once.
final class FontconfigConfiguration {
    private let handle: OpaquePointer

    /// Loads the system configuration and scans (or reads the cache of) installed fonts.
    init() throws(TextMetricsError) {
        handle = try TextMetricsError.checkNotNull(
            FcInitLoadConfigAndFonts(), .fontconfig, "FcInitLoadConfigAndFonts", "cannot load the fontconfig configuration")
    }

    deinit {
        FcConfigDestroy(handle)
    }

    /// Applies the configuration's substitutions and the defaults to a request, as matching
    /// and sorting expect.
    private func prepare(_ pattern: FontPattern) throws(TextMetricsError) {
        guard FcConfigSubstitute(handle, pattern.handle, FcMatchPattern) != 0 else {
            throw TextMetricsError(library: .fontconfig, function: "FcConfigSubstitute", message: "out of memory")
        }
        FcDefaultSubstitute(pattern.handle)
    }

    /// The installed font closest to `request` (fontconfig always finds one if any is installed).
    func bestMatch(for request: FontPattern) throws(TextMetricsError) -> FontPattern {
        try prepare(request)
        var result = FcResultNoMatch
        let match = try TextMetricsError.checkNotNull(
            FcFontMatch(handle, request.handle, &result), .fontconfig, "FcFontMatch", "no font installed")
        return FontPattern(owning: match)
    }

    /// Installed fonts in order of preference for `request`, trimmed to those that add coverage.
    func sortedFonts(for request: FontPattern) throws(TextMetricsError) -> FontSet {
        try prepare(request)
        var result = FcResultNoMatch
        let set = try TextMetricsError.checkNotNull(
            FcFontSort(handle, request.handle, FcBool(FcTrue), nil, &result), .fontconfig, "FcFontSort", "no font installed")
        return FontSet(owning: set)
    }
}
