import LayoutEngine
import LayoutSpec
import Testing

/// The passes iterate the flat arrays: depth costs no stack.
@Suite struct DeepTreeTests {
    /// A chain of `depth` views under the root, each inset by `margin` in its parent.
    func chain(depth: Int, margin: Double, kind: ViewKind = .view) -> Spec {
        var views = [View(id: "root", kind: .view)]
        var parents = [-1]
        for level in 1...depth {
            var view = View(id: "v\(level)", kind: kind)
            view.margin = Edges(all: margin)
            views.append(view)
            parents.append(level - 1)
        }
        return Spec(name: "deep", views: views, parents: parents)
    }

    @Test func tenThousandNestedViewsResolve() {
        let layout = LayoutEngine(measurer: FixedTextMeasurer())
            .resolve(chain(depth: 10_000, margin: 0.01), viewport: Size(width: 1000, height: 1000))
        #expect(layout.count == 10_001)
        let innermost = layout.frames[10_000]
        #expect(abs(innermost.x - 100) < 1e-6 && abs(innermost.y - 100) < 1e-6)
        #expect(abs(innermost.width - 800) < 1e-6 && abs(innermost.height - 800) < 1e-6)
    }

    @Test func tenThousandNestedStacksWithAWrappingLabelResolve() {
        // Forces the constrained measure (a work stack) through every level.
        var spec = chain(depth: 10_000, margin: 0, kind: .stack)
        var views = spec.views, parents = spec.parents
        var label = View(id: "text", kind: .label)
        label.text = "aaaa bbbb cccc"
        label.fontSize = 10
        label.numberOfLines = 0
        views.append(label)
        parents.append(10_000)
        spec = Spec(name: "deep", views: views, parents: parents)
        let layout = LayoutEngine(measurer: FixedTextMeasurer())
            .resolve(spec, viewport: Size(width: 60, height: 1000))
        #expect(layout.frames[10_001] == Rect(x: 0, y: 0, width: 60, height: 24))
        #expect(layout.textBlock(of: 10_001)?.lines.map(\.text) == ["aaaa bbbb", "cccc"])
    }
}
