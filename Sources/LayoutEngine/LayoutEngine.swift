import LayoutSpec

/// Resolves specs into frames: a measure pass (desired sizes, bottom-up, with the available
/// size handed down where it matters) then an arrange pass (frames, top-down), as WPF does,
/// per DESIGN.md §2. Pure: no I/O, never throws.
///
/// The passes walk the spec's flat tree-order arrays, never recursing over the tree, so a
/// spec of any depth resolves. Cost is O(views) plus text layout for labels and buttons, and
/// track sizing for grids.
///
/// ```swift
/// let engine = LayoutEngine(measurer: FixedTextMeasurer())
/// let layout = engine.resolve(spec, viewport: Size(width: 375, height: 667))
/// print(layout.frames[0])
/// ```
public struct LayoutEngine {
    /// The text measurer used for labels and buttons.
    public let measurer: any TextMeasuring

    /// An engine measuring text with `measurer`.
    public init(measurer: any TextMeasuring) {
        self.measurer = measurer
    }

    /// Resolves `spec` with its root the size of `viewport`.
    ///
    /// - Parameter scale: pixels per point; when given, every rect's edges are rounded to
    ///   the pixel grid (`1 / scale` points) after layout. `nil` leaves rects unrounded.
    /// - Returns: one frame per view, in the spec's order (root first).
    ///
    /// A label whose font family the measurer does not have keeps its designed size
    /// (`DesignedSizes`).
    public func resolve(_ spec: Spec, viewport: Size, scale: Double? = nil) -> Layout {
        let spec = DesignedSizes.pinned(spec, measurer: measurer)
        let count = spec.count
        var isDrawn = [Bool](repeating: false, count: count)
        var texts: [(view: Int, block: TextBlock)] = []
        let frames = [Rect](unsafeUninitializedCapacity: count) { frameBuffer, initialized in
            isDrawn.withUnsafeMutableBufferPointer { drawnBuffer in
                spec.views.withUnsafeBufferPointer { views in
                    spec.parents.withUnsafeBufferPointer { parents in
                        spec.subtreeEnds.withUnsafeBufferPointer { subtreeEnds in
                            var resolver = Resolver(
                                views: views, parents: parents, subtreeEnds: subtreeEnds, measurer: measurer,
                                viewport: viewport, frames: frameBuffer, isDrawn: drawnBuffer)
                            resolver.run()
                            texts = resolver.texts
                            resolver.deallocate()
                        }
                    }
                }
            }
            initialized = count
        }
        var layout = Layout(viewport: viewport, scale: nil, frames: frames, isDrawn: isDrawn, texts: texts)
        if let scale, scale > 0, scale.isFinite { layout = layout.snapped(toScale: scale) }
        return layout
    }
}
