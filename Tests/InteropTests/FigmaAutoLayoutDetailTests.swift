import Interop
import LayoutSpec
import Testing

/// The parts of auto layout real files use beyond direction, spacing and padding (issue 36):
/// strokes that take space, minimum and maximum sizes, empty frames, and children wider than
/// their parent. Each imported frame must resolve to Figma's own boxes.
@Suite struct FigmaAutoLayoutDetailTests {
    typealias F = FigmaImporterTests

    static let stroke = #""strokes": [{"type": "SOLID", "color": {"r": 0, "g": 0, "b": 0, "a": 1}}], "strokeAlign": "INSIDE""#

    /// A 2-pt inside border included in layout pads the frame like CSS `box-sizing:
    /// border-box` and its children sit inside it; excluded, it overlaps them.
    @Test func includedStrokesTakeSpace() throws {
        let frame = try F.importOne([F.node("1:1", "FRAME", "Screen", F.box(0, 0, 400, 300), "", children: [
            F.node("1:2", "FRAME", "Included", F.box(10, 10, 152, 44), #"""
                "layoutMode": "HORIZONTAL", "strokesIncludedInLayout": true, "strokeWeight": 2, \#(Self.stroke),
                "paddingLeft": 24, "paddingRight": 24, "paddingTop": 8, "paddingBottom": 8
                """#, children: [F.node("1:3", "RECTANGLE", "Label", F.box(36, 20, 100, 24))]),
            F.node("1:4", "FRAME", "Excluded", F.box(10, 100, 148, 40), #"""
                "layoutMode": "HORIZONTAL", "strokesIncludedInLayout": false, "strokeWeight": 2, \#(Self.stroke),
                "paddingLeft": 24, "paddingRight": 24, "paddingTop": 8, "paddingBottom": 8
                """#, children: [F.node("1:5", "RECTANGLE", "Label", F.box(34, 108, 100, 24))]),
            // A bottom border only: one side's weight.
            F.node("1:6", "FRAME", "Row", F.box(200, 10, 100, 41), #"""
                "layoutMode": "VERTICAL", "strokesIncludedInLayout": true, "strokeWeight": 1, \#(Self.stroke),
                "individualStrokeWeights": {"top": 0, "right": 0, "bottom": 1, "left": 0}
                """#, children: [
                F.node("1:7", "RECTANGLE", "Top", F.box(200, 10, 100, 20)),
                F.node("1:8", "RECTANGLE", "Bottom", F.box(200, 30, 100, 20)),
            ]),
        ])])
        let included = try F.view(frame, "included")
        #expect(included.padding.left == 26 && included.padding.top == 10)
        #expect(try F.view(frame, "excluded").padding.left == 24)
        #expect(try F.view(frame, "row").padding.bottom == 1 && F.view(frame, "row").padding.top == nil)
        try F.expectFigmaBoxes(frame)
    }

    /// Minimum and maximum sizes of auto layout frames and their children are kept: a hugging
    /// chip no narrower than its minimum, a child filling its column no wider than its maximum.
    @Test func minimumAndMaximumSizesAreKept() throws {
        let frame = try F.importOne([F.node("2:1", "FRAME", "Screen", F.box(0, 0, 300, 200), #"""
            "layoutMode": "VERTICAL", "primaryAxisSizingMode": "FIXED", "counterAxisSizingMode": "FIXED"
            """#, children: [
            F.node("2:2", "FRAME", "Chip", F.box(0, 0, 120, 20), #"""
                "layoutMode": "HORIZONTAL", "minWidth": 120, "layoutSizingHorizontal": "HUG", "layoutSizingVertical": "HUG"
                """#, children: [F.node("2:3", "RECTANGLE", "Dot", F.box(0, 0, 80, 20))]),
            F.node("2:4", "RECTANGLE", "Field", F.box(0, 20, 150, 30), #"""
                "maxWidth": 150, "layoutSizingHorizontal": "FILL", "layoutSizingVertical": "FIXED"
                """#),
        ])])
        #expect(try F.view(frame, "chip").minWidth == 120)
        // Plumb centres a filling view held back by its maximum; Figma aligns it by the
        // parent's alignment (here the left), so it keeps its size.
        let field = try F.view(frame, "field")
        #expect(field.maxWidth == 150 && field.width == 150 && field.horizontalAlignment == .left)
        #expect(frame.summary.approximated["filling child held back by its maximum (kept at its maximum)"] == 1)
        try F.expectFigmaBoxes(frame)
    }

    /// A hugging auto layout frame with no children is as large as its padding.
    @Test func anEmptyAutoLayoutFrameKeepsItsPadding() throws {
        let frame = try F.importOne([F.node("3:1", "FRAME", "Screen", F.box(0, 0, 300, 200), "", children: [
            F.node("3:2", "FRAME", "Spacer", F.box(10, 10, 20, 30), #"""
                "layoutMode": "VERTICAL", "paddingLeft": 10, "paddingRight": 10, "paddingTop": 15, "paddingBottom": 15
                """#, children: []),
            F.node("3:3", "FRAME", "Centred", F.box(50, 10, 16, 16), #"""
                "layoutMode": "HORIZONTAL", "primaryAxisAlignItems": "CENTER", "paddingLeft": 8, "paddingRight": 8,
                "paddingTop": 8, "paddingBottom": 8
                """#, children: []),
            // Only hidden children: they take no space in auto layout.
            F.node("3:4", "FRAME", "Hidden", F.box(100, 10, 12, 12), #"""
                "layoutMode": "VERTICAL", "paddingLeft": 6, "paddingRight": 6, "paddingTop": 6, "paddingBottom": 6
                """#, children: [F.node("3:5", "RECTANGLE", "Gone", F.box(106, 16, 40, 40), #""visible": false"#)]),
        ])])
        try F.expectFigmaBoxes(frame)
    }

    /// A child wider than its auto layout parent's content box overflows both sides equally,
    /// whatever the parent's cross-axis alignment.
    @Test func anOverflowingChildIsCentred() throws {
        let frame = try F.importOne([F.node("4:1", "FRAME", "Screen", F.box(0, 0, 300, 200), "", children: [
            F.node("4:2", "FRAME", "Column", F.box(100, 10, 100, 60), #"""
                "layoutMode": "VERTICAL", "counterAxisAlignItems": "MIN", "primaryAxisSizingMode": "FIXED",
                "counterAxisSizingMode": "FIXED", "paddingLeft": 10, "paddingRight": 10
                """#, children: [
                F.node("4:3", "RECTANGLE", "Wide", F.box(80, 10, 140, 20)),
                F.node("4:4", "RECTANGLE", "Narrow", F.box(110, 30, 40, 20)),
            ]),
        ])])
        try F.expectFigmaBoxes(frame)
    }
}
