import LayoutSpec

extension Resolver {
    /// Pass 2: measures the views whose desired size depends on the space offered to them,
    /// top-down requests and bottom-up results as in WPF's `Measure(availableSize)`, on an
    /// explicit work stack instead of recursion (any depth is safe).
    ///
    /// Only views marked `constrained` in pass 1 are visited; their other children were
    /// measured there. What each child is offered implements DESIGN.md §2:
    /// - `view` (and a label's children): the whole content box;
    /// - `stack`: unlimited length along the axis, the content box across it;
    /// - `grid`: its cell, in two phases (see `gridRequests`).
    mutating func measureConstrained() {
        guard flags[0] & Flag.constrained != 0, flags[0] & Flag.collapsed == 0 else { return }
        var stack = [MeasureRequest(node: 0, phase: 0, available: viewport)]
        while let request = stack.popLast() {
            let index = request.node
            let content = contentConstraint(of: index, available: request.available)
            let kind = views[index].kind
            let lastPhase = kind == .grid ? 2 : (subtreeEnds[index] > index + 1 ? 1 : 0)
            if request.phase == lastPhase {
                desired[index] = measure(index, contentConstraint: content)
                continue
            }
            var resumed = request
            resumed.phase += 1
            stack.append(resumed)
            if kind == .grid {
                stack.append(contentsOf: gridRequests(of: index, content: content, phase: request.phase))
            } else {
                appendChildRequests(of: index, content: content, to: &stack)
            }
        }
    }

    /// Asks the constrained children of a `view`, `stack`, label or button to measure.
    private func appendChildRequests(of index: Int, content: Size, to stack: inout [MeasureRequest]) {
        var available = content
        if views[index].kind == .stack {
            if (views[index].orientation ?? .vertical) == .vertical {
                available.height = .infinity
            } else {
                available.width = .infinity
            }
        }
        let padding = views[index].padding
        // A floating child of a stack is offered the stack's frame, as a view offers its box.
        let frame = Size(width: content.width + padding.horizontal, height: content.height + padding.vertical)
        forEachChild(of: index) { child in
            guard flags[child] & (Flag.collapsed | Flag.constrained) == Flag.constrained else { return }
            let floats = views[index].kind == .stack && views[child].floating == true
            stack.append(MeasureRequest(node: child, phase: 0, available: floats ? frame : available))
        }
    }
}
