import LayoutSpec

/// One resolve in progress: the spec's arrays read in place, and per-view scratch arrays
/// (struct of arrays, one allocation each, nothing per view on the heap).
///
/// The passes, each in its own file:
/// 1. `measureBottomUp` (reverse tree order): visibility flags, and the desired size of every
///    view whose size does not depend on the space offered to it;
/// 2. `measureConstrained` (explicit work stack, top-down requests): the views whose desired
///    size does depend on it (wrapping labels without a width, and their ancestors);
/// 3. `arrange` (forward tree order): drawn flags, frames from slots, children's slots, text
///    blocks.
/// Each pass reads every `View` once at most: they are large, and reading them is most of
/// the cost of a resolve.
struct Resolver {
    /// Flag bits kept per view in `flags`.
    enum Flag {
        /// The view's own `visibility` is `collapsed` (set in pass 1).
        static let collapsed: UInt8 = 1
        /// The view's own `visibility` is `hidden` (set in pass 1).
        static let hidden: UInt8 = 2
        /// The view's desired size depends on the available size (set in pass 1).
        static let constrained: UInt8 = 4
        /// The view or one of its ancestors is collapsed (set in pass 3).
        static let inCollapsedSubtree: UInt8 = 8
    }

    let views: UnsafeBufferPointer<View>
    let parents: UnsafeBufferPointer<Int>
    let measurer: any TextMeasuring
    let viewport: Size
    let frames: UnsafeMutableBufferPointer<Rect>
    let isDrawn: UnsafeMutableBufferPointer<Bool>

    /// One past the last index of each view's subtree (`Spec.subtreeEnds`, checked when the
    /// spec was made), so children are found by jumping:
    /// `child = i + 1; child = subtreeEnds[child]…`.
    let subtreeEnds: UnsafeBufferPointer<Int>
    let flags: UnsafeMutableBufferPointer<UInt8>
    /// Each view's own desired size: its explicit or measured size clamped to min/max,
    /// margins excluded. Zero for collapsed views.
    let desired: UnsafeMutableBufferPointer<Size>
    /// The slot each view's parent gives it (margins included), set before it is arranged.
    let slots: UnsafeMutableBufferPointer<Rect>
    /// Laid-out text of labels and buttons, by view index, in order.
    var texts: [(view: Int, block: TextBlock)] = []

    init(
        views: UnsafeBufferPointer<View>, parents: UnsafeBufferPointer<Int>, subtreeEnds: UnsafeBufferPointer<Int>,
        measurer: any TextMeasuring, viewport: Size, frames: UnsafeMutableBufferPointer<Rect>, isDrawn: UnsafeMutableBufferPointer<Bool>
    ) {
        self.views = views
        self.parents = parents
        self.subtreeEnds = subtreeEnds
        self.measurer = measurer
        self.viewport = viewport
        self.frames = frames
        self.isDrawn = isDrawn
        let count = views.count
        flags = .allocate(capacity: count)
        desired = .allocate(capacity: count)
        slots = .allocate(capacity: count)
    }

    /// Frees the scratch arrays.
    func deallocate() {
        flags.deallocate()
        desired.deallocate()
        slots.deallocate()
    }

    /// Runs the passes; `frames` and `isDrawn` are fully written afterwards.
    mutating func run() {
        measureBottomUp()
        measureConstrained()
        arrange()
    }

    /// True when view `index` itself is collapsed (valid from pass 1 on).
    @inline(__always)
    func isCollapsed(_ index: Int) -> Bool {
        flags[index] & Flag.collapsed != 0
    }

    /// Calls `body` with each child of `index`, in order.
    @inline(__always)
    func forEachChild(of index: Int, _ body: (Int) -> Void) {
        let end = subtreeEnds[index]
        var child = index + 1
        while child < end {
            body(child)
            child = subtreeEnds[child]
        }
    }
}
