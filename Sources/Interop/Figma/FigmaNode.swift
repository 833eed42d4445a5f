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
    /// `minWidth`, `maxWidth`, `minHeight`, `maxHeight` (auto layout frames and their children).
    public var minWidth: Double?, maxWidth: Double?, minHeight: Double?, maxHeight: Double?
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
    public var words: String { rawValue.lowercased().replacing("_", with: " ") }
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
