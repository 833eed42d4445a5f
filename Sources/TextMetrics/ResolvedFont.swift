import LayoutEngine
import LayoutSpec

/// What a font request (family and weight) resolved to: its primary face and the faces chosen
/// for characters the primary lacks. Sizes are not part of it: unhinted shaping scales
/// linearly, so every size shares one resolution.
final class ResolvedFont {
    /// The requested family and weight, as the measurer was asked.
    let requestedFamily: String
    let weight: FontWeight
    let italic: Bool
    /// The family name given to fontconfig: the request, or "sans-serif" for "system" and for
    /// families that are not installed. Fallback fonts are sorted for this name.
    let query: String
    /// The face that draws every character it has a glyph for.
    let primary: Typeface
    /// False when the requested family is not installed (or could not be loaded) and a
    /// substitute measures it; "system" and generic names are always installed.
    let isFamilyInstalled: Bool

    /// Installed fonts in fontconfig's order of preference for this request; loaded on the
    /// first character the primary lacks.
    var fallbackFonts: FontSet?
    var fallbackFontsLoaded = false
    /// The face chosen for each scalar the primary lacks (the primary itself when no
    /// installed font has it).
    var fallbacks: [UInt32: Typeface] = [:]

    /// Line metrics per point of font size, from the primary face.
    let lineMetricsPerPoint: LineMetrics

    init(requestedFamily: String, weight: FontWeight, italic: Bool = false, query: String, primary: Typeface, isFamilyInstalled: Bool) {
        self.requestedFamily = requestedFamily
        self.weight = weight
        self.italic = italic
        self.query = query
        self.primary = primary
        self.isFamilyInstalled = isFamilyInstalled
        lineMetricsPerPoint = primary.lineMetricsPerPoint
    }
}
