import LayoutSpec

/// The result of resolving a spec: one frame per view, in the spec's tree order.
///
/// Index `i` of every array is view `i` of the `Spec` that was resolved (`spec.views[i]`), so
/// a reader pairs ids, parents and frames by index. All rects are in root coordinates, in
/// points; unrounded unless the layout was resolved with a `scale`.
public struct Layout: Hashable, Sendable {
    /// The size the root was given.
    public let viewport: Size
    /// Pixels per point the rects were snapped to, or `nil` for unrounded rects.
    public let scale: Double?
    /// Each view's frame. A collapsed view (or one inside a collapsed view) has a zero-size
    /// frame at its slot's origin.
    public let frames: [Rect]
    /// Whether each view is drawn: it is `visible` and so are all its ancestors.
    public let isDrawn: [Bool]
    /// The text of each label and button, `nil` for other kinds and for collapsed views.
    public let textBlocks: [TextBlock?]

    /// Assembles a layout; the three arrays must have one element per view.
    public init(viewport: Size, scale: Double?, frames: [Rect], isDrawn: [Bool], textBlocks: [TextBlock?]) {
        precondition(frames.count == isDrawn.count && frames.count == textBlocks.count)
        self.viewport = viewport
        self.scale = scale
        self.frames = frames
        self.isDrawn = isDrawn
        self.textBlocks = textBlocks
    }

    /// Number of views.
    public var count: Int { frames.count }

    /// Everything computed for view `index`.
    public subscript(index: Int) -> ViewLayout {
        ViewLayout(frame: frames[index], isDrawn: isDrawn[index], text: textBlocks[index])
    }
}

/// Everything computed for one view: its frame, whether it is drawn, and its text.
public struct ViewLayout: Hashable, Sendable {
    /// The frame, in root coordinates.
    public var frame: Rect
    /// True when the view and all its ancestors are `visible`.
    public var isDrawn: Bool
    /// The laid-out text of a label or button.
    public var text: TextBlock?
}
