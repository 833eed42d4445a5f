import LayoutSpec

/// Where one child sits in its parent's layout.
enum Placement {
    /// The top-level frame: the screen.
    case root
    /// Docked by its constraints in `content` (the parent's box less any padding).
    case docked(content: FigmaRect)
    /// An absolutely positioned child of an auto layout mapped to a grid: it spans every
    /// track and docks by its constraints in the content box.
    case dockedInGrid(content: FigmaRect, rowSpan: Int, columnSpan: Int)
    /// Flowing along an auto layout; `track` is its grid track when the layout is a grid.
    case flow(FigmaAutoLayout, track: Int?)
    /// In a cell of a `layoutMode: GRID` frame.
    case cell(FigmaAutoLayout, row: Int, column: Int, rowSpan: Int, columnSpan: Int)

    /// True where a hidden layer takes no space (Figma's auto layout skips it).
    var isInAutoLayout: Bool {
        switch self {
        case .flow, .cell: true
        case .root, .docked, .dockedInGrid: false
        }
    }
}

/// How a container lays out its children in Plumb: the plan for one frame, group or instance.
///
/// - No auto layout: a `view`; each child docks by its constraints.
/// - Horizontal or vertical auto layout packed at the start (`primaryAxisAlignItems` `MIN`),
///   no child growing, none absolutely positioned: a `stack` with `spacing` and `padding`.
/// - Other horizontal or vertical auto layout: a one-row (or one-column) `grid`: `auto` tracks
///   for the children, star tracks for growing children (`layoutGrow`, `FILL`), and empty star
///   tracks that push the children to the centre or end (`CENTER`, `MAX`) or apart
///   (`SPACE_BETWEEN`).
/// - `layoutMode: GRID`: a `grid` with Figma's tracks and gaps.
struct ChildLayout {
    enum Form { case docked, stack, flowGrid, cellGrid }

    let form: Form
    let layout: FigmaAutoLayout?
    /// Flow grids: the tracks along the axis, and each child's track (nil when it has none:
    /// collapsed, or absolutely positioned).
    private(set) var tracks: [Track] = []
    private(set) var trackOfChild: [Int?] = []
    /// True when the gaps between children are fixed tracks (so no grid spacing).
    private(set) var hasGapTracks = false

    var kind: ViewKind {
        switch form {
        case .docked: .view
        case .stack: .stack
        case .flowGrid, .cellGrid: .grid
        }
    }

    static func plan(for node: FigmaNode) -> ChildLayout {
        guard let layout = node.autoLayout else { return ChildLayout(form: .docked, layout: nil) }
        if layout.mode == .grid { return ChildLayout(form: .cellGrid, layout: layout) }
        let flowing = node.children.map { $0.child.positioning != "ABSOLUTE" }
        let grows = zip(node.children, flowing).contains { child, flows in
            flows && child.visible && Sizing.of(child, horizontal: layout.mode == .horizontal, parent: layout) == .fill
        }
        let packed = layout.primaryAxisAlignItems != "CENTER" && layout.primaryAxisAlignItems != "MAX"
            && layout.primaryAxisAlignItems != "SPACE_BETWEEN"
        if packed && !grows && !flowing.contains(false) { return ChildLayout(form: .stack, layout: layout) }

        var plan = ChildLayout(form: .flowGrid, layout: layout)
        let spreads = !grows && layout.primaryAxisAlignItems == "SPACE_BETWEEN"
        // With empty star tracks about, gaps are tracks of their own: grid spacing would also
        // fall between a child and an empty track, and a hugging frame has no room for that.
        plan.hasGapTracks = !grows
        if !grows && (layout.primaryAxisAlignItems == "CENTER" || layout.primaryAxisAlignItems == "MAX") {
            plan.tracks.append(.star(1))
        }
        var placed = 0
        for (child, flows) in zip(node.children, flowing) {
            guard flows && child.visible && child.type != .slice else {
                plan.trackOfChild.append(nil)
                continue
            }
            if placed > 0 && spreads {
                plan.tracks.append(.star(1))
            } else if placed > 0 && plan.hasGapTracks && layout.itemSpacing > 0 {
                plan.tracks.append(.fixed(round3(layout.itemSpacing)))
            }
            plan.trackOfChild.append(plan.tracks.count)
            let fills = Sizing.of(child, horizontal: layout.mode == .horizontal, parent: layout) == .fill
            plan.tracks.append(fills ? .star(max(child.child.layoutGrow, 1)) : .auto)
            placed += 1
        }
        if !grows && layout.primaryAxisAlignItems == "CENTER" { plan.tracks.append(.star(1)) }
        if plan.tracks.isEmpty { plan.tracks.append(.star(1)) }
        return plan
    }

