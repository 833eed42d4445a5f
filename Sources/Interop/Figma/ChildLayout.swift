import LayoutSpec

/// How a container lays out its children in Plumb: the plan for one frame, group or instance.
///
/// - No auto layout: a `view`; each child docks by its constraints.
/// - Horizontal or vertical auto layout with no child growing along the axis, or wrapping: a
///   `stack` with `spacing` (negative too), `padding` and the `distribution` that
///   `primaryAxisAlignItems` names; absolutely positioned children float in it.
/// - Horizontal or vertical auto layout with a child growing along the axis (`layoutGrow`,
///   `FILL`): a one-row (or one-column) `grid`, an `auto` track for each child and a star one
///   for each growing child (there is no room left to distribute).
/// - `layoutMode: GRID`: a `grid` with Figma's tracks and gaps.
struct ChildLayout {
    enum Form { case docked, stack, flowGrid, cellGrid }

    let form: Form
    let layout: FigmaAutoLayout?
    /// Flow grids: the tracks along the axis, and each child's track (nil when it has none:
    /// collapsed, or absolutely positioned).
    private(set) var tracks: [Track] = []
    private(set) var trackOfChild: [Int?] = []
    /// Stacks: how many children are in the flow (visible, not absolutely positioned).
    private(set) var flowCount = 0
    /// Flow grids: true when a child in the flow is longer across the axis than the content box.
    private(set) var overflowsAcross = false

    var kind: ViewKind {
        switch form {
        case .docked: .view
        case .stack: .stack
        case .flowGrid, .cellGrid: .grid
        }
    }

    /// A turned layer's children keep their boxes (`Placement.turned`): a plain `view`.
    static let turned = ChildLayout(form: .docked, layout: nil)

    static func plan(for node: FigmaNode) -> ChildLayout {
        guard let layout = node.autoLayout else { return ChildLayout(form: .docked, layout: nil) }
        if layout.mode == .grid { return ChildLayout(form: .cellGrid, layout: layout) }
        let horizontal = layout.mode == .horizontal
        let inFlow = node.children.map { $0.child.positioning != "ABSOLUTE" && $0.visible && $0.type != .slice }
        let grows = zip(node.children, inFlow).contains { child, flows in
            flows && Sizing.of(child, horizontal: horizontal, parent: layout) == .fill
        }
        // A wrapping layout does not grow its children (they keep their lengths).
        guard grows && !layout.wraps else {
            var plan = ChildLayout(form: .stack, layout: layout)
            plan.flowCount = inFlow.filter { $0 }.count
            return plan
        }
        var plan = ChildLayout(form: .flowGrid, layout: layout)
        for (child, flows) in zip(node.children, inFlow) {
            guard flows else {
                plan.trackOfChild.append(nil)
                continue
            }
            plan.trackOfChild.append(plan.tracks.count)
            let fills = Sizing.of(child, horizontal: horizontal, parent: layout) == .fill
            plan.tracks.append(fills ? .star(max(child.child.layoutGrow, 1)) : .auto)
        }
        if let box = node.box {
            let vertical = layout.mode == .vertical
            let content = vertical ? box.width - layout.paddingLeft - layout.paddingRight : box.height - layout.paddingTop - layout.paddingBottom
            plan.overflowsAcross = zip(node.children, plan.trackOfChild).contains { child, track in
                track != nil && (child.box.map { vertical ? $0.width : $0.height } ?? 0) > content + 0.001
            }
        }
        return plan
    }

    /// The container's own layout properties: orientation, spacing, padding, tracks.
    /// `contentAcross`: the content box's length across the axis where the frame keeps its own
    /// length there (nil where it hugs or fills).
    func configure(_ view: inout View, contentAcross: Double?, summary: inout ImportSummary) {
        guard let layout else { return }
        view.padding.top = nonZero(layout.paddingTop)
        view.padding.left = nonZero(layout.paddingLeft)
        view.padding.bottom = nonZero(layout.paddingBottom)
        view.padding.right = nonZero(layout.paddingRight)
        // Under SPACE_BETWEEN the gaps are the free space, whatever itemSpacing says: none
        // when a child fills it, and a wrapping frame's lines break as if there were none.
        var spacing = layout.primaryAxisAlignItems == "SPACE_BETWEEN" ? 0 : layout.itemSpacing
        if spacing < 0 && form != .stack {
            summary.approximated("negative item spacing (imported as 0)")
            spacing = 0
        }
        switch form {
        case .docked:
            break
        case .stack:
            view.orientation = layout.mode == .horizontal ? .horizontal : .vertical
            let rounded = round3(min(max(spacing, -1_000_000), 1_000_000))
            view.spacing = rounded != 0 ? rounded : nil
            view.distribution = distribution(summary: &summary)
            if layout.wraps { configureWrap(&view, layout: layout, summary: &summary) }
        case .flowGrid:
            let gap = nonZero(spacing)
            // A child longer across than the content box overflows it where its alignment puts
            // it (centred both ways, or past the end or the start), as in a stack; the track
            // across, a star one, would grow to the child and put it at the content's start.
            // Where the frame keeps its own length across, a track of the content's length
            // lets it overflow.
            let across = overflowsAcross ? contentAcross.map { Track.fixed(round3(max(0, $0))) } : nil
            if layout.mode == .horizontal {
                view.columns = tracks
                view.columnSpacing = gap
                view.rows = across.map { [$0] }
            } else {
                view.rows = tracks
                view.rowSpacing = gap
                view.columns = across.map { [$0] }
            }
        case .cellGrid:
            view.rows = Self.gridTracks(layout.gridRows, count: layout.gridRowCount)
            view.columns = Self.gridTracks(layout.gridColumns, count: layout.gridColumnCount)
            view.rowSpacing = nonZero(layout.gridRowGap)
            view.columnSpacing = nonZero(layout.gridColumnGap)
        }
    }

