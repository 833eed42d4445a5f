import LayoutSpec

/// A plain view the importer adds around a child lying wholly before its parent's start
/// (above its top edge, or left of its left edge), where no margin ≥ 0 can reach.
///
/// Under WPF's rule a view's box starts at most its own length before its slot (docked at
/// the end, or centred, with no usable length left), so the child alone cannot get there. The
/// wrapper is long enough to: on each such axis it reaches from the child's start to the
/// parent's end and is docked at the parent's end with that length, or, for a `CENTER`
/// constraint, reaches as far past the parent's end as the child lies before its start and
/// is centred (so the child keeps its offset from the parent's centre at any size). On the
/// other axis it fills the parent. At the imported size its start is the child's, and the
/// child docks inside it by its own constraint, which it can now keep. The wrapper has no
/// fill, border or text; its id is the child's followed by `-outside` (`ImportedFrame`), its
/// `sourceId` the child's node id followed by `#outside`.
struct OutsideWrapper {
    /// How the wrapper sits on one axis of the parent.
    struct Axis {
        let placement: AxisAlignment
        /// The explicit length, nil when the wrapper fills the parent on this axis.
        let length: Double?
    }

    /// Appended to the child's node id to make the wrapper's `sourceId`.
    static let sourceSuffix = "#outside"

    /// The wrapper's box on the canvas at the imported size.
    let box: FigmaRect
    let horizontal: Axis
    let vertical: Axis

    /// The wrapper a child with box `box`, docked as `horizontal` and `vertical` say in
    /// `content` (the parent's box less its padding), needs; nil when it needs none.
    init?(around box: FigmaRect, in content: FigmaRect, horizontal: Docked, vertical: Docked) {
        guard horizontal.outside == .beforeStart || vertical.outside == .beforeStart else { return nil }
        let across = Self.axis(contentStart: content.x, contentLength: content.width, childStart: box.x, docked: horizontal)
        let down = Self.axis(contentStart: content.y, contentLength: content.height, childStart: box.y, docked: vertical)
        self.box = FigmaRect(x: across.start, y: down.start, width: across.length, height: down.length)
        self.horizontal = across.axis
        self.vertical = down.axis
    }

    /// One axis: from the child's start to the parent's end (docked at the end), or
    /// symmetric about the parent's centre (centred) for `CENTER`; else the parent's extent.
    private static func axis(contentStart: Double, contentLength: Double, childStart: Double, docked: Docked) -> (axis: Axis, start: Double, length: Double) {
        guard docked.outside == .beforeStart else {
            return (Axis(placement: .fill, length: nil), contentStart, contentLength)
        }
        let offset = childStart - contentStart
        let centred = docked.constraint == "CENTER"
        let length = round3(centred ? contentLength - 2 * offset : contentLength - offset)
        return (Axis(placement: centred ? .center : .end, length: length), childStart, length)
    }

    /// The wrapper's alignment and size.
    func configure(_ view: inout View) {
        view.horizontalAlignment = horizontal.placement.horizontal
        view.verticalAlignment = vertical.placement.vertical
        view.width = horizontal.length
        view.height = vertical.length
    }
}
