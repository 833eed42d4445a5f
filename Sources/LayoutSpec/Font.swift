/// A font request: family, size in points, weight, italic. `family: "system"` is the
/// platform's sans-serif.
public struct Font: Hashable, Sendable {
    public var family: String
    public var size: Double
    public var weight: FontWeight
    /// The family's italic (or oblique) face.
    public var italic: Bool

    public init(family: String = "system", size: Double = 17, weight: FontWeight = .regular, italic: Bool = false) {
        self.family = family
        self.size = size
        self.weight = weight
        self.italic = italic
    }

    /// The default label font.
    public static let standard = Font()
}

/// Font weights, as UIKit names them, lightest first.
public enum FontWeight: String, CaseIterable, Sendable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

    /// The CSS / OpenType weight class (100…900).
    public var numericWeight: Int {
        switch self {
        case .ultraLight: 100
        case .thin: 200
        case .light: 300
        case .regular: 400
        case .medium: 500
        case .semibold: 600
        case .bold: 700
        case .heavy: 800
        case .black: 900
        }
    }
}

/// How the last kept line of a label is cut when its text does not fit.
public enum LineBreakMode: String, CaseIterable, Sendable {
    /// "Beginning of the te…"
    case truncateTail
    /// "…end of the text"
    case truncateHead
    /// "Begin…the text"
    case truncateMiddle
    /// Cut at the label's edge, no ellipsis.
    case clip
}
