import LayoutSpec

/// Maps one top-level frame's node tree to a spec, per the table in docs/figma.md.
///
/// Walks the tree parent first. Each container decides how its children are laid out
/// (`ChildLayout`): docked by their constraints (a plain frame or group), flowing in a stack,
/// or in grid cells (auto layout Plumb's stack cannot say: centred or spread children, growing
/// children, absolutely positioned ones, `layoutMode: GRID`). Each child then gets its
/// alignment, margins and explicit size from its `Placement` in that layout; a docked child
/// lying wholly before its parent's start is placed through a view added around it
/// (`OutsideWrapper`).
struct FigmaMapper {
    private(set) var views: [View] = []
    private(set) var parents: [Int] = []
    private(set) var types: [FigmaNodeType] = []
    private(set) var names: [String] = []
    private(set) var boxes: [FigmaRect] = []
    private(set) var collapsed: [Bool] = []
    private(set) var rotated: [Bool] = []
    /// Per view: true for a view the importer added (an `OutsideWrapper`), not a Figma node.
    private(set) var added: [Bool] = []
    /// Per view: for a text node, what of its text style that changes its size Plumb could not
    /// express.
    private(set) var textLosses: [String?] = []
    var summary = ImportSummary()
    let file: String
    /// The frame's top-left corner on the canvas: Figma boxes are made relative to it.
    private var origin = (x: 0.0, y: 0.0)

    init(file: String) {
        self.file = file
    }

    /// Maps `frame` and everything under it.
    mutating func map(frame: FigmaNode) throws(InteropError) {
        guard let box = frame.box else { throw missingBox(frame) }
        origin = (box.x, box.y)
        try visit(frame, parent: -1, placement: .root, inCollapsed: false)
    }

    private mutating func visit(_ node: FigmaNode, parent: Int, placement: Placement, inCollapsed: Bool) throws(InteropError) {
        guard let box = node.box else { throw missingBox(node) }
        if let content = placement.dockingContent {
            let (horizontal, vertical) = Self.docked(node, box: box, in: content, turned: placement.isTurned)
            if let wrapper = OutsideWrapper(around: box, in: content, horizontal: horizontal, vertical: vertical) {
                let index = try wrap(node, in: wrapper, parent: parent, placement: placement, inCollapsed: inCollapsed)
                let inWrapper = placement.isTurned ? Placement.turned(content: wrapper.box) : Placement.wrapped(
                    content: wrapper.box, horizontally: horizontal.outside == .beforeStart, vertically: vertical.outside == .beforeStart)
                try visit(node, parent: index, placement: inWrapper, inCollapsed: inCollapsed)
                return
            }
        }
        let turned = placement.isTurned || abs(node.rotation) > 1e-4
        let layout = node.isContainer ? (turned ? ChildLayout.turned : ChildLayout.plan(for: node)) : nil
        var view = View(id: "v\(views.count)", kind: kind(of: node, layout: layout))
        view.sourceId = String(node.id.prefix(Property.maxSourceIDLength))
        let isCollapsed = inCollapsed || (!node.visible && placement.isInAutoLayout)
        if !node.visible { view.visibility = placement.isInAutoLayout ? .collapsed : .hidden }
        place(&view, node: node, box: box, placement: placement)
        if turned {
            // Its box is the turned shape's bounds, which its unturned content does not give.
            if view.width == nil { view.width = round3(box.width) }
            if view.height == nil { view.height = round3(box.height) }
        } else if let autoLayout = node.autoLayout, autoLayout.mode != .grid,
                  !node.children.contains(where: { $0.visible && $0.child.positioning != "ABSOLUTE" }) {
            // With nothing in its flow (every child hidden, or absolutely positioned) Figma keeps
            // a hugging frame at the size it had; it does not shrink to its padding.
            if view.width == nil && hugs(node, horizontal: true, placement: placement) { view.width = round3(box.width) }
            if view.height == nil && hugs(node, horizontal: false, placement: placement) { view.height = round3(box.height) }
        }
        view.minWidth = node.minWidth.map(round3)
        view.maxWidth = node.maxWidth.map(round3)
        view.minHeight = node.minHeight.map(round3)
        view.maxHeight = node.maxHeight.map(round3)
        if node.type == .text { designedSize(&view, node: node, box: box) }
        let textLoss = style(&view, node: node)
        if let layout { layout.configure(&view, contentAcross: contentAcross(node, box: box, placement: placement), summary: &summary) }
        let index = try append(
            view, node: node, type: node.type, name: node.name, box: box, parent: parent,
            collapsed: isCollapsed, rotated: abs(node.rotation) > 1e-4, added: false, textLoss: textLoss)

        guard let layout else {
            if !node.children.isEmpty { summary.skipped("\(node.type.words) parts (drawn as one shape)", node.subtreeCount - 1) }
            return
        }
        let placements = turned ? node.children.map { _ in Placement.turned(content: box) } : layout.placements(for: node)
        for (child, childPlacement) in zip(node.children, placements) {
            if child.type == .slice {
                summary.skipped("slice (an export area, not drawn)")
                continue
            }
            try visit(child, parent: index, placement: childPlacement, inCollapsed: isCollapsed)
        }
    }

