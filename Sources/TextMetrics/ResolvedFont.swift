import LayoutSpec

/// What a font request (family and weight) resolved to: its primary face, the faces chosen for
/// characters the primary lacks, and the widths already measured. Sizes are not part of it:
/// widths are kept in ems (unhinted shaping scales linearly), so every size shares one entry.
final class ResolvedFont {
    /// The requested family and weight, as the measurer was asked.
    let requestedFamily: String
    let weight: FontWeight
    /// The family name given to fontconfig: the request, or "sans-serif" for "system" and for
    /// families that are not installed. Fallback fonts are sorted for this name.
    let query: String
    /// The face that draws every character it has a glyph for.
    let primary: Typeface

    /// Installed fonts in fontconfig's order of preference for this request; loaded on the
    /// first character the primary lacks.
    var fallbackFonts: FontSet?
    var fallbackFontsLoaded = false
    /// The face chosen for each scalar the primary lacks (the primary itself when no
    /// installed font has it).
    var fallbacks: [UInt32: Typeface] = [:]

    /// Shaped widths of text runs in ems (points per point of font size).
    private var widthsInEms: [TextRunKey: Double] = [:]
    /// Runs remembered before the cache starts over, bounding its memory.
    static let widthCacheLimit = 250_000

    /// Line metrics per point of font size, from the primary face.
    let ascentPerPoint: Double
    let descentPerPoint: Double
    let lineHeightPerPoint: Double

    init(requestedFamily: String, weight: FontWeight, query: String, primary: Typeface) {
        self.requestedFamily = requestedFamily
        self.weight = weight
        self.query = query
        self.primary = primary
        let metrics = primary.lineMetricsPerPoint
        ascentPerPoint = metrics.ascent
        descentPerPoint = metrics.descent
        lineHeightPerPoint = metrics.lineHeight
    }

    /// The remembered width of `text` in ems, if it was measured before.
    func widthInEms(of text: Substring) -> Double? {
        widthsInEms[TextRunKey(borrowing: text)]
    }

    /// Remembers the width of `text` in ems.
    func remember(widthInEms width: Double, of text: Substring) {
        if widthsInEms.count >= Self.widthCacheLimit { widthsInEms.removeAll(keepingCapacity: true) }
        widthsInEms[TextRunKey(copying: text)] = width
    }
}
