import LayoutSpec

extension Resolver {
    /// Pass 1 (reverse tree order, so children before parents): visibility flags, which views
    /// depend on the available size, and the desired size of the others.
    ///
    /// A view's desired size only depends on the space its parent offers when its subtree
    /// holds a wrapping label without a width (`View.measuresAgainstAvailableSize`); such
    /// views are marked `constrained` and left to pass 2. Every other view is measured here
    /// once, with nothing offered (WPF would pass the same size down; it would not change the
    /// result). Collapsed views measure 0 × 0 and are skipped by their parents (a collapsed
    /// view's own subtree is measured all the same: it is never read).
    func measureBottomUp() {
        flags.initialize(repeating: 0)
        var index = views.count - 1
        while index >= 0 {
            let parent = parents[index]
            let visibility = views[index].visibility
            if visibility == .hidden { flags[index] |= Flag.hidden }
            if visibility == .collapsed {
                flags[index] |= Flag.collapsed
                desired[index] = .zero
            } else if flags[index] & Flag.constrained != 0 || views[index].measuresAgainstAvailableSize {
                flags[index] |= Flag.constrained
                desired[index] = .zero
                if parent >= 0 { flags[parent] |= Flag.constrained }
            } else {
                desired[index] = measure(index, contentConstraint: Size(width: .infinity, height: .infinity))
            }
            index -= 1
        }
    }

    /// The desired size of view `index`, its children being measured already: the explicit
    /// size if set, else its content plus padding; clamped to min/max (min wins); margins
    /// excluded.
    ///
    /// - Parameter contentConstraint: the space offered to its content (after margins, min/max
    ///   and padding); only wrapping labels without a width and wrapping stacks read it.
    func measure(_ index: Int, contentConstraint: Size) -> Size {
        let view = views.baseAddress! + index
        var content: Size
        switch view.pointee.kind {
        case .view: content = dockedContentSize(of: index)
        case .stack: content = stackContentSize(of: index, contentConstraint: contentConstraint)
        case .grid: content = gridContentSize(of: index, contentConstraint: contentConstraint)
        case .label, .button:
            content = textSize(of: index, contentConstraint: contentConstraint)
            if subtreeEnds[index] > index + 1 {
                let children = dockedContentSize(of: index)
                content = Size(width: max(content.width, children.width), height: max(content.height, children.height))
            }
        }
        let padding = view.pointee.padding
        let width = view.pointee.width ?? content.width + padding.horizontal
        let height = view.pointee.height ?? content.height + padding.vertical
        return Size(width: view.pointee.clampWidth(width), height: view.pointee.clampHeight(height))
    }

    /// The space view `index` offers its content when its parent offers `available` (margins
    /// included): its explicit size, else `available` less margins; clamped; less padding.
    /// The root is offered the viewport whatever its own size.
    func contentConstraint(of index: Int, available: Size) -> Size {
        let view = views.baseAddress! + index
        var width = viewport.width, height = viewport.height
        if index > 0 {
            width = view.pointee.clampWidth(view.pointee.width ?? available.width - view.pointee.margin.horizontal)
            height = view.pointee.clampHeight(view.pointee.height ?? available.height - view.pointee.margin.vertical)
        }
        return Size(
            width: max(0, width - view.pointee.padding.horizontal),
            height: max(0, height - view.pointee.padding.vertical))
    }

    /// Content of a `view` (and of the children of a label): each child docked in the whole
    /// content box, so the box must hold the largest child with its margins.
    func dockedContentSize(of index: Int) -> Size {
        var width = 0.0, height = 0.0
        forEachChild(of: index) { child in
            guard flags[child] & Flag.collapsed == 0 else { return }
            let margin = views[child].margin
            width = max(width, desired[child].width + margin.horizontal)
            height = max(height, desired[child].height + margin.vertical)
        }
        return Size(width: width, height: height)
    }

