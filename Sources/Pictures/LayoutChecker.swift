import LayoutEngine
import LayoutSpec

/// What a designer wants to know before shipping a layout at one screen size: the checks
/// behind `plumb check`, here beside the pictures so the studio can show them too. Each check
/// is a step in its own function; the text and overlap checks are in
/// `LayoutChecker+Text.swift` and `LayoutChecker+Overlap.swift`. Pure: a spec, its layout and
/// the measurer that made it in, warnings out.
///
/// Warnings come in tree order (a view's own warnings in `LayoutWarning.Check` order), so the
/// output is stable.
public struct LayoutChecker {
    let spec: Spec
    let layout: Layout
    let measurer: any TextMeasuring
    /// Lengths within this much count as equal: the engine's doubles, or half a pixel when
    /// the layout was snapped.
    let tolerance: Double
    let children: [[Int]]
    /// Collapsed, or inside a collapsed view: takes no space, has no text.
    let takesNoSpace: [Bool]

    /// A checker of `layout`, which `measurer` made from `spec`.
    public init(spec: Spec, layout: Layout, measurer: any TextMeasuring) {
        self.spec = spec
        self.layout = layout
        self.measurer = measurer
        tolerance = layout.scale.map { 1 / $0 } ?? 1e-6
        children = spec.childIndices()
        var takesNoSpace = [Bool](repeating: false, count: spec.count)
        for index in 0..<spec.count {
            let parent = spec.parents[index]
            takesNoSpace[index] = spec.views[index].visibility == .collapsed || (parent >= 0 && takesNoSpace[parent])
        }
        self.takesNoSpace = takesNoSpace
    }

    /// Every warning, in tree order; overlaps only when `overlaps` is true (`--no-overlap`).
    public func warnings(overlaps checkOverlaps: Bool = true) -> [LayoutWarning] {
        var byView = [[LayoutWarning]](repeating: [], count: spec.count)
        for index in 0..<spec.count {
            byView[index] += sizesOnFillAxes(index)
            if index == 0 { byView[index] += marginOnRoot() }
            byView[index] += minimumsAboveMaximums(index)
            if index > 0 && !takesNoSpace[index] { byView[index] += sizesBelowPadding(index) }
            byView[index] += gridPlacement(index)
            if let warning = textFit(index) { byView[index].append(warning) }
        }
        for index in 0..<spec.count where checkOverlaps && spec.views[index].kind.isContainer {
            for (view, warning) in overlaps(amongChildrenOf: index) { byView[view].append(warning) }
        }
        return byView.flatMap { $0 }
    }

    /// A `width` or `height` the layout did not honour because the axis is `fill` and the slot
    /// decided (DESIGN.md §2: fill binds to the slot). Along a stack's axis the slot is the
    /// view's own length, so a size there is honoured and not reported. The root's size is
    /// always ignored: it takes the screen.
    func sizesOnFillAxes(_ index: Int) -> [LayoutWarning] {
        let view = spec.views[index]
        var found: [LayoutWarning] = []
        if index == 0 {
            if let width = view.width {
                found.append(warning(index, .sizeOnFill, "width \(NumberText.decimal(width)) is ignored: the root takes the screen's width"))
            }
            if let height = view.height {
                found.append(warning(index, .sizeOnFill, "height \(NumberText.decimal(height)) is ignored: the root takes the screen's height"))
            }
            return found
        }
        guard !takesNoSpace[index] else { return [] }
        let frame = layout.frames[index]
        if let width = view.width, (view.horizontalAlignment ?? .fill) == .fill,
           abs(frame.width - view.clampWidth(width)) > tolerance {
            found.append(warning(index, .sizeOnFill, "width \(NumberText.decimal(width)) is ignored: horizontalAlignment is fill"))
        }
        if let height = view.height, (view.verticalAlignment ?? .fill) == .fill,
           abs(frame.height - view.clampHeight(height)) > tolerance {
            found.append(warning(index, .sizeOnFill, "height \(NumberText.decimal(height)) is ignored: verticalAlignment is fill"))
        }
        return found
    }

