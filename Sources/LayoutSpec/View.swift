/// One view of a spec: its id, its kind and every property that was set (unset = `nil`).
///
/// Defaults are applied by whoever reads the view (the engine), never stored here, so a
/// spec written back out holds exactly the properties that were set.
public struct View: Hashable, Sendable {
    public var id: String
    public var kind: ViewKind

    public var width: Double?
    public var height: Double?
    public var minWidth: Double?
    public var maxWidth: Double?
    public var minHeight: Double?
    public var maxHeight: Double?
    public var horizontalAlignment: HorizontalAlignment?
    public var verticalAlignment: VerticalAlignment?
    public var margin = Edges()
    public var padding = Edges()
    public var visibility: Visibility?
    /// `#RRGGBB` or `#RRGGBBAA`.
    public var backgroundColor: String?
    /// Radius of the corners, in points (drawn only; layout is unchanged).
    public var cornerRadius: Double?
    /// Width of a border drawn inside the frame, in points (drawn only).
    public var borderWidth: Double?
    /// `#RRGGBB` or `#RRGGBBAA`.
    public var borderColor: String?
    /// 0 (transparent) … 1 (opaque), applied to the view and its subtree.
    public var opacity: Double?
    /// Where the view came from, e.g. a Figma node id; never laid out.
    public var sourceId: String?

    public var text: String?
    public var fontFamily: String?
    public var fontSize: Double?
    public var fontWeight: FontWeight?
    /// True: the family's italic (or oblique) face, measured and drawn.
    public var fontItalic: Bool?
    /// `#RRGGBB` or `#RRGGBBAA`.
    public var textColor: String?
    public var textAlignment: TextAlignment?
    public var textVerticalAlignment: TextVerticalAlignment?
    /// 0 = unlimited.
    public var numberOfLines: Int?
    public var lineBreakMode: LineBreakMode?
    /// Distance from one line's top to the next's; the space beyond the font's ascent and
    /// descent goes half above and half below each line. Unset: the font's own line height.
    public var lineHeight: TextSpacing?
    /// Space added after every character. Unset: none.
    public var letterSpacing: TextSpacing?
    /// Points added below each paragraph but the last (a paragraph ends at a hard line break,
    /// not at U+2028 LINE SEPARATOR), as Figma's paragraph spacing. Unset: none.
    public var paragraphSpacing: Double?
    /// The case the text is shown in (measured and drawn so); the text itself is kept as typed.
    public var textCase: TextCase?
    /// A line drawn with the text (drawn only; layout is unchanged).
    public var textDecoration: TextDecoration?
    /// Stretches of `text` with their own style, in order, not overlapping.
    public var textRuns: [TextRun]?
    /// The width the design measured for the text (Figma's text box, where it hugs its text).
    /// Where the label's font family is not installed, the engine takes it for the label's
    /// own width instead of measuring the text in a substitute face; editing the text or its
    /// style clears it (`Property.changesMeasuredText`).
    public var designedWidth: Double?
    /// The height the design measured for the text, as `designedWidth`.
    public var designedHeight: Double?

    public var orientation: Orientation?
    public var spacing: Double?
    /// Where the children sit along the axis in each line when they leave room (`start` when
    /// unset).
    public var distribution: StackDistribution?
    /// True: the stack starts a new line when its next child would pass its content length
    /// along its axis; lines stack across the axis (CSS `flex-wrap: wrap`, Figma's wrap).
    public var wrap: Bool?
    /// The space between the lines of a wrapping stack, in points (0 when unset).
    public var lineSpacing: Double?

    public var rows: [Track]?
    public var columns: [Track]?
    public var rowSpacing: Double?
    public var columnSpacing: Double?

    public var row: Int?
    public var column: Int?
    public var rowSpan: Int?
    public var columnSpan: Int?

    /// True: the parent stack leaves the view out of its flow and docks it in the stack's own
    /// frame, as a view docks its children (CSS `position: absolute`, Figma's absolute
    /// position). Under any other parent it changes nothing.
    public var floating: Bool?

    public init(id: String, kind: ViewKind) {
        self.id = id
        self.kind = kind
    }
}

extension View {
    /// The font with defaults filled in (`system`, 17 pt, regular, upright).
    public var resolvedFont: Font {
        Font(family: fontFamily ?? "system", size: fontSize ?? 17, weight: fontWeight ?? .regular, italic: fontItalic ?? false)
    }

    /// The text as shown: `text` in `textCase`.
    public var displayedText: String? {
        guard let text, let textCase else { return text }
        return textCase.apply(to: text)
    }

    /// The line height in points, `nil` for the font's own.
    public var resolvedLineHeight: Double? {
        lineHeight?.points(fontSize: fontSize ?? Font.standard.size)
    }

    /// The letter spacing in points (0 when unset).
    public var resolvedLetterSpacing: Double {
        letterSpacing?.points(fontSize: fontSize ?? Font.standard.size) ?? 0
    }

    /// The text alignment with the kind's default (buttons centre, labels left).
    public var resolvedTextAlignment: TextAlignment {
        textAlignment ?? (kind == .button ? .center : .left)
    }
}