    /// Adds a view and what Figma says about it; returns its index.
    private mutating func append(
        _ view: View, node: FigmaNode, type: FigmaNodeType, name: String, box: FigmaRect, parent: Int,
        collapsed isCollapsed: Bool, rotated isRotated: Bool, added isAdded: Bool, textLoss: String? = nil
    ) throws(InteropError) -> Int {
        if views.count >= SpecCodec.maxViews {
            throw InteropError(file: file, location: node.path, message: "more than \(SpecCodec.maxViews) views in one frame")
        }
        views.append(view)
        parents.append(parent)
        types.append(type)
        names.append(name)
        boxes.append(FigmaRect(x: round3(box.x - origin.x), y: round3(box.y - origin.y), width: round3(box.width), height: round3(box.height)))
        collapsed.append(isCollapsed)
        rotated.append(isRotated || (parent >= 0 && rotated[parent]))
        added.append(isAdded)
        textLosses.append(textLoss)
        return views.count - 1
    }

    /// Adds the plain view that places `node` wholly before its parent's start (docs/figma.md,
    /// "Outside the parent"); returns its index.
    private mutating func wrap(_ node: FigmaNode, in wrapper: OutsideWrapper, parent: Int, placement: Placement, inCollapsed: Bool) throws(InteropError) -> Int {
        var view = View(id: "v\(views.count)", kind: .view)
        view.sourceId = String((node.id + OutsideWrapper.sourceSuffix).prefix(Property.maxSourceIDLength))
        if case .floating = placement { view.floating = true }
        if case .dockedInGrid(_, let rowSpan, let columnSpan) = placement {
            view.rowSpan = rowSpan > 1 ? rowSpan : nil
            view.columnSpan = columnSpan > 1 ? columnSpan : nil
            summary.approximated("absolutely positioned child of auto layout (docked over the grid)")
        }
        wrapper.configure(&view)
        summary.approximated("wholly above or left of its parent (placed in a view added around it)")
        return try append(
            view, node: node, type: .frame, name: node.name + " outside", box: wrapper.box, parent: parent,
            collapsed: inCollapsed, rotated: false, added: true)
    }

    /// True when the node takes its content's length on this axis where it is placed: it hugs
    /// (not filling its auto layout parent), and no stretching or scaling constraint binds it
    /// to a plain parent.
    private func hugs(_ node: FigmaNode, horizontal: Bool, placement: Placement) -> Bool {
        Sizing.of(node, horizontal: horizontal, parent: placement.autoLayout) == .hug
            && !stretchedByConstraint(node, horizontal: horizontal, placement: placement)
    }

    /// True when the node is docked by its constraints on this axis and they stretch or scale
    /// it with its parent (in a wrapper, on the axis where it is not outside its parent).
    private func stretchedByConstraint(_ node: FigmaNode, horizontal: Bool, placement: Placement) -> Bool {
        let docked: Bool
        if case .wrapped(_, let horizontally, let vertically) = placement {
            docked = !(horizontal ? horizontally : vertically)
        } else {
            docked = placement.dockingContent != nil
        }
        guard docked, let constraints = node.constraints else { return false }
        return ["LEFT_RIGHT", "TOP_BOTTOM", "SCALE"].contains(horizontal ? constraints.horizontal : constraints.vertical)
    }

