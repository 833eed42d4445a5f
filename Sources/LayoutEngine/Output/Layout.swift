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
    /// The text blocks of labels and buttons (not collapsed), in tree order.
    public let textBlocks: [TextBlock]
    /// For each view, the index of its block in `textBlocks`, or -1. Kept sparse so a spec
    /// without text costs one small integer per view.
    private let textBlockIndices: [Int32]

    /// Assembles a layout. `frames` and `isDrawn` have one element per view; `texts` pairs
    /// view indices, ascending, with their text blocks.
    public init(viewport: Size, scale: Double?, frames: [Rect], isDrawn: [Bool], texts: [(view: Int, block: TextBlock)]) {
        precondition(frames.count == isDrawn.count)
        self.viewport = viewport
        self.scale = scale
        self.frames = frames
        self.isDrawn = isDrawn
        var indices = [Int32](repeating: -1, count: frames.count)
        for (position, text) in texts.enumerated() { indices[text.view] = Int32(position) }
        textBlockIndices = indices
        textBlocks = texts.map(\.block)
    }

    /// A layout with the same structure and new rects (used by snapping).
    private init(_ layout: Layout, scale: Double?, frames: [Rect], textBlocks: [TextBlock]) {
        viewport = layout.viewport
        self.scale = scale
        self.frames = frames
        isDrawn = layout.isDrawn
        textBlockIndices = layout.textBlockIndices
        self.textBlocks = textBlocks
    }

    /// Number of views.
    public var count: Int { frames.count }

    /// The text of view `index` if it is a label or button (and not collapsed).
    public func textBlock(of index: Int) -> TextBlock? {
        let position = textBlockIndices[index]
        return position < 0 ? nil : textBlocks[Int(position)]
    }

    /// Everything computed for view `index`.
    public subscript(index: Int) -> ViewLayout {
        ViewLayout(frame: frames[index], isDrawn: isDrawn[index], text: textBlock(of: index))
    }

    /// This layout with every frame, text block and line rect snapped to the pixel grid of
    /// `scale` pixels per point (see `Rect.snapped(toScale:)`).
    public func snapped(toScale scale: Double) -> Layout {
        Layout(
            self, scale: scale,
            frames: frames.map { $0.snapped(toScale: scale) },
            textBlocks: textBlocks.map { block in
                TextBlock(
                    rect: block.rect.snapped(toScale: scale),
                    lines: block.lines.map { TextLine(text: $0.text, rect: $0.rect.snapped(toScale: scale), baseline: $0.baseline, spans: $0.spans) })
            })
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
