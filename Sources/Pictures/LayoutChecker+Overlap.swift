import LayoutEngine
import LayoutSpec

extension LayoutChecker {
    /// Drawn children of container `index` that the layout places and whose frames overlap (by
    /// more than the tolerance both ways), each pair reported once, on the later sibling (the
    /// one drawn on top). Placed: every child of a stack or grid, and a child of a `view` that
    /// does not fill it on both axes; a child filling its `view` is a background, meant to have
    /// things drawn over it. Children are swept in order of their left edge, so only neighbours
    /// that overlap horizontally are compared: about O(n log n) for children spread out, O(n²)
    /// at worst.
    func overlaps(amongChildrenOf index: Int) -> [(view: Int, warning: LayoutWarning)] {
        let container = spec.views[index].kind
        let candidates = children[index].filter { child in
            let frame = layout.frames[child]
            let view = spec.views[child]
            let fills = (view.horizontalAlignment ?? .fill) == .fill && (view.verticalAlignment ?? .fill) == .fill
            return layout.isDrawn[child] && frame.width > tolerance && frame.height > tolerance && (container != .view || !fills)
        }
        guard candidates.count > 1 else { return [] }
        let byLeft = candidates.sorted { layout.frames[$0].x < layout.frames[$1].x || (layout.frames[$0].x == layout.frames[$1].x && $0 < $1) }
        var pairs: [(Int, Int)] = []
        for (position, first) in byLeft.enumerated() {
            let a = layout.frames[first]
            for second in byLeft[(position + 1)...] {
                let b = layout.frames[second]
                if b.x >= a.maxX - tolerance { break }
                let width = min(a.maxX, b.maxX) - max(a.x, b.x)
                let height = min(a.maxY, b.maxY) - max(a.y, b.y)
                if width > tolerance && height > tolerance { pairs.append((min(first, second), max(first, second))) }
            }
        }
        pairs.sort { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }
        return pairs.map { below, above in
            let a = layout.frames[below], b = layout.frames[above]
            let x = max(a.x, b.x), y = max(a.y, b.y)
            let area = NumberText.rect(x: x, y: y, width: min(a.maxX, b.maxX) - x, height: min(a.maxY, b.maxY) - y)
            let message = "overlaps its sibling \"\(spec.views[below].id)\" in \"\(spec.views[index].id)\" (\(area))"
            return (above, warning(above, .overlap, message))
        }
    }
}