    /// The length of an auto layout frame's content box across its axis, where the frame keeps
    /// its own length there: fixed, not stretched by a constraint, not the root (whose size is
    /// the screen's).
    private func contentAcross(_ node: FigmaNode, box: FigmaRect, placement: Placement) -> Double? {
        guard let layout = node.autoLayout, layout.mode != .grid else { return nil }
        if case .root = placement { return nil }
        let horizontal = layout.mode == .vertical
        guard Sizing.of(node, horizontal: horizontal, parent: placement.autoLayout) == .fixed,
              !stretchedByConstraint(node, horizontal: horizontal, placement: placement) else { return nil }
        return horizontal ? box.width - layout.paddingLeft - layout.paddingRight : box.height - layout.paddingTop - layout.paddingBottom
    }

    private func kind(of node: FigmaNode, layout: ChildLayout?) -> ViewKind {
        if node.type == .text { return .label }
        return layout?.kind ?? .view
    }

    private func missingBox(_ node: FigmaNode) -> InteropError {
        InteropError(file: file, location: node.path, message: "node \(node.id) (\"\(node.name)\") has no absoluteBoundingBox; is the file complete?")
    }

    // MARK: Placement

    /// Alignment, margins and explicit size of a view in its parent's layout.
    private mutating func place(_ view: inout View, node: FigmaNode, box: FigmaRect, placement: Placement) {
        switch placement {
        case .root:
            break
        case .docked(let content):
            dock(&view, node: node, box: box, in: content)
        case .floating(let stackBox):
            view.floating = true
            dock(&view, node: node, box: box, in: stackBox)
        case .wrapped(let content, let horizontally, let vertically):
            dock(&view, node: node, box: box, in: content, keepingSize: (horizontally, vertically))
        case .dockedInGrid(let content, let rowSpan, let columnSpan):
            view.rowSpan = rowSpan > 1 ? rowSpan : nil
            view.columnSpan = columnSpan > 1 ? columnSpan : nil
            dock(&view, node: node, box: box, in: content)
            summary.approximated("absolutely positioned child of auto layout (docked over the grid)")
        case .flow(let parentLayout, let track, let content):
            flow(&view, node: node, box: box, parentLayout: parentLayout, track: track, content: content)
        case .turned(let content):
            dock(&view, node: node, box: box, in: content, turned: true)
            summary.approximated("inside a turned layer (kept at the box around its turned shape)")
        case .cell(let parentLayout, let row, let column, let rowSpan, let columnSpan):
            view.row = row > 0 ? row : nil
            view.column = column > 0 ? column : nil
            view.rowSpan = rowSpan > 1 ? rowSpan : nil
            view.columnSpan = columnSpan > 1 ? columnSpan : nil
            cell(&view, node: node, box: box, parentLayout: parentLayout)
        }
    }

    /// A child of a plain frame or group: its constraints say how it follows the parent.
    private mutating func dock(_ view: inout View, node: FigmaNode, box: FigmaRect, in content: FigmaRect, keepingSize: (Bool, Bool) = (false, false),
                               turned: Bool = false) {
        let (horizontal, vertical) = Self.docked(node, box: box, in: content, keepingSize: keepingSize, turned: turned)
        for axis in [horizontal, vertical] {
            if axis.constraint == "SCALE" { summary.approximated("SCALE constraint (imported as fill)") }
            precondition(axis.outside != .beforeStart, "visit wraps a child lying wholly before its parent's start")
            if axis.outside == .placed { summary.approximated("outside its parent (placed with its size by its centre or an edge)") }
        }
        view.horizontalAlignment = horizontal.placement.horizontal
        view.verticalAlignment = vertical.placement.vertical
        view.margin.left = nonZero(horizontal.marginStart)
        view.margin.right = nonZero(horizontal.marginEnd)
        view.margin.top = nonZero(vertical.marginStart)
        view.margin.bottom = nonZero(vertical.marginEnd)
        view.width = horizontal.length.map(round3)
        view.height = vertical.length.map(round3)
    }

