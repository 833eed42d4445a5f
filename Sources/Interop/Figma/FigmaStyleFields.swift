/// The style fields of Figma nodes: paints, colours, text.

/// One fill or stroke paint.
public struct FigmaPaint: Hashable, Sendable {
    /// `SOLID`, `GRADIENT_LINEAR`, `IMAGE`, …
    public var type: String
    public var visible = true
    public var opacity = 1.0
    /// The colour of a solid paint.
    public var color = FigmaColor()
}

/// Red, green, blue and alpha, each 0…1.
public struct FigmaColor: Hashable, Sendable {
    public var red = 0.0, green = 0.0, blue = 0.0, alpha = 1.0

    /// `#RRGGBB`, or `#RRGGBBAA` when `alpha × opacity` is below 1.
    public func hex(opacity: Double = 1) -> String {
        func byte(_ value: Double) -> Int { Int((min(max(value, 0), 1) * 255).rounded()) }
        let alpha = byte(self.alpha * opacity)
        var text = "#" + [byte(red), byte(green), byte(blue)].map(Self.twoDigits).joined()
        if alpha < 255 { text += Self.twoDigits(alpha) }
        return text
    }

    private static func twoDigits(_ value: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }
}

/// The characters and base style of a `TEXT` node.
public struct FigmaText: Hashable, Sendable {
    public var characters: String
    public var fontFamily: String?
    public var fontSize: Double?
    public var fontWeight: Double?
    public var italic = false
    /// `LEFT`, `CENTER`, `RIGHT` or `JUSTIFIED`.
    public var alignHorizontal: String?
    /// `TOP`, `CENTER` or `BOTTOM`.
    public var alignVertical: String?
    /// `NONE` (fixed box), `HEIGHT`, `WIDTH_AND_HEIGHT` or `TRUNCATE`.
    public var autoResize: String?
    /// `UPPER`, `LOWER`, `TITLE`, `SMALL_CAPS`, …
    public var textCase: String?
    /// `ENDING` when the text is cut with an ellipsis.
    public var truncation: String?
    public var maxLines: Int?
    /// Points added after each character (Figma resolves a percentage to pixels here).
    public var letterSpacing = 0.0
    /// The line height in pixels, whatever the unit it was set in.
    public var lineHeightPx: Double?
    /// `INTRINSIC_%` (a percentage of the font's own), `PIXELS` or `FONT_SIZE_%`.
    public var lineHeightUnit: String?
    /// With `INTRINSIC_%`: the percentage of the font's own line height (100 = the font's).
    public var lineHeightPercent: Double?
    /// With `FONT_SIZE_%`: the line height as a percentage of the font size.
    public var lineHeightPercentFontSize: Double?
    public var textDecoration: String?
    /// Points between paragraphs (after each hard line break).
    public var paragraphSpacing = 0.0
    /// The stretches of the text with their own style (`characterStyleOverrides`), in order.
    public var styleRuns: [FigmaStyleRun] = []
}

/// A stretch of a text node in a style of its own: UTF-16 code units `start ..< start +
/// length` of its characters, its style (the node's with the run's overrides over it) and its
/// own fills, where it has any.
public struct FigmaStyleRun: Hashable, Sendable {
    public var start: Int
    public var length: Int
    public var style: FigmaText
    public var fills: [FigmaPaint]?
}
