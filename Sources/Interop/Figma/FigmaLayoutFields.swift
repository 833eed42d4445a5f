/// The layout fields of Figma nodes: constraints, auto layout, and a child's place in it.

/// `constraints`: how a node follows its parent's resizing.
public struct FigmaConstraints: Hashable, Sendable {
    /// `LEFT`, `RIGHT`, `CENTER`, `LEFT_RIGHT` or `SCALE`.
    public var horizontal: String
    /// `TOP`, `BOTTOM`, `CENTER`, `TOP_BOTTOM` or `SCALE`.
    public var vertical: String
}

/// A frame's auto layout (`layoutMode` `HORIZONTAL`, `VERTICAL` or `GRID`).
public struct FigmaAutoLayout: Hashable, Sendable {
    public enum Mode: String, Sendable { case horizontal = "HORIZONTAL", vertical = "VERTICAL", grid = "GRID" }

    public var mode: Mode
    public var itemSpacing = 0.0
    public var paddingTop = 0.0, paddingLeft = 0.0, paddingBottom = 0.0, paddingRight = 0.0
    /// `MIN` (default), `CENTER`, `MAX` or `SPACE_BETWEEN`.
    public var primaryAxisAlignItems = "MIN"
    /// `MIN` (default), `CENTER`, `MAX` or `BASELINE`.
    public var counterAxisAlignItems = "MIN"
    /// `FIXED` or `AUTO` (default: hug the content).
    public var primaryAxisSizingMode = "AUTO"
    public var counterAxisSizingMode = "AUTO"
    /// `WRAP` on a horizontal layout: children flow onto new lines (Figma wraps no other).
    public var wraps = false
    /// Wrapping: the space between lines (`counterAxisSpacing`; nil when null or absent, where
    /// Figma uses `itemSpacing`), and how the lines share the frame's height (`AUTO`, packed at
    /// the top, or `SPACE_BETWEEN`).
    public var counterAxisSpacing: Double?
    public var counterAxisAlignContent = "AUTO"
    /// `strokesIncludedInLayout`: the frame's own stroke takes space inside it, as a border
    /// does in CSS's `border-box`; the reader adds its weights to the padding.
    public var strokesIncludedInLayout = false
    /// Grid layout: track counts, gaps and sizes (`FIXED` px, `FLEX` fr, `HUG` auto).
    public var gridRowCount = 0, gridColumnCount = 0
    public var gridRowGap = 0.0, gridColumnGap = 0.0
    public var gridRows: [FigmaGridTrack] = []
    public var gridColumns: [FigmaGridTrack] = []

    /// Cuts padding longer than `box` to it, the start (left, top) kept first. Figma lets a frame
    /// be smaller than its padding (a fixed size or a maximum below it); a Plumb view never is
    /// (CSS's border box), so the reader keeps Figma's box this way, and the content still starts
    /// where Figma puts it.
    mutating func fitPadding(to box: FigmaRect) {
        (paddingLeft, paddingRight) = Self.fitted(paddingLeft, paddingRight, in: box.width)
        (paddingTop, paddingBottom) = Self.fitted(paddingTop, paddingBottom, in: box.height)
    }

    private static func fitted(_ start: Double, _ end: Double, in length: Double) -> (Double, Double) {
        guard start + end > length else { return (start, end) }
        let first = min(start, max(0, length))
        return (first, max(0, length - first))
    }
}

/// One track of a grid auto layout: `FIXED` (a size in points), `FLEX` (a share) or `HUG`.
public struct FigmaGridTrack: Hashable, Sendable {
    public var type: String
    public var value: Double
}

/// How a node sits in an auto layout parent.
public struct FigmaChildLayout: Hashable, Sendable {
    /// `INHERIT`, `STRETCH`, or in older files `MIN`, `CENTER`, `MAX`.
    public var layoutAlign: String?
    /// 1 when the node grows along its parent's axis.
    public var layoutGrow = 0.0
    /// `FIXED`, `HUG` or `FILL`.
    public var sizingHorizontal: String?
    public var sizingVertical: String?
    /// `ABSOLUTE` when the node ignores its parent's auto layout.
    public var positioning: String?
    /// Grid children: cell and span (counted from 0 and 1), and alignment in the cell.
    public var gridRow: Int?, gridColumn: Int?
    public var gridRowSpan = 1, gridColumnSpan = 1
    public var gridHorizontalAlign: String?, gridVerticalAlign: String?
}
