import LayoutEngine
import LayoutSpec
import Testing

/// No view is narrower or shorter than its padding, as a CSS border box is not: not by filling
/// a smaller slot, nor by an explicit size or a maximum below it.
@Suite struct PaddingFloorTests {
    /// `child` in a 30 × 30 box at the root's top left corner.
    static func resolve(_ child: String) throws -> (Spec, Layout) {
        try WrappingStackTests.resolve(#"""
            {"plumb": 1, "name": "padding", "root": {"id": "root", "children": [
              {"id": "box", "width": 30, "height": 30, "horizontalAlignment": "left", "verticalAlignment": "top",
               "children": [\#(child)]}
            ]}}
            """#)
    }

    static func frame(_ child: String) throws -> Rect {
        let (spec, layout) = try resolve(child)
        return try WrappingStackTests.frame("child", spec, layout)
    }

    /// Filling a slot smaller than its padding, with no limits of its own, the view overflows
    /// at the end (CSS's stretched box, WPF's `Stretch`).
    @Test func aFillingViewOverflowsAtTheEnd() throws {
        #expect(try Self.frame(#"{"id": "child", "padding": 20}"#) == Rect(x: 0, y: 0, width: 40, height: 40))
        #expect(try Self.frame(#"{"id": "child", "padding": {"left": 25, "top": 1}}"#) == Rect(x: 0, y: 0, width: 30, height: 30))
    }

    /// With a size, minimum or maximum of its own, a filling view is centred on its slot however
    /// long its padding makes it, as one held by its minimum is.
    @Test func aLimitedFillingViewIsCentred() throws {
        #expect(try Self.frame(#"{"id": "child", "width": 10, "height": 10, "padding": 20}"#)
            == Rect(x: -5, y: -5, width: 40, height: 40))
        #expect(try Self.frame(#"{"id": "child", "minWidth": 10, "maxHeight": 10, "padding": 20}"#)
            == Rect(x: -5, y: -5, width: 40, height: 40))
        #expect(try Self.frame(#"{"id": "child", "maxWidth": 20, "padding": {"left": 15, "right": 15}}"#)
            == Rect(x: 0, y: 0, width: 30, height: 30))
    }

    /// An explicit size or a maximum below the padding gives way to it, and what the view
    /// asks of its parent is that length.
    @Test func anExplicitSizeBelowThePaddingGivesWay() throws {
        let padded = #""padding": {"left": 14, "right": 6, "top": 9, "bottom": 3}"#
        #expect(try Self.frame(#"{"id": "child", "width": 10, "height": 4, \#(padded), "horizontalAlignment": "right", "verticalAlignment": "bottom"}"#)
            == Rect(x: 10, y: 18, width: 20, height: 12))
        let (spec, layout) = try WrappingStackTests.resolve(#"""
            {"plumb": 1, "name": "padding", "root": {"id": "root", "children": [
              {"id": "row", "kind": "stack", "orientation": "horizontal", "spacing": 2,
               "horizontalAlignment": "left", "verticalAlignment": "top", "children": [
                {"id": "a", "width": 10, "height": 4, \#(padded)},
                {"id": "b", "maxWidth": 5, "height": 4, "padding": {"left": 8}}
              ]}
            ]}}
            """#)
        #expect(try WrappingStackTests.frame("a", spec, layout) == Rect(x: 0, y: 0, width: 20, height: 12))
        #expect(try WrappingStackTests.frame("b", spec, layout) == Rect(x: 22, y: 0, width: 8, height: 12))
        #expect(try WrappingStackTests.frame("row", spec, layout).size == Size(width: 30, height: 12))
    }
}