    /// Content of a `stack`: its lines (`stackLine`) stacked across the axis, `lineSpacing`
    /// apart; along the axis the longest line. A wrapping stack breaks its lines at its content
    /// length along the axis (explicit, else offered; unlimited: one line), and when it has
    /// more than one line it is that whole length long, as CSS sizes a wrapping flex container
    /// to fit its content. A stack that does not wrap is one line.
    func stackContentSize(of index: Int, contentConstraint: Size) -> Size {
        let view = views.baseAddress! + index
        let vertical = (view.pointee.orientation ?? .vertical) == .vertical
        var limit = Double.infinity
        if view.pointee.wrap == true {
            let explicit = vertical
                ? view.pointee.height.map { view.pointee.clampHeight($0) - view.pointee.padding.vertical }
                : view.pointee.width.map { view.pointee.clampWidth($0) - view.pointee.padding.horizontal }
            limit = explicit.map { max(0, $0) } ?? (vertical ? contentConstraint.height : contentConstraint.width)
        }
        let lineSpacing = view.pointee.lineSpacing ?? 0
        let end = subtreeEnds[index]
        var along = 0.0, across = 0.0, lines = 0  // never below 0, however negative the spacing
        var child = index + 1
        repeat {
            let line = stackLine(of: index, from: child, limit: limit)
            along = max(along, line.length)
            across += line.thickness + (lines > 0 ? lineSpacing : 0)
            lines += 1
            child = line.end
        } while child < end
        if lines > 1 { along = max(along, limit) }
        return vertical ? Size(width: across, height: along) : Size(width: along, height: across)
    }

    /// The line of stack `index`'s flow that starts at child `first`: the children in the flow
    /// (not collapsed, not floating) with their margins and `spacing` between them, while the
    /// next one fits within `limit` along the axis (the first of a line always does), with the
    /// collapsed and floating children among and after them. `end` is the child that starts
    /// the next line, or the stack's subtree end. Its length may be below 0 (negative spacing;
    /// a stack's content never is); its thickness is its thickest child's, margins included;
    /// `count` is how many children are in its flow.
    func stackLine(of index: Int, from first: Int, limit: Double) -> (end: Int, length: Double, thickness: Double, count: Int) {
        let vertical = (views[index].orientation ?? .vertical) == .vertical
        let spacing = views[index].spacing ?? 0
        let end = subtreeEnds[index]
        var along = 0.0, across = 0.0, count = 0
        var child = first
        while child < end {
            if flags[child] & Flag.collapsed == 0, views[child].floating != true {
                let margin = views[child].margin
                let size = desired[child]
                let length = vertical ? size.height + margin.vertical : size.width + margin.horizontal
                if count > 0 {
                    if along + spacing + length > limit + Self.lineBreakTolerance { break }
                    along += spacing
                }
                along += length
                across = max(across, vertical ? size.width + margin.horizontal : size.height + margin.vertical)
                count += 1
            }
            child = subtreeEnds[child]
        }
        return (child, along, across, count)
    }

    /// How far a line may pass its limit and still hold its next child: rounding in sums of
    /// lengths that exactly fill a line, far below a browser's layout unit (1/64 px).
    static var lineBreakTolerance: Double { 1e-6 }

    /// Content of a `label` or `button`: its text laid out, wrapping (when `numberOfLines`
    /// ≠ 1) at its explicit width less padding, else at the space offered.
    func textSize(of index: Int, contentConstraint: Size) -> Size {
        let view = views.baseAddress! + index
        guard view.pointee.text?.isEmpty == false else { return .zero }
        let styled = view.pointee.styledText
        let text = styled.text
        let numberOfLines = view.pointee.numberOfLines ?? 1
        var wrapWidth = Double.infinity
        if numberOfLines != 1 {
            if let width = view.pointee.width {
                wrapWidth = max(0, view.pointee.clampWidth(width) - view.pointee.padding.horizontal)
            } else {
                wrapWidth = contentConstraint.width
            }
        }
        let lines = LineLayout(
            text: text, font: view.pointee.resolvedFont, maxWidth: wrapWidth, maxHeight: .infinity,
            numberOfLines: numberOfLines, lineBreakMode: view.pointee.lineBreakMode ?? .truncateTail,
            lineHeight: view.pointee.resolvedLineHeight,
            letterSpacing: view.pointee.resolvedLetterSpacing, paragraphSpacing: view.pointee.paragraphSpacing ?? 0,
            runs: styled.runs, measurer: measurer)
        return lines.size
    }
}