    /// The container's own layout properties: orientation, spacing, padding, tracks.
    func configure(_ view: inout View, summary: inout ImportSummary) {
        guard let layout else { return }
        view.padding.top = nonZero(layout.paddingTop)
        view.padding.left = nonZero(layout.paddingLeft)
        view.padding.bottom = nonZero(layout.paddingBottom)
        view.padding.right = nonZero(layout.paddingRight)
        if layout.wraps { summary.approximated("wrapping auto layout (imported as one line)") }
        var spacing = layout.itemSpacing
        if spacing < 0 {
            summary.approximated("negative item spacing (imported as 0)")
            spacing = 0
        }
        switch form {
        case .docked:
            break
        case .stack:
            view.orientation = layout.mode == .horizontal ? .horizontal : .vertical
            view.spacing = nonZero(spacing)
        case .flowGrid:
            let gap = hasGapTracks ? nil : nonZero(spacing)
            if layout.mode == .horizontal {
                view.columns = tracks
                view.columnSpacing = gap
            } else {
                view.rows = tracks
                view.rowSpacing = gap
            }
        case .cellGrid:
            view.rows = Self.gridTracks(layout.gridRows, count: layout.gridRowCount)
            view.columns = Self.gridTracks(layout.gridColumns, count: layout.gridColumnCount)
            view.rowSpacing = nonZero(layout.gridRowGap)
            view.columnSpacing = nonZero(layout.gridColumnGap)
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
            return node.children.map { _ in .flow(layout, track: nil) }
        case .flowGrid:
            let span = max(tracks.count, 1)
            return zip(node.children, trackOfChild).map { child, track in
                if child.child.positioning == "ABSOLUTE" {
                    return .dockedInGrid(content: content, rowSpan: layout.mode == .vertical ? span : 1, columnSpan: layout.mode == .horizontal ? span : 1)
                }
                return .flow(layout, track: track ?? 0)
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

/// How a node is sized on one axis.
enum Sizing {
    /// Its own size, written as `width`/`height`.
    case fixed
    /// Its content's size: nothing written, Plumb measures.
    case hug
    /// Its parent's size along this axis: alignment `fill`.
    case fill

    /// The node's sizing on one axis: `layoutSizingHorizontal`/`Vertical` where the file has
    /// them, else (older files) `layoutGrow` along its auto layout parent's axis and
    /// `layoutAlign: STRETCH` across it, else whether it hugs its content.
    static func of(_ node: FigmaNode, horizontal: Bool, parent: FigmaAutoLayout?) -> Sizing {
        let inFlow = parent != nil && node.child.positioning != "ABSOLUTE"
        switch horizontal ? node.child.sizingHorizontal : node.child.sizingVertical {
        case "FILL"?: return inFlow ? .fill : .fixed
        case "HUG"?: return hugs(node, horizontal: horizontal) ? .hug : .fixed
        case "FIXED"?: return .fixed
        default: break
        }
        if inFlow, let parent, parent.mode != .grid {
            let along = (parent.mode == .horizontal) == horizontal
            if along && node.child.layoutGrow > 0 { return .fill }
            if !along && node.child.layoutAlign == "STRETCH" { return .fill }
        }
        return hugs(node, horizontal: horizontal) ? .hug : .fixed
    }

    /// True when the node takes its content's size on this axis: an auto layout frame whose
    /// sizing mode is `AUTO` there, or text that grows (`textAutoResize`).
    static func hugs(_ node: FigmaNode, horizontal: Bool) -> Bool {
        if let layout = node.autoLayout, layout.mode != .grid {
            let primary = (layout.mode == .horizontal) == horizontal
            return (primary ? layout.primaryAxisSizingMode : layout.counterAxisSizingMode) == "AUTO"
        }
        if node.type == .text {
            switch node.text?.autoResize {
            case "WIDTH_AND_HEIGHT"?: return true
            case "HEIGHT"?: return !horizontal
            default: return false
            }
        }
        return false
    }
}

/// A child docked on one axis by its Figma constraint, from its offsets in the parent.
struct Docked {
    enum Placement {
        case fill, start, center, end

        var horizontal: HorizontalAlignment? {
            switch self {
            case .fill: nil
            case .start: .left
            case .center: .center
            case .end: .right
            }
        }

        var vertical: VerticalAlignment? {
            switch self {
            case .fill: nil
            case .start: .top
            case .center: .center
            case .end: .bottom
            }
        }
    }

    let constraint: String
    private(set) var placement = Placement.start
    private(set) var marginStart = 0.0
    private(set) var marginEnd = 0.0
    /// The explicit length, nil when the view fills or hugs.
    private(set) var length: Double?
    /// True when the constraint could not be kept (the child reaches outside its parent,
    /// which margins ≥ 0 cannot say) and the child is centred with its offset instead.
    private(set) var fellBack = false

    /// `LEFT`/`TOP` → start, `RIGHT`/`BOTTOM` → end, `CENTER` → centre with the offset as a
    /// margin difference, `LEFT_RIGHT`/`TOP_BOTTOM` and `SCALE` → fill with both margins.
    init(start: Double, length: Double, end: Double, constraint: String, sizing: Sizing) {
        self.constraint = constraint
        // Figma's float noise: a child flush with its parent may sit at -0.00001.
        let start = abs(start) < 0.001 ? 0 : start, end = abs(end) < 0.001 ? 0 : end
        let own = sizing == .hug ? nil : length
        switch (constraint, start >= 0, end >= 0) {
        case ("LEFT", true, _), ("TOP", true, _):
            (placement, marginStart, self.length) = (.start, start, own)
        case ("RIGHT", _, true), ("BOTTOM", _, true):
            (placement, marginEnd, self.length) = (.end, end, own)
        case ("CENTER", _, _):
            centre(start: start, end: end, length: own)
        case ("LEFT_RIGHT", true, true), ("TOP_BOTTOM", true, true), ("SCALE", true, true):
            (placement, marginStart, marginEnd) = (.fill, start, end)
        default:
            // Outside the parent (or an unknown constraint): the box kept, centred.
            centre(start: start, end: end, length: length)
            fellBack = true
        }
    }

    /// Centred with margins whose difference is twice the offset of the child's centre from
    /// the parent's: the same box at this size, the same offset at any other.
    private mutating func centre(start: Double, end: Double, length: Double?) {
        placement = .center
        marginStart = max(0, start - end)
        marginEnd = max(0, end - start)
        self.length = length
    }
}
