import Foundation
import Interop
import LayoutEngine
import LayoutSpec
import Testing

/// Details of auto layout the import maps, each from a small Figma response whose boxes are
/// Figma's own rules worked by hand: resolving at the frame's size must give every box.
@Suite struct FigmaAutoLayoutDetailsTests {
    typealias F = FigmaImporterTests

    /// An empty auto layout frame hugging its (no) content keeps its padding: 10 all round is
    /// 20 × 20, and what follows it in the column starts below that.
    @Test func anEmptyAutoLayoutFrameKeepsItsPadding() throws {
        let frame = try F.importOne([F.node("1:1", "FRAME", "Column", F.box(0, 0, 100, 60), #"""
            "layoutMode": "VERTICAL", "itemSpacing": 10, "primaryAxisSizingMode": "FIXED", "counterAxisSizingMode": "FIXED"
            """#, children: [
            F.node("1:2", "FRAME", "Empty", F.box(0, 0, 20, 20), #"""
                "layoutMode": "HORIZONTAL", "paddingLeft": 10, "paddingRight": 10, "paddingTop": 10, "paddingBottom": 10
                """#, children: []),
            F.node("1:3", "RECTANGLE", "After", F.box(0, 30, 100, 10), #""layoutAlign": "STRETCH""#),
        ])])
        try F.expectFigmaBoxes(frame)
    }

    /// `strokesIncludedInLayout`: the frame's stroke takes space inside it (CSS's border-box),
    /// so a 2-pt stroke and 8 of padding put the first child 10 in; without it, 8.
    @Test(arguments: [true, false])
    func strokesIncludedInLayoutTakeSpace(included: Bool) throws {
        let inset = included ? 10.0 : 8.0
        let frame = try F.importOne([F.node("2:1", "FRAME", "Card", F.box(0, 0, 100, 2 * inset + 30), #"""
            "layoutMode": "VERTICAL", "itemSpacing": 6, "paddingLeft": 8, "paddingRight": 8, "paddingTop": 8, "paddingBottom": 8,
            "strokes": \#(F.solid(0, 0, 0)), "strokeWeight": 2, "strokeAlign": "INSIDE", "strokesIncludedInLayout": \#(included),
            "counterAxisSizingMode": "FIXED"
            """#, children: [
            F.node("2:2", "RECTANGLE", "A", F.box(inset, inset, 100 - 2 * inset, 12), #""layoutAlign": "STRETCH""#),
            F.node("2:3", "RECTANGLE", "B", F.box(inset, inset + 18, 40, 12)),
        ])])
        let card = frame.spec.root
        #expect(card.padding.top == inset && card.padding.left == inset && card.borderWidth == 2)
        try F.expectFigmaBoxes(frame)
    }

    /// Minimum and maximum sizes: a hugging frame held at its minimum width, a child held at
    /// its maximum height along a row, and a hugging child held at its minimum height across it.
    /// The held child's padding (60) is longer than the 40 Figma keeps it to, which a view never
    /// is: its padding is cut to its box, the top kept.
    @Test func minimumAndMaximumSizes() throws {
        let frame = try F.importOne([F.node("3:1", "FRAME", "Screen", F.box(0, 0, 300, 200), "", children: [
            F.node("3:2", "FRAME", "Row", F.box(10, 10, 150, 50), #"""
                "layoutMode": "HORIZONTAL", "itemSpacing": 5, "minWidth": 150, "constraints": {"horizontal": "LEFT", "vertical": "TOP"}
                """#, children: [
                F.node("3:3", "RECTANGLE", "Square", F.box(10, 10, 50, 50)),
                F.node("3:4", "FRAME", "Tall", F.box(65, 10, 30, 40), #"""
                    "layoutMode": "VERTICAL", "paddingTop": 30, "paddingBottom": 30, "maxHeight": 40, "minWidth": 30
                    """#, children: []),
            ]),
        ])])
        let row = try F.view(frame, "row")
        #expect(row.minWidth == 150 && row.width == nil)
        let tall = try F.view(frame, "tall")
        #expect(tall.maxHeight == 40 && tall.minWidth == 30)
        #expect(tall.padding.top == 30 && tall.padding.bottom == 10)
        try F.expectFigmaBoxes(frame)
    }

    /// A child larger than its auto layout parent's content box across the axis overflows it
    /// where the parent's alignment puts it, as Figma places it (a public landing page's
    /// heading, 557 wide in a 501-wide column aligned at the start, sticks out past the end):
    /// 120 wide in an 80-wide column starts at the content's start, 20 before it centred, 40
    /// before it at the end.
    @Test(arguments: [("MIN", 10.0, AxisAlignment.start), ("CENTER", -10.0, .center), ("MAX", -30.0, .end)])
    func aChildLargerThanTheContentBoxOverflowsWhereItIsAligned(align: String, x: Double, alignment: AxisAlignment) throws {
        let fitting = align == "MIN" ? 10.0 : align == "CENTER" ? 30.0 : 50.0
        let frame = try F.importOne([F.node("4:1", "FRAME", "Column", F.box(0, 0, 100, 70), #"""
            "layoutMode": "VERTICAL", "itemSpacing": 10, "paddingLeft": 10, "paddingRight": 10, "paddingTop": 10, "paddingBottom": 10,
            "counterAxisAlignItems": "\#(align)", "primaryAxisSizingMode": "FIXED", "counterAxisSizingMode": "FIXED"
            """#, children: [
            F.node("4:2", "RECTANGLE", "Wide", F.box(x, 10, 120, 20)),
            F.node("4:3", "RECTANGLE", "Narrow", F.box(fitting, 40, 40, 20)),
        ])])
        #expect(try F.view(frame, "wide").horizontalAlignment == alignment.horizontal)
        try F.expectFigmaBoxes(frame)
    }

    /// The same in an auto layout imported as a one-row grid (a child grows along it): a 40-tall
    /// child centred in a row whose padding leaves no height overflows both ways, where a row
    /// grown to the child put it below the padding (a public landing page's slider arrows). The
    /// row is the content's height, the frame keeping its own.
    @Test func aChildTallerThanAGridFormsContentIsCentredOverIt() throws {
        let frame = try F.importOne([F.node("6:1", "FRAME", "Screen", F.box(0, 0, 300, 200), #"""
            "layoutMode": "VERTICAL", "primaryAxisSizingMode": "FIXED", "counterAxisSizingMode": "FIXED"
            """#, children: [
            F.node("6:2", "FRAME", "Slider", F.box(0, 0, 300, 80), #"""
                "layoutMode": "HORIZONTAL", "counterAxisAlignItems": "CENTER",
                "paddingTop": 40, "paddingBottom": 40, "layoutSizingHorizontal": "FILL", "layoutSizingVertical": "FIXED"
                """#, children: [
                F.node("6:4", "RECTANGLE", "Progress", F.box(0, 40, 260, 0), #""layoutGrow": 1"#),
                F.node("6:3", "RECTANGLE", "Arrow", F.box(260, 20, 40, 40)),
            ]),
        ])])
        #expect(try F.view(frame, "slider").rows == [.fixed(0)])
        try F.expectFigmaBoxes(frame)
    }

    /// The same down a column, and only where the frame keeps its own width: a 120-wide child
    /// in a column of content 80 with a growing child gets a fixed column of 80 when the frame
    /// is fixed, and a star column that grows to the child (Plumb's rule) when it fills.
    @Test(arguments: [("FIXED", true), ("FILL", false)])
    func aColumnGridFormKeepsItsContentWidthOnlyWhereItHasItsOwn(sizing: String, fixed: Bool) throws {
        let frame = try F.importOne([F.node("7:1", "FRAME", "Screen", F.box(0, 0, 100, 200), #"""
            "layoutMode": "HORIZONTAL", "primaryAxisSizingMode": "FIXED", "counterAxisSizingMode": "FIXED"
            """#, children: [
            F.node("7:2", "FRAME", "Column", F.box(0, 0, 100, 200), #"""
                "layoutMode": "VERTICAL", "counterAxisAlignItems": "MIN", "paddingLeft": 10, "paddingRight": 10,
                "layoutSizingHorizontal": "\#(sizing)", "layoutSizingVertical": "FIXED", "layoutGrow": \#(fixed ? 0 : 1)
                """#, children: [
                F.node("7:3", "RECTANGLE", "Wide", F.box(10, 0, 120, 20)),
                F.node("7:4", "RECTANGLE", "Rest", F.box(10, 20, 80, 180), #""layoutGrow": 1, "layoutAlign": "STRETCH""#),
            ]),
        ])])
        let column = try F.view(frame, "column")
        #expect(column.kind == .grid && column.columns == (fixed ? [.fixed(80)] : nil))
        if fixed { try F.expectFigmaBoxes(frame) }
    }

    /// A child filling across its parent and held back by its maximum sits where the parent
    /// aligns its children (here the start, or the end); Plumb centres a filling view held back
    /// by its maximum, so the import keeps it at its maximum, aligned as Figma puts it, and
    /// counts it. Centred parents keep the fill and the maximum as they are.
    @Test(arguments: [("MIN", 0.0), ("MAX", 150.0), ("CENTER", 75.0)])
    func aFillingChildHeldByItsMaximumSitsWhereTheParentAligns(align: String, x: Double) throws {
        let frame = try F.importOne([F.node("5:1", "FRAME", "Screen", F.box(0, 0, 300, 200), #"""
            "layoutMode": "VERTICAL", "counterAxisAlignItems": "\#(align)", "primaryAxisSizingMode": "FIXED", "counterAxisSizingMode": "FIXED"
            """#, children: [
            F.node("5:2", "RECTANGLE", "Field", F.box(x, 0, 150, 30), #""maxWidth": 150, "layoutSizingHorizontal": "FILL", "layoutSizingVertical": "FIXED""#),
        ])])
        let field = try F.view(frame, "field")
        #expect(field.maxWidth == 150)
        let counted = frame.summary.approximated["filling child held back by its maximum (kept at its maximum)"]
        if align == "CENTER" {
            #expect(field.horizontalAlignment == nil && field.width == nil && counted == nil)
        } else {
            #expect(field.width == 150 && field.horizontalAlignment == (align == "MIN" ? .left : .right) && counted == 1)
        }
        try F.expectFigmaBoxes(frame)
    }

    /// `layoutWrap: WRAP`: a 200-wide row (padding 10, so 180 for content) holds 50 + 20 + 50
    /// + 20 + 40 exactly; the 60-wide fourth child starts a second line `counterAxisSpacing`
    /// below (`itemSpacing` where it is null), children centred in their 30-thick line, and
    /// the frame hugs its lines' height.
    @Test(arguments: [("12", 12.0), ("null", 20.0)])
    func wrappingAutoLayoutBreaksLines(counterAxisSpacing: String, lineSpacing: Double) throws {
        let second = 30 + 30 + lineSpacing
        let frame = try F.importOne([F.node("6:1", "FRAME", "Screen", F.box(0, 0, 300, 200), children: [
            F.node("6:2", "FRAME", "Tags", F.box(30, 30, 200, 10 + 30 + lineSpacing + 40 + 10), #"""
                "layoutMode": "HORIZONTAL", "layoutWrap": "WRAP", "itemSpacing": 20, "counterAxisSpacing": \#(counterAxisSpacing),
                "counterAxisAlignItems": "CENTER", "primaryAxisSizingMode": "FIXED", "counterAxisSizingMode": "AUTO",
                "layoutSizingHorizontal": "FIXED", "layoutSizingVertical": "HUG",
                "paddingLeft": 10, "paddingRight": 10, "paddingTop": 10, "paddingBottom": 10
                """#, children: [
                F.node("6:3", "RECTANGLE", "A", F.box(40, 40, 50, 30)),
                F.node("6:4", "RECTANGLE", "B", F.box(110, 45, 50, 20)),
                F.node("6:5", "RECTANGLE", "C", F.box(180, 40, 40, 30)),
                F.node("6:6", "RECTANGLE", "D", F.box(40, second + 10, 60, 40)),
            ]),
        ])])
        let tags = try F.view(frame, "tags")
        #expect(tags.kind == .stack && tags.wrap == true && tags.spacing == 20 && tags.lineSpacing == lineSpacing && tags.height == nil)
        #expect(frame.summary.approximated.isEmpty, "\(frame.summary.approximated)")
        try F.expectFigmaBoxes(frame)
    }

    /// What a wrapping stack cannot express is counted: lines spread apart across the axis.
    /// Along it, each line is distributed as `primaryAxisAlignItems` says.
    @Test func wrappingAutoLayoutCountsWhatItApproximates() throws {
        let frame = try F.importOne([F.node("7:1", "FRAME", "Tags", F.box(0, 0, 200, 100), #"""
            "layoutMode": "HORIZONTAL", "layoutWrap": "WRAP", "itemSpacing": 10, "primaryAxisAlignItems": "CENTER",
            "counterAxisAlignContent": "SPACE_BETWEEN", "primaryAxisSizingMode": "FIXED", "counterAxisSizingMode": "FIXED"
            """#, children: [
            F.node("7:2", "RECTANGLE", "A", F.box(0, 0, 150, 30)),
            F.node("7:3", "RECTANGLE", "B", F.box(0, 70, 150, 30)),
        ])])
        let tags = try F.view(frame, "tags")
        #expect(tags.wrap == true && tags.distribution == .center)
        #expect(frame.summary.approximated == ["lines spaced apart in a wrapping auto layout (imported as packed at the top)": 1])
    }

    /// Under SPACE_BETWEEN a wrapping frame's gaps are the free space, not itemSpacing: its
    /// lines break as if there were none (two children 120 and 70 wide share a 200-wide line
    /// that 486 of itemSpacing would have split), and the room left is shared out between them.
    @Test func wrappingAutoLayoutUnderSpaceBetweenBreaksWithoutGaps() throws {
        let frame = try F.importOne([F.node("7:1", "FRAME", "Bar", F.box(0, 0, 200, 30), #"""
            "layoutMode": "HORIZONTAL", "layoutWrap": "WRAP", "itemSpacing": 486, "primaryAxisAlignItems": "SPACE_BETWEEN",
            "primaryAxisSizingMode": "FIXED", "counterAxisSizingMode": "AUTO"
            """#, children: [
            F.node("7:2", "RECTANGLE", "Logo", F.box(0, 0, 120, 30)),
            F.node("7:3", "RECTANGLE", "Menu", F.box(130, 0, 70, 30)),
        ])])
        let bar = try F.view(frame, "bar")
        #expect(bar.wrap == true && bar.spacing == nil && bar.distribution == .spaceBetween)
        let layout = LayoutEngine(measurer: FixedTextMeasurer()).resolve(frame.spec, viewport: Size(width: 200, height: 30))
        #expect(layout.frames[1].y == 0 && layout.frames[2].y == 0, "one line")
        try F.expectFigmaBoxes(frame)
    }

    /// Each line of a wrapping frame is centred or packed at the end on its own: a 200-wide row
    /// (content 180) of 100, 60 and 150 holds the first two in a line (170, 10 to spare) and
    /// the third in the next (30 to spare).
    @Test(arguments: [("CENTER", StackDistribution.center, [5.0, 115, 15]), ("MAX", .end, [10, 120, 30])])
    func wrappedLinesAreDistributedOnTheirOwn(align: String, distribution: StackDistribution, xs: [Double]) throws {
        let frame = try F.importOne([F.node("9:1", "FRAME", "Tags", F.box(0, 0, 200, 70), #"""
            "layoutMode": "HORIZONTAL", "layoutWrap": "WRAP", "itemSpacing": 10, "counterAxisSpacing": 10, "primaryAxisAlignItems": "\#(align)",
            "paddingLeft": 10, "paddingRight": 10, "primaryAxisSizingMode": "FIXED", "counterAxisSizingMode": "AUTO"
            """#, children: [
            F.node("9:2", "RECTANGLE", "A", F.box(xs[0] + 10, 0, 100, 30)),
            F.node("9:3", "RECTANGLE", "B", F.box(xs[1] + 10, 0, 60, 30)),
            F.node("9:4", "RECTANGLE", "C", F.box(xs[2] + 10, 40, 150, 30)),
        ])])
        #expect(try F.view(frame, "tags").distribution == distribution)
        try F.expectFigmaBoxes(frame)
    }

    /// A hugging frame held longer than its children by its minimum still centres them (a
    /// button of at least 120 with a 40-wide label): its distribution. Figma wraps horizontal
    /// auto layout only: `WRAP` on a vertical one is not read.
    @Test func aHuggingFrameWithAMinimumCentresAndVerticalWrapIsIgnored() throws {
        let frame = try F.importOne([F.node("8:1", "FRAME", "Screen", F.box(0, 0, 300, 200), children: [
            F.node("8:2", "FRAME", "Button", F.box(10, 10, 120, 40), #"""
                "layoutMode": "HORIZONTAL", "primaryAxisAlignItems": "CENTER", "counterAxisAlignItems": "CENTER",
                "primaryAxisSizingMode": "AUTO", "counterAxisSizingMode": "FIXED", "minWidth": 120
                """#, children: [F.node("8:3", "RECTANGLE", "Label", F.box(50, 20, 40, 20))]),
            F.node("8:4", "FRAME", "Column", F.box(150, 10, 40, 100), #"""
                "layoutMode": "VERTICAL", "layoutWrap": "WRAP", "itemSpacing": 10, "primaryAxisSizingMode": "FIXED", "counterAxisSizingMode": "FIXED"
                """#, children: [F.node("8:5", "RECTANGLE", "A", F.box(150, 10, 40, 60)), F.node("8:6", "RECTANGLE", "B", F.box(150, 80, 40, 60))]),
        ])])
        let button = try F.view(frame, "button")
        #expect(button.kind == .stack && button.distribution == .center)
        let column = try F.view(frame, "column")
        #expect(column.kind == .stack && column.wrap == nil && column.lineSpacing == nil)
        try F.expectFigmaBoxes(frame)
    }
}
