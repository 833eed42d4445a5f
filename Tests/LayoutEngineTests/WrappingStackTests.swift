import LayoutEngine
import LayoutSpec
import Testing

/// Wrapping stacks (`wrap: true`): where lines break, how children sit in their line, and the
/// size the stack measures.
@Suite struct WrappingStackTests {
    static func resolve(_ text: String, viewport: Size = Size(width: 375, height: 667)) throws -> (Spec, Layout) {
        let spec = try SpecCodec.decode(Array(text.utf8), file: "wrap.json")
        return (spec, LayoutEngine(measurer: FixedTextMeasurer()).resolve(spec, viewport: viewport))
    }

    static func frame(_ id: String, _ spec: Spec, _ layout: Layout) throws -> Rect {
        layout.frames[try #require(spec.views.firstIndex { $0.id == id })]
    }

    /// Content 90 wide: a and b fill the first line exactly (40 + 10 + 40); c (20 with margins
    /// 5 + 5) and f (50) the second; g (60) starts a third. The collapsed d and floating e take
    /// no place in a line. Lines 20, 10 and 16 thick, 4 apart.
    @Test func breaksLinesAndAlignsChildrenInTheirLine() throws {
        let (spec, layout) = try Self.resolve(#"""
            {"plumb": 1, "name": "wrap", "root": {"id": "root", "children": [
              {"id": "stack", "kind": "stack", "orientation": "horizontal", "wrap": true, "spacing": 10, "lineSpacing": 4,
               "width": 100, "padding": 5, "horizontalAlignment": "left", "verticalAlignment": "top", "children": [
                {"id": "a", "width": 40, "height": 10, "verticalAlignment": "top"},
                {"id": "b", "width": 40, "height": 20, "verticalAlignment": "bottom"},
                {"id": "c", "width": 20, "height": 10, "margin": {"left": 5, "right": 5}, "verticalAlignment": "center"},
                {"id": "d", "width": 50, "height": 50, "visibility": "collapsed"},
                {"id": "e", "width": 10, "height": 10, "floating": true, "horizontalAlignment": "right", "verticalAlignment": "top"},
                {"id": "f", "width": 50, "verticalAlignment": "fill"},
                {"id": "g", "width": 60, "height": 16, "verticalAlignment": "top"}
              ]}
            ]}}
            """#)
        func frame(_ id: String) throws -> Rect { try Self.frame(id, spec, layout) }
        #expect(try frame("stack") == Rect(x: 0, y: 0, width: 100, height: 5 + 20 + 4 + 10 + 4 + 16 + 5))
        #expect(try frame("a") == Rect(x: 5, y: 5, width: 40, height: 10))
        #expect(try frame("b") == Rect(x: 55, y: 5, width: 40, height: 20))
        #expect(try frame("c") == Rect(x: 10, y: 29, width: 20, height: 10))
        #expect(try frame("d") == Rect(x: 35, y: 29, width: 0, height: 0))
        #expect(try frame("e") == Rect(x: 90, y: 0, width: 10, height: 10))
        #expect(try frame("f") == Rect(x: 45, y: 29, width: 50, height: 10))
        #expect(try frame("g") == Rect(x: 5, y: 43, width: 60, height: 16))
    }

    /// Without its own width the stack breaks at the space offered and is that long; when one
    /// line fits it is that line; along a horizontal stack (no limit) it is one line.
    @Test(arguments: [(100.0, 100.0, 20.0), (200, 120, 10)])
    func measuresItsLines(viewportWidth: Double, width: Double, height: Double) throws {
        let (spec, layout) = try Self.resolve(#"""
            {"plumb": 1, "name": "wrap", "root": {"id": "root", "kind": "stack", "children": [
              {"id": "stack", "kind": "stack", "orientation": "horizontal", "wrap": true, "horizontalAlignment": "left", "children": [
                {"id": "a", "width": 40, "height": 10}, {"id": "b", "width": 40, "height": 10}, {"id": "c", "width": 40, "height": 10}
              ]},
              {"id": "row", "kind": "stack", "orientation": "horizontal", "horizontalAlignment": "left", "children": [
                {"id": "inner", "kind": "stack", "orientation": "horizontal", "wrap": true, "lineSpacing": 7, "children": [
                  {"id": "x", "width": 80, "height": 10}, {"id": "y", "width": 80, "height": 12}
                ]}
              ]}
            ]}}
            """#, viewport: Size(width: viewportWidth, height: 400))
        #expect(try Self.frame("stack", spec, layout) == Rect(x: 0, y: 0, width: width, height: height))
        #expect(try Self.frame("c", spec, layout) == Rect(x: height > 10 ? 0 : 80, y: height > 10 ? 10 : 0, width: 40, height: 10))
        #expect(try Self.frame("inner", spec, layout) == Rect(x: 0, y: height, width: 160, height: 12))
        #expect(try Self.frame("y", spec, layout) == Rect(x: 80, y: height, width: 80, height: 12))
    }

    /// A vertical stack wraps into columns at its height; margins count in a child's length.
    @Test func wrapsColumns() throws {
        let (spec, layout) = try Self.resolve(#"""
            {"plumb": 1, "name": "wrap", "root": {"id": "root", "children": [
              {"id": "stack", "kind": "stack", "wrap": true, "lineSpacing": 6, "height": 50,
               "horizontalAlignment": "left", "verticalAlignment": "top", "children": [
                {"id": "a", "width": 10, "height": 20, "margin": {"top": 5}, "horizontalAlignment": "right"},
                {"id": "b", "width": 20, "height": 20, "margin": {"top": 5}},
                {"id": "c", "width": 15, "height": 20, "margin": {"top": 5}, "horizontalAlignment": "fill"}
              ]}
            ]}}
            """#)
        func frame(_ id: String) throws -> Rect { try Self.frame(id, spec, layout) }
        #expect(try frame("stack") == Rect(x: 0, y: 0, width: 20 + 6 + 15, height: 50))
        #expect(try frame("a") == Rect(x: 10, y: 5, width: 10, height: 20))
        #expect(try frame("b") == Rect(x: 0, y: 30, width: 20, height: 20))
        #expect(try frame("c") == Rect(x: 26, y: 5, width: 15, height: 20))
    }
}
