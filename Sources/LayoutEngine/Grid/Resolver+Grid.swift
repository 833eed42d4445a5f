import LayoutSpec

extension Resolver {
    /// A grid child and the tracks it covers.
    struct GridPlacement {
        var child: Int
        var column: Int
        var columnSpan: Int
        var row: Int
        var rowSpan: Int
    }

    /// The two axes of grid `index`, before sizing to content.
    func gridAxes(of index: Int, boundedWidth: Bool, boundedHeight: Bool) -> (columns: GridAxis, rows: GridAxis) {
        let view = views.baseAddress! + index
        return (
            GridAxis(tracks: view.pointee.columns, spacing: view.pointee.columnSpacing ?? 0, bounded: boundedWidth),
            GridAxis(tracks: view.pointee.rows, spacing: view.pointee.rowSpacing ?? 0, bounded: boundedHeight)
        )
    }

    /// Where each child of grid `index` sits, collapsed children included.
    func gridPlacements(of index: Int, columns: GridAxis, rows: GridAxis) -> [GridPlacement] {
        var placements: [GridPlacement] = []
        forEachChild(of: index) { child in
            let view = views.baseAddress! + child
            let column = columns.placement(start: view.pointee.column, span: view.pointee.columnSpan)
            let row = rows.placement(start: view.pointee.row, span: view.pointee.rowSpan)
            placements.append(GridPlacement(
                child: child, column: column.start, columnSpan: column.span, row: row.start, rowSpan: row.span))
        }
        return placements
    }

    /// Sizes both axes to the children's desired sizes (with margins), sharing star space
    /// within `available` where it is finite. Collapsed children take no part.
    func sizeGridAxes(
        _ columns: inout GridAxis, _ rows: inout GridAxis, placements: [GridPlacement], available: Size
    ) {
        var columnItems: [GridAxis.Item] = [], rowItems: [GridAxis.Item] = []
        columnItems.reserveCapacity(placements.count)
        rowItems.reserveCapacity(placements.count)
        for placement in placements where !isCollapsed(placement.child) {
            let view = views.baseAddress! + placement.child
            let margin = view.pointee.margin, size = desired[placement.child]
            let width = size.width + margin.horizontal, height = size.height + margin.vertical
            let columnFloor = starColumnFloor(of: view).map { min($0 + margin.horizontal, width) } ?? width
            columnItems.append(.init(start: placement.column, span: placement.columnSpan, length: width, floor: columnFloor))
            rowItems.append(.init(start: placement.row, span: placement.rowSpan, length: height, floor: height))
        }
        columns.resolve(items: columnItems, available: available.width)
        rows.resolve(items: rowItems, available: available.height)
    }

    /// The least a grid child holds a star column to, without margins, where that is not its
    /// desired width: a plain view stretched across its cell with no width of its own holds it
    /// to its padding or its minimum width only (what it holds may overflow it), as CSS does
    /// (the view's box is a grid whose track has no minimum, so its content adds nothing to its
    /// min-content width) and as Figma keeps a frame filling its auto layout at the length it is
    /// given. Rows are held to the whole height, as CSS holds them.
    func starColumnFloor(of view: UnsafePointer<View>) -> Double? {
        guard view.pointee.kind == .view, AxisAlignment(view.pointee.horizontalAlignment) == .fill,
              view.pointee.width == nil else { return nil }
        return view.pointee.leastWidth
    }

    /// Content of a `grid` in measure: every track at its content size (fixed tracks at their
    /// size, star tracks at their largest content), plus spacing.
    func gridContentSize(of index: Int, contentConstraint: Size) -> Size {
        var (columns, rows) = gridAxes(
            of: index, boundedWidth: contentConstraint.width.isFinite, boundedHeight: contentConstraint.height.isFinite)
        let placements = gridPlacements(of: index, columns: columns, rows: rows)
        sizeGridAxes(&columns, &rows, placements: placements, available: Size(width: .infinity, height: .infinity))
        return Size(width: columns.contentLength, height: rows.contentLength)
    }

    /// Arrange: sizes the tracks within the grid's content box (star tracks share it) and
    /// gives each child the cell area it spans as its slot.
    func assignGridSlots(of index: Int, content: Rect) {
        var (columns, rows) = gridAxes(of: index, boundedWidth: true, boundedHeight: true)
        let placements = gridPlacements(of: index, columns: columns, rows: rows)
        sizeGridAxes(&columns, &rows, placements: placements, available: content.size)
        let columnOffsets = columns.offsets, rowOffsets = rows.offsets
        for placement in placements {
            slots[placement.child] = Rect(
                x: content.x + columnOffsets[placement.column],
                y: content.y + rowOffsets[placement.row],
                width: columns.extent(start: placement.column, span: placement.columnSpan),
                height: rows.extent(start: placement.row, span: placement.rowSpan))
        }
    }

    /// Constrained measure of a grid, phase 0 or 1: the children (among those whose size
    /// depends on the space offered) to measure now, with the space each is offered.
    ///
    /// Phase 0 offers children outside star columns their fixed cell width, or an unbounded
    /// one in `auto` columns. Phase 1 sizes the columns from what is known, shares the star
    /// space of `content` and offers children in star columns their cell width. Heights are
    /// offered only in fixed rows; rows are sized afterwards from the results.
    func gridRequests(of index: Int, content: Size, phase: Int) -> [MeasureRequest] {
        var (columns, rows) = gridAxes(of: index, boundedWidth: content.width.isFinite, boundedHeight: false)
        let placements = gridPlacements(of: index, columns: columns, rows: rows)
        if phase == 1 {
            sizeGridAxes(&columns, &rows, placements: placements, available: Size(width: content.width, height: .infinity))
        }
        var requests: [MeasureRequest] = []
        for placement in placements where flags[placement.child] & Flag.collapsed == 0 && flags[placement.child] & Flag.constrained != 0 {
            let inStar = columns.spansStar(start: placement.column, span: placement.columnSpan)
            guard inStar == (phase == 1) else { continue }
            var width = Double.infinity, height = Double.infinity
            if inStar || columns.isFixed(start: placement.column, span: placement.columnSpan) {
                width = columns.extent(start: placement.column, span: placement.columnSpan)
            }
            if rows.isFixed(start: placement.row, span: placement.rowSpan) {
                height = rows.extent(start: placement.row, span: placement.rowSpan)
            }
            requests.append(MeasureRequest(node: placement.child, phase: 0, available: Size(width: width, height: height)))
        }
        return requests
    }
}
