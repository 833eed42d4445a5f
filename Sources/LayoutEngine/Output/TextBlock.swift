/// The text of a label or button as laid out: the block's rect and its lines.
public struct TextBlock: Hashable, Sendable {
    /// The block, in root coordinates: as wide as its widest line, as tall as its lines.
    public var rect: Rect
    /// The lines kept, top to bottom (wrapped, dropped and truncated already).
    public var lines: [TextLine]

    /// A block at `rect` holding `lines`.
    public init(rect: Rect, lines: [TextLine]) {
        self.rect = rect
        self.lines = lines
    }
}

/// One line of laid-out text.
public struct TextLine: Hashable, Sendable {
    /// The characters drawn on this line, without trailing spaces or the newline; a
    /// truncated line includes its "…".
    public var text: String
    /// The line, in root coordinates: its advance width × its height (the label's line
    /// height, or with runs the height of the runs on it).
    public var rect: Rect
    /// Distance from the line's top to its baseline.
    public var baseline: Double
    /// With runs, the line's stretches in their styles, left to right; empty when the whole
    /// line is in the label's style.
    public var spans: [TextSpan]

    /// A line showing `text` at `rect`, its baseline `baseline` below its top.
    public init(text: String, rect: Rect, baseline: Double = 0, spans: [TextSpan] = []) {
        self.text = text
        self.rect = rect
        self.baseline = baseline
        self.spans = spans
    }
}

/// A stretch of a line in one style.
public struct TextSpan: Hashable, Sendable {
    /// The characters drawn.
    public var text: String
    /// Distance from the line's left edge to the stretch's, in points.
    public var offset: Double
    /// Advance width in points, letter spacing included.
    public var width: Double
    public var style: TextStyle

    public init(text: String, offset: Double, width: Double, style: TextStyle) {
        self.text = text
        self.offset = offset
        self.width = width
        self.style = style
    }
}
