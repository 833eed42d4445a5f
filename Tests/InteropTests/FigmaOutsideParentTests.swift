import Interop
import LayoutEngine
import LayoutSpec
import Testing

/// Children lying partly or wholly outside their parent (docs/figma.md, "Outside the parent"):
/// under WPF's rule (no negative usable length, margins ≥ 0) each is placed so that the frame
/// resolved at its own size gives Figma's box, by its constraint where it can keep it.
@Suite struct FigmaOutsideParentTests {
    typealias Build = FigmaImporterTests

    /// One 40-wide (or `width`-wide) child at `x` in a 400×300 frame, 30 from its top.
    static func frame(_ constraint: String, x: Double, width: Double = 40, vertical: String = "TOP", y: Double = 30) throws -> ImportedFrame {
        try Build.importOne([Build.node("1:1", "FRAME", "Screen", Build.box(0, 0, 400, 300), children: [
            Build.node("1:2", "RECTANGLE", "Child", Build.box(x, y, width, 20), Build.constraints(constraint, vertical)),
        ])])
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var constraint: String
        var x: Double
        var width: Double = 40
        var alignment: HorizontalAlignment?
        var left: Double?
        var right: Double?
        var kept: Bool
        var testDescription: String { "\(constraint) at x \(x), \(width) wide" }
    }

    static let cases: [Case] = [
        // Kept: the constraint's own alignment and margins reproduce the box.
        Case(constraint: "RIGHT", x: -30, alignment: .right, right: 390, kept: true),
        Case(constraint: "CENTER", x: -10, alignment: .center, right: 380, kept: true),
        Case(constraint: "LEFT", x: 420, alignment: .left, left: 420, kept: true),
        // Its centre inside the parent: centred with its size, as before.
        Case(constraint: "LEFT", x: -10, alignment: .center, right: 380, kept: false),
        Case(constraint: "LEFT_RIGHT", x: -100, width: 600, alignment: .center, kept: false),
        // Its centre past the parent's end: left with its offset.
        Case(constraint: "CENTER", x: 420, alignment: .left, left: 420, kept: false),
        Case(constraint: "RIGHT", x: 390, alignment: .left, left: 390, kept: false),
        // Its centre before the parent's start, its end inside: right with its end's offset.
        Case(constraint: "LEFT_RIGHT", x: -30, alignment: .right, right: 390, kept: false),
        // Wider than the parent, centre past its end, start before its start: right, with a
        // left margin past the parent's end (the margins exceed the slot: no usable length).
        Case(constraint: "LEFT", x: -10, width: 900, alignment: .right, left: 890, kept: false),
    ]

    @Test(arguments: cases)
    func placedWithoutNegativeMargins(_ test: Case) throws {
        let frame = try Self.frame(test.constraint, x: test.x, width: test.width)
        let child = try Build.view(frame, "child")
        #expect(frame.spec.count == 2)
        #expect(child.horizontalAlignment == test.alignment)
        #expect(child.margin.left == test.left && child.margin.right == test.right)
        #expect(child.width == (test.alignment == nil ? nil : test.width))
        let outside = frame.summary.approximated["outside its parent (placed with its size by its centre or an edge)"]
        #expect(outside == (test.kept ? nil : 1))
        try Build.expectFigmaBoxes(frame)
    }

    /// Wholly left of the parent (its end before the parent's start): a view added around it
    /// reaches there; the child keeps its constraint inside it.
    @Test(arguments: [("RIGHT", HorizontalAlignment.right, 450.0), ("LEFT", .right, 450), ("LEFT_RIGHT", .right, 450), ("CENTER", .center, 500)])
    func whollyBeforeTheStartIsWrapped(_ constraint: String, _ alignment: HorizontalAlignment, _ wrapperWidth: Double) throws {
        let frame = try Self.frame(constraint, x: -50)
        #expect(frame.spec.count == 3)
        let wrapper = frame.spec.views[1]
        #expect(wrapper.id == "child-outside" && wrapper.sourceId == "1:2#outside" && wrapper.kind == .view)
        #expect(wrapper.horizontalAlignment == alignment && wrapper.width == wrapperWidth)
        #expect(wrapper.verticalAlignment == nil && wrapper.height == nil && wrapper.backgroundColor == nil)
        #expect(frame.spec.parents[2] == 1 && frame.spec.views[2].id == "child")
        #expect(frame.isAdded == [false, true, false])
        #expect(frame.summary.approximated["wholly above or left of its parent (placed in a view added around it)"] == 1)
        try Build.expectFigmaBoxes(frame)
        // Only Figma's nodes are compared.
        #expect(FigmaAgreement.measure(frame, engine: LayoutEngine(measurer: FixedTextMeasurer())).compared == 2)
    }

