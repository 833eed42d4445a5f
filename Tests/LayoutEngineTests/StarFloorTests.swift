import LayoutEngine
import LayoutSpec
import Testing

/// How far a grid's star column gives way to its content: a plain view stretched across its cell
/// holds it to its padding or minimum width only, whatever it holds (CSS's grid, Figma's filling
/// frame); any other child, or a view with a width of its own, to its whole desired width.
@Suite struct StarFloorTests {
    /// A grid 100 × 40 of columns `*` and `30`: the star column has 70 to give. `inner` is 120
    /// wide, and so is what the first cell's child asks for.
    static func resolve(cell: String) throws -> (Spec, Layout) {
        try WrappingStackTests.resolve(#"""
            {"plumb": 1, "name": "floors", "root": {"id": "root", "children": [
              {"id": "grid", "kind": "grid", "columns": ["*", 30], "rows": ["*"], "width": 100, "height": 40,
               "horizontalAlignment": "left", "verticalAlignment": "top", "children": [
                \#(cell),
                {"id": "other", "column": 1}
              ]}
            ]}}
            """#)
    }

    static let inner = #"{"id": "inner", "width": 120, "height": 20, "horizontalAlignment": "left", "verticalAlignment": "top"}"#

    @Test func aStretchedPlainViewKeepsItsCellAndItsContentOverflows() throws {
        let (spec, layout) = try Self.resolve(cell: #"{"id": "cell", "padding": 4, "margin": {"left": 3}, "children": [\#(Self.inner)]}"#)
        #expect(try WrappingStackTests.frame("cell", spec, layout) == Rect(x: 3, y: 0, width: 67, height: 40))
        #expect(try WrappingStackTests.frame("inner", spec, layout) == Rect(x: 7, y: 4, width: 120, height: 20))
        #expect(try WrappingStackTests.frame("other", spec, layout) == Rect(x: 70, y: 0, width: 30, height: 40))
    }

    /// With a minimum width, the view holds the column to that (and is that wide).
    @Test func aMinimumWidthIsTheFloor() throws {
        let (spec, layout) = try Self.resolve(cell: #"{"id": "cell", "minWidth": 100, "padding": 4, "margin": {"left": 3}, "children": [\#(Self.inner)]}"#)
        #expect(try WrappingStackTests.frame("cell", spec, layout).width == 100)
        #expect(try WrappingStackTests.frame("other", spec, layout).x == 103)
    }

    /// The same view aligned to the left (sized to its content), or a stack in its place: the
    /// star column grows to what it asks for, and the grid overflows.
    @Test(arguments: [
        #"{"id": "cell", "horizontalAlignment": "left", "padding": 4, "margin": {"left": 3}, "children": [INNER]}"#,
        #"{"id": "cell", "kind": "stack", "padding": 4, "margin": {"left": 3}, "children": [INNER]}"#,
    ])
    func anyOtherChildHoldsTheColumnToItsContent(cell: String) throws {
        let (spec, layout) = try Self.resolve(cell: cell.replacingOccurrences(of: "INNER", with: Self.inner))
        #expect(try WrappingStackTests.frame("cell", spec, layout).width == 128)
        #expect(try WrappingStackTests.frame("other", spec, layout).x == 131)
    }

    /// Rows are held to the whole height of what a cell holds, as CSS holds them: the 90-high
    /// child makes the star row 98 + 2 where the grid would give it 40.
    @Test func rowsKeepTheirContent() throws {
        let (spec, layout) = try Self.resolve(cell: #"{"id": "cell", "padding": 4, "margin": {"top": 2}, "children": [{"id": "tall", "width": 10, "height": 90}]}"#)
        #expect(try WrappingStackTests.frame("cell", spec, layout).height == 98)
    }
}