    /// How a child of a plain frame or group docks on each axis of `content`, by its
    /// constraints (`LEFT`, `TOP` when it has none); with its own length on the axes
    /// `keepingSize` names, even where it hugs its content. A child of a turned layer docks
    /// `LEFT` and `TOP` with its own length on both axes (`Placement.turned`).
    static func docked(_ node: FigmaNode, box: FigmaRect, in content: FigmaRect, keepingSize: (Bool, Bool) = (false, false),
                       turned: Bool = false) -> (horizontal: Docked, vertical: Docked) {
        let topLeft = FigmaConstraints(horizontal: "LEFT", vertical: "TOP")
        let constraints = turned ? topLeft : node.constraints ?? topLeft
        let keepingSize = turned ? (true, true) : keepingSize
        let horizontal = Docked(
            start: box.x - content.x, length: box.width, end: content.maxX - box.maxX, constraint: constraints.horizontal,
            sizing: keepingSize.0 ? .fixed : Sizing.of(node, horizontal: true, parent: nil))
        let vertical = Docked(
            start: box.y - content.y, length: box.height, end: content.maxY - box.maxY, constraint: constraints.vertical,
            sizing: keepingSize.1 ? .fixed : Sizing.of(node, horizontal: false, parent: nil))
        return (horizontal, vertical)
    }

    /// A child flowing in an auto layout (a stack, or a grid track along the axis). A child
    /// longer across the axis than the content box overflows it where its alignment puts it:
    /// past the end from the start, both ways when centred, past the start from the end.
    private mutating func flow(_ view: inout View, node: FigmaNode, box: FigmaRect, parentLayout: FigmaAutoLayout, track: Int?,
                               content: FigmaRect) {
        let vertical = parentLayout.mode == .vertical
        if let track, track > 0 {
            if vertical { view.row = track } else { view.column = track }
        }
        let across = Sizing.of(node, horizontal: vertical, parent: parentLayout)
        let along = Sizing.of(node, horizontal: !vertical, parent: parentLayout)
        var alignment = AxisAlignment.fill
        if across != .fill {
            let align = ["MIN", "CENTER", "MAX"].contains(node.child.layoutAlign ?? "") ? node.child.layoutAlign! : parentLayout.counterAxisAlignItems
            alignment = align == "CENTER" ? .center : align == "MAX" ? .end : .start
            if align == "BASELINE" {
                // Plumb has no baselines to line up: the child keeps the offset Figma gave it (a
                // child taller than the content, which no offset can place, is centred).
                summary.approximated("baseline alignment (imported as top, at Figma's offset)")
                if !vertical && !parentLayout.wraps {
                    if box.height <= content.height + 0.001 {
                        view.margin.top = nonZero(round3(box.y - content.y))
                    } else {
                        alignment = .center
                    }
                }
            }
        }
        // A child stretched across a parent that hugs its children there, but not hugging its
        // own content (text of a fixed width), keeps its length: Figma sizes the parent by it.
        let keepsAcross = across == .fill && parentLayout.counterAxisSizingMode == "AUTO" && !Sizing.hugs(node, horizontal: vertical)
        var acrossLength = across == .fixed || keepsAcross ? round3(vertical ? box.width : box.height) : nil
        // Filling across up to a maximum, Figma puts the child where the parent aligns; Plumb
        // centres a filling view held back by its maximum, so elsewhere it keeps that size.
        if across == .fill, !keepsAcross, let maximum = vertical ? node.maxWidth : node.maxHeight,
           maximum < (vertical ? content.width : content.height) - 0.001,
           parentLayout.counterAxisAlignItems == "MIN" || parentLayout.counterAxisAlignItems == "MAX" {
            alignment = parentLayout.counterAxisAlignItems == "MAX" ? .end : .start
            acrossLength = round3(maximum)
            summary.approximated("filling child held back by its maximum (kept at its maximum)")
        }
        // A wrapping stack does not grow its children: a filling one keeps the length it has.
        let keepsAlong = along == .fill && parentLayout.wraps
        if keepsAlong { summary.approximated("filling child of a wrapping auto layout (kept at its length)") }
        let alongLength = along == .fixed || keepsAlong ? round3(vertical ? box.height : box.width) : nil
        if vertical {
            view.horizontalAlignment = alignment.horizontal
            view.width = acrossLength
            view.height = alongLength
        } else {
            view.verticalAlignment = alignment.vertical
            view.height = acrossLength
            view.width = alongLength
        }
    }

    /// A child of a `layoutMode: GRID` frame: its cell, aligned in it.
    private mutating func cell(_ view: inout View, node: FigmaNode, box: FigmaRect, parentLayout: FigmaAutoLayout) {
        for horizontal in [true, false] {
            let sizing = Sizing.of(node, horizontal: horizontal, parent: parentLayout)
            let align = (horizontal ? node.child.gridHorizontalAlign : node.child.gridVerticalAlign) ?? "AUTO"
            let placement: AxisAlignment = sizing == .fill ? .fill
                : align == "CENTER" ? .center : align == "MAX" ? .end : .start
            let length = sizing == .fixed ? round3(horizontal ? box.width : box.height) : nil
            if horizontal {
                view.horizontalAlignment = placement.horizontal
                view.width = length
            } else {
                view.verticalAlignment = placement.vertical
                view.height = length
            }
        }
    }