    /// A stack's children along its axis, each line on its own, as `primaryAxisAlignItems`
    /// puts them; Figma centres a lone child under `SPACE_BETWEEN`, where CSS packs it at the
    /// start.
    private func distribution(summary: inout ImportSummary) -> StackDistribution? {
        guard let layout else { return nil }
        switch layout.primaryAxisAlignItems {
        case "MIN": return nil
        case "CENTER": return .center
        case "MAX": return .end
        case "SPACE_BETWEEN": return flowCount == 1 ? .center : .spaceBetween
        default:
            summary.approximated("\(layout.primaryAxisAlignItems.lowercased()) alignment of auto layout (imported as packed at the start)")
            return nil
        }
    }

    /// A wrapping auto layout: lines `counterAxisSpacing` apart (`itemSpacing` where Figma
    /// leaves it unset), packed at the top.
    private func configureWrap(_ view: inout View, layout: FigmaAutoLayout, summary: inout ImportSummary) {
        view.wrap = true
        let lineSpacing = layout.counterAxisSpacing ?? layout.itemSpacing
        if lineSpacing < 0 { summary.approximated("negative line spacing of a wrapping auto layout (imported as 0)") }
        let rounded = round3(min(max(lineSpacing, 0), 1_000_000))
        view.lineSpacing = rounded != 0 ? rounded : nil
        if layout.counterAxisAlignContent == "SPACE_BETWEEN" {
            summary.approximated("lines spaced apart in a wrapping auto layout (imported as packed at the top)")
        }
    }

    /// Each child's placement, in the order of `node.children`.
    func placements(for node: FigmaNode) -> [Placement] {
        guard let box = node.box else { return [] }
        guard let layout else { return node.children.map { _ in .docked(content: box) } }
        let content = FigmaRect(
            x: box.x + layout.paddingLeft, y: box.y + layout.paddingTop,
            width: box.width - layout.paddingLeft - layout.paddingRight, height: box.height - layout.paddingTop - layout.paddingBottom)
        switch form {
        case .docked:
            return node.children.map { _ in .docked(content: box) }
        case .stack:
            return node.children.map { $0.child.positioning == "ABSOLUTE" ? .floating(box: box) : .flow(layout, track: nil, content: content) }
        case .flowGrid:
            let span = max(tracks.count, 1)
            return zip(node.children, trackOfChild).map { child, track in
                if child.child.positioning == "ABSOLUTE" {
                    return .dockedInGrid(content: content, rowSpan: layout.mode == .vertical ? span : 1, columnSpan: layout.mode == .horizontal ? span : 1)
                }
                return .flow(layout, track: track ?? 0, content: content)
            }
        case .cellGrid:
            let columns = max(layout.gridColumns.count, layout.gridColumnCount, 1)
            let rows = max(layout.gridRows.count, layout.gridRowCount, 1)
            var next = 0
            return node.children.map { child in
                if child.child.positioning == "ABSOLUTE" {
                    return .dockedInGrid(content: content, rowSpan: rows, columnSpan: columns)
                }
                let row = child.child.gridRow ?? next / columns
                let column = child.child.gridColumn ?? next % columns
                next += 1
                return .cell(layout, row: row, column: column, rowSpan: child.child.gridRowSpan, columnSpan: child.child.gridColumnSpan)
            }
        }
    }

    /// Figma grid tracks as Plumb tracks: `FIXED` → points, `FLEX` → star, `HUG` → auto;
    /// `count` star tracks when Figma lists none.
    static func gridTracks(_ tracks: [FigmaGridTrack], count: Int) -> [Track] {
        if tracks.isEmpty { return Array(repeating: .star(1), count: max(count, 1)) }
        return tracks.map { track in
            switch track.type {
            case "FIXED": .fixed(round3(max(track.value, 0)))
            case "HUG": .auto
            default: .star(track.value > 0 ? track.value : 1)
            }
        }
    }
}
