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
    /// The line, in root coordinates: its advance width × the font's line height.
    public var rect: Rect

    /// A line showing `text` at `rect`.
    public init(text: String, rect: Rect) {
        self.text = text
        self.rect = rect
    }
}