    /// Figma's text box on each axis where it hugs its text (the label has no length of its
    /// own there): the size a label whose font family is not installed keeps, so the screen
    /// looks as designed (docs/figma.md, "Fonts").
    private func designedSize(_ view: inout View, node: FigmaNode, box: FigmaRect) {
        if view.width == nil && Sizing.hugs(node, horizontal: true) { view.designedWidth = round3(box.width) }
        if view.height == nil && Sizing.hugs(node, horizontal: false) { view.designedHeight = round3(box.height) }
    }

    // MARK: Style

    /// Styles `view` as `node` is drawn; for a text node, returns what of its text style that
    /// changes its size was not expressible, nil when nothing was.
    private mutating func style(_ view: inout View, node: FigmaNode) -> String? {
        if node.opacity < 1 { view.opacity = round3(node.opacity) }
        if node.isMask { summary.unexpressed("mask") }
        if abs(node.rotation) > 1e-4 { summary.unexpressed("rotation") }
        if let mode = node.blendMode, mode != "PASS_THROUGH", mode != "NORMAL" { summary.unexpressed("blend mode") }
        for effect in node.effects { summary.unexpressed(effect.lowercased().replacing("_", with: " ")) }
        if node.type == .text {
            let lost = FigmaTextStyle.apply(node, to: &view, summary: &summary)
            if FigmaPaint.topColor(of: node.strokes, what: "text stroke", summary: &summary) != nil {
                summary.unexpressed("text outline")
            }
            return lost
        }
        if let shape = unexpressedShape(node) {
            summary.unexpressed(shape)
            return nil
        }
        if node.type != .group {
            view.backgroundColor = paintColor(node.fills, what: "fill")
            strokes(&view, node: node)
            corners(&view, node: node)
        }
        return nil
    }

    /// The kind of shape a node is when Plumb cannot draw it (a plain view stands in), else nil.
    private func unexpressedShape(_ node: FigmaNode) -> String? {
        switch node.type {
        case .ellipse:
            guard let box = node.box, abs(box.width - box.height) < 0.01, node.rotation == 0 else { return "ellipse" }
            return nil
        case .rectangle, .frame, .group, .section, .component, .componentSet, .instance, .transformGroup,
             .slide, .slideRow, .slideGrid, .table, .text, .document, .canvas:
            return nil
        default:
            return node.type.words
        }
    }

    private mutating func paintColor(_ paints: [FigmaPaint], what: String) -> String? {
        FigmaPaint.topColor(of: paints, what: what, summary: &summary)
    }

    private mutating func strokes(_ view: inout View, node: FigmaNode) {
        guard let color = paintColor(node.strokes, what: "stroke") else { return }
        let weight = node.strokeWeight ?? 1
        guard weight > 0 else { return }
        view.borderColor = color
        view.borderWidth = round3(weight)
        if let align = node.strokeAlign, align != "INSIDE" {
            summary.approximated("\(align.lowercased()) stroke (drawn inside)")
        }
        if node.hasUnevenStrokes { summary.approximated("uneven stroke widths (one width kept)") }
    }

    private mutating func corners(_ view: inout View, node: FigmaNode) {
        if node.type == .ellipse, let box = node.box {
            view.cornerRadius = round3(box.width / 2)
            return
        }
        let radii = node.cornerRadii
        if let largest = radii.max(), largest > 0 {
            if Set(radii).count > 1 { summary.approximated("uneven corner radii (the largest kept)") }
            view.cornerRadius = round3(largest)
        } else if let radius = node.cornerRadius, radius > 0 {
            view.cornerRadius = round3(radius)
        }
    }
}

/// A number rounded to a thousandth of a point: Figma's float noise out, nothing visible lost.
func round3(_ value: Double) -> Double {
    let rounded = (value * 1000).rounded() / 1000
    return rounded == 0 ? 0 : rounded
}

/// nil for 0 (an unset margin), else the value rounded.
func nonZero(_ value: Double) -> Double? {
    let rounded = round3(value)
    return rounded > 0 ? rounded : nil
}