    /// `minWidth` above `maxWidth`, or `minHeight` above `maxHeight`: the minimum wins.
    func minimumsAboveMaximums(_ index: Int) -> [LayoutWarning] {
        let view = spec.views[index]
        var found: [LayoutWarning] = []
        if let minimum = view.minWidth, let maximum = view.maxWidth, minimum > maximum {
            found.append(warning(index, .minAboveMax, "minWidth \(NumberText.decimal(minimum)) is above maxWidth \(NumberText.decimal(maximum)): minWidth wins"))
        }
        if let minimum = view.minHeight, let maximum = view.maxHeight, minimum > maximum {
            found.append(warning(index, .minAboveMax, "minHeight \(NumberText.decimal(minimum)) is above maxHeight \(NumberText.decimal(maximum)): minHeight wins"))
        }
        return found
    }

    /// A `width`, `maxWidth`, `height` or `maxHeight` below the padding on its axis: the view is
    /// as long as its padding (CSS's border box). The root, which takes the screen, and collapsed
    /// views are left out.
    func sizesBelowPadding(_ index: Int) -> [LayoutWarning] {
        let view = spec.views[index]
        var found: [LayoutWarning] = []
        for (name, length, padding, edges) in [
            ("width", view.width, view.padding.horizontal, "left + right"), ("maxWidth", view.maxWidth, view.padding.horizontal, "left + right"),
            ("height", view.height, view.padding.vertical, "top + bottom"), ("maxHeight", view.maxHeight, view.padding.vertical, "top + bottom"),
        ] {
            guard let length, length < padding - tolerance else { continue }
            found.append(warning(index, .belowPadding,
                "\(name) \(NumberText.decimal(length)) is below its padding (\(edges): \(NumberText.decimal(padding))): the view is never smaller than its padding"))
        }
        return found
    }

    /// A grid child whose `row`/`column` is past the grid's tracks (it is put in the last one)
    /// or whose span runs past them (it is cut short); grid placement on a child of something
    /// that is not a grid (ignored).
    func gridPlacement(_ index: Int) -> [LayoutWarning] {
        let parent = spec.parents[index]
        guard parent >= 0 else { return [] }
        let view = spec.views[index]
        let container = spec.views[parent]
        guard container.kind == .grid else {
            let set: [(String, Int?)] = [("row", view.row), ("column", view.column), ("rowSpan", view.rowSpan), ("columnSpan", view.columnSpan)]
            return set.compactMap { name, value in
                value.map { warning(index, .outsideGrid, "\(name) \($0) is ignored: its parent \"\(container.id)\" is a \(container.kind.rawValue), not a grid") }
            }
        }
        var found: [LayoutWarning] = []
        let axes: [(start: Int?, span: Int?, tracks: [Track]?, name: String, plural: String)] = [
            (view.row, view.rowSpan, container.rows, "row", "rows"),
            (view.column, view.columnSpan, container.columns, "column", "columns"),
        ]
        for axis in axes {
            let count = max(1, axis.tracks?.count ?? 0)
            let start = axis.start ?? 0
            let tracks = "grid \"\(container.id)\" has \(count) \(count == 1 ? axis.name : axis.plural)"
            if start >= count {
                found.append(warning(index, .outsideGrid, "\(axis.name) \(start) is outside the grid: \(tracks), so it is placed in \(axis.name) \(count - 1)"))
            } else if let span = axis.span, start + span > count {
                found.append(warning(index, .outsideGrid, "\(axis.name)Span \(span) from \(axis.name) \(start) runs past the grid: \(tracks), so it spans \(count - start)"))
            }
        }
        return found
    }

    /// A `margin` on the root: the root takes the screen exactly (DESIGN.md §2), so its margin
    /// moves nothing; `padding` is what insets its children.
    func marginOnRoot() -> [LayoutWarning] {
        let margin = spec.views[0].margin
        let edges = [("top", margin.top), ("left", margin.left), ("bottom", margin.bottom), ("right", margin.right)]
            .compactMap { name, value in value.flatMap { $0 == 0 ? nil : "margin.\(name) \(NumberText.decimal($0))" } }
        guard !edges.isEmpty else { return [] }
        let what = edges.count == 4 && Set([margin.top, margin.left, margin.bottom, margin.right]).count == 1
            ? "margin \(NumberText.decimal(margin.top!))" : edges.joined(separator: ", ")
        return [warning(0, .marginOnRoot, "\(what) is ignored: the root takes the whole screen (padding insets its children)")]
    }

    func warning(_ index: Int, _ check: LayoutWarning.Check, _ message: String) -> LayoutWarning {
        LayoutWarning(view: spec.views[index].id, check: check, message: message)
    }
}
