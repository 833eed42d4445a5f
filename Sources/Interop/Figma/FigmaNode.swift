/// One node of a Figma REST API response, with the fields the importer reads.
///
/// Read by `FigmaReader`, which checks types as it goes; absent fields take Figma's defaults
/// (visible, opacity 1, no rotation). Coordinates are Figma's absolute canvas coordinates.
public struct FigmaNode: Sendable {
    public var id: String
    public var name: String
    public var type: FigmaNodeType
    /// Where the node is in the response, for messages (`$.document.children[0].children[3]`).
    public var path: String
    public var visible = true
    /// `absoluteBoundingBox`: the node's box on the canvas as Figma laid it out (for a rotated
    /// node, the box around it).
    public var box: FigmaRect?
    public var constraints: FigmaConstraints?
    /// Auto layout of a frame (`layoutMode` other than `NONE`).
    public var autoLayout: FigmaAutoLayout?
    /// How the node sits in its auto layout parent.
    public var child = FigmaChildLayout()
    public var fills: [FigmaPaint] = []
    public var strokes: [FigmaPaint] = []
    public var strokeWeight: Double?
    public var strokeAlign: String?
    /// True when `individualStrokeWeights` gives edges different weights.
    public var hasUnevenStrokes = false
    public var cornerRadius: Double?
    /// `rectangleCornerRadii`: top-left, top-right, bottom-right, bottom-left.
    public var cornerRadii: [Double] = []
    public var opacity = 1.0
    /// Types of the visible effects (`DROP_SHADOW`, `LAYER_BLUR`, …).
    public var effects: [String] = []
    /// Rotation in radians, from `rotation` or `relativeTransform`.
    public var rotation = 0.0
    public var isMask = false
    public var blendMode: String?
    /// Characters and style of a `TEXT` node.
    public var text: FigmaText?
    public var children: [FigmaNode] = []

    /// True for the kinds that hold other nodes as a frame does.
    public var isContainer: Bool { type.isContainer }

    /// Number of nodes in this subtree, this one included.
    public var subtreeCount: Int {
        var count = 0
        var pending = [self]
        while let node = pending.popLast() {
            count += 1
            pending.append(contentsOf: node.children)
        }
        return count
    }
}

/// The node types of Figma's REST API (design files, FigJam boards and slides).
public enum FigmaNodeType: String, CaseIterable, Sendable {
    case document = "DOCUMENT", canvas = "CANVAS"
    case frame = "FRAME", group = "GROUP", section = "SECTION"
    case component = "COMPONENT", componentSet = "COMPONENT_SET", instance = "INSTANCE"
    case rectangle = "RECTANGLE", ellipse = "ELLIPSE", line = "LINE", vector = "VECTOR"
    case star = "STAR", regularPolygon = "REGULAR_POLYGON", booleanOperation = "BOOLEAN_OPERATION"
    case text = "TEXT", slice = "SLICE"
    case sticky = "STICKY", shapeWithText = "SHAPE_WITH_TEXT", connector = "CONNECTOR"
    case washiTape = "WASHI_TAPE", table = "TABLE", tableCell = "TABLE_CELL", widget = "WIDGET"
    case embed = "EMBED", linkUnfurl = "LINK_UNFURL", media = "MEDIA", stamp = "STAMP"
    case highlight = "HIGHLIGHT", codeBlock = "CODE_BLOCK", textPath = "TEXT_PATH"
    case transformGroup = "TRANSFORM_GROUP", slide = "SLIDE", slideRow = "SLIDE_ROW", slideGrid = "SLIDE_GRID"
    case interactiveSlideElement = "INTERACTIVE_SLIDE_ELEMENT"

    /// Kinds imported as containers: their children become child views.
    public var isContainer: Bool {
        switch self {
        case .frame, .group, .section, .component, .componentSet, .instance, .transformGroup, .slide, .slideRow, .slideGrid, .table:
            true
        default:
            false
        }
    }

    /// Lower-case words for summaries: `BOOLEAN_OPERATION` → `boolean operation`.
    public var words: String { rawValue.lowercased().replacingOccurrences(of: "_", with: " ") }
}

/// A rectangle in Figma's canvas coordinates.
public struct FigmaRect: Hashable, Sendable {
    public var x, y, width, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
}

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
    /// `WRAP` when children flow onto new lines.
    public var wraps = false
    /// Grid layout: track counts, gaps and sizes (`FIXED` px, `FLEX` fr, `HUG` auto).
    public var gridRowCount = 0, gridColumnCount = 0
    public var gridRowGap = 0.0, gridColumnGap = 0.0
    public var gridRows: [FigmaGridTrack] = []
    public var gridColumns: [FigmaGridTrack] = []
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
    public var letterSpacing = 0.0
    public var lineHeightPx: Double?
    /// `INTRINSIC_%` (the font's own), `PIXELS` or `FONT_SIZE_%`.
    public var lineHeightUnit: String?
    public var textDecoration: String?
    /// True when parts of the text have their own style.
    public var hasStyleRuns = false
}