    /// At other sizes the wrapped child follows its constraint where the wrapper can: `RIGHT`
    /// keeps its distance from the parent's end, `CENTER` its offset from the parent's centre.
    @Test func wrappedChildrenFollowTheirConstraint() throws {
        let engine = LayoutEngine(measurer: FixedTextMeasurer())
        let right = try Self.frame("RIGHT", x: -50)
        #expect(engine.resolve(right.spec, viewport: Size(width: 600, height: 300)).frames[2].x == 150)
        let centre = try Self.frame("CENTER", x: -50)
        #expect(engine.resolve(centre.spec, viewport: Size(width: 600, height: 300)).frames[2].x == 50)
        #expect(engine.resolve(centre.spec, viewport: Size(width: 200, height: 300)).frames[2].x == -150)
    }

    /// A growing text box above its parent keeps Figma's height (as every child placed outside
    /// its parent keeps its size), and the wrapper takes the parent's spans in a grid.
    @Test func labelAboveAnAbsolutelyPositionedParentKeepsItsSize() throws {
        let frame = try Build.importOne([Build.node("2:1", "FRAME", "Form", Build.box(0, 0, 300, 200), children: [
            Build.node("2:2", "FRAME", "Field", Build.box(20, 100, 260, 48), Build.constraints("LEFT", "TOP"), children: [
                Build.node("2:3", "TEXT", "Label", Build.box(20, 79, 37, 18), #"""
                    "constraints": {"horizontal": "LEFT", "vertical": "CENTER"}, "characters": "Name",
                    "style": {"fontFamily": "Inter", "fontSize": 14}, "textAutoResize": "WIDTH_AND_HEIGHT"
                    """#),
            ]),
        ])])
        let wrapper = try Build.view(frame, "label-outside")
        #expect(wrapper.verticalAlignment == .center && wrapper.height == 90 && wrapper.horizontalAlignment == nil)
        let label = try Build.view(frame, "label")
        #expect(label.height == 18 && label.width == nil && label.verticalAlignment == .center)
        let layout = LayoutEngine(measurer: FixedTextMeasurer()).resolve(frame.spec, viewport: Size(width: 300, height: 200))
        let index = try #require(frame.spec.views.firstIndex { $0.id == "label" })
        #expect(layout.frames[index].y == 79 && layout.frames[index].height == 18)
    }

    /// The wrapper of an absolutely positioned child of auto layout spans the grid's tracks in
    /// its place. (Its box there is not Figma's: a grid's tracks grow to hold what lies in
    /// them, docs/figma.md.)
    @Test func absolutelyPositionedChildrenOfAutoLayoutAreWrappedWithTheirSpans() throws {
        let frame = try Build.importOne([Build.node("3:1", "FRAME", "Bar", Build.box(0, 0, 200, 50), #"""
            "layoutMode": "HORIZONTAL", "itemSpacing": 10,
            "primaryAxisSizingMode": "FIXED", "counterAxisSizingMode": "FIXED"
            """#, children: [
            Build.node("3:2", "RECTANGLE", "Item", Build.box(0, 0, 40, 40)),
            Build.node("3:4", "RECTANGLE", "Field", Build.box(50, 0, 150, 40), #""layoutGrow": 1"#),
            Build.node("3:3", "RECTANGLE", "Badge", Build.box(180, -30, 20, 20), #""layoutPositioning": "ABSOLUTE", "constraints": {"horizontal": "RIGHT", "vertical": "TOP"}"#),
        ])])
        let wrapper = try Build.view(frame, "badge-outside")
        #expect(wrapper.columnSpan == 2 && wrapper.verticalAlignment == .bottom && wrapper.height == 80)
        #expect(try Build.view(frame, "badge").columnSpan == nil)
        #expect(frame.summary.approximated["absolutely positioned child of auto layout (docked over the grid)"] == 1)
    }

    /// The wrapper is named after the child it holds; re-importing keeps its id through its
    /// `sourceId`, as every view's.
    @Test func wrapperIdsFollowTheirChildAndAreKeptOnReimport() throws {
        let twins = try Build.importOne([Build.node("1:1", "FRAME", "Screen", Build.box(0, 0, 400, 300), children: [
            Build.node("1:2", "RECTANGLE", "Dot", Build.box(-50, 0, 10, 10)),
            Build.node("1:3", "RECTANGLE", "Dot", Build.box(0, -50, 10, 10)),
            Build.node("1:4", "RECTANGLE", "Dot outside", Build.box(0, 0, 10, 10)),
        ])])
        #expect(twins.spec.views.map(\.id) == ["screen", "dot-outside-2", "dot", "dot-2-outside", "dot-2", "dot-outside"])
        var frame = try Self.frame("RIGHT", x: -50)
        frame.assignIDs(reusing: ["1:2#outside": ["badge-holder"], "1:2": ["badge"]])
        #expect(frame.spec.views.map(\.id) == ["screen", "badge-holder", "badge"])
    }
}
