import LayoutSpec

extension Resolver {
    /// Pass 1 (forward, tree order): which views are drawn and which are collapsed.
    ///
    /// Implements `visibility`: a view is drawn when it and all its ancestors are `visible`
    /// (`hidden` keeps its space but is not drawn); a collapsed view takes no space and its
    /// whole subtree is collapsed with it. Also resets `subtreeEnd` for pass 2.
    func markVisibility() {
        for index in 0..<views.count {
            let visibility = views[index].visibility ?? .visible
            var collapsed = visibility == .collapsed
            var drawn = visibility == .visible
            let parent = parents[index]
            if parent >= 0 {
                collapsed = collapsed || flags[parent] & Flag.collapsed != 0
                drawn = drawn && isDrawn[parent]
            }
            flags[index] = collapsed ? Flag.collapsed : 0
            isDrawn[index] = drawn
            subtreeEnd[index] = Int32(truncatingIfNeeded: index + 1)
        }
    }
}
