import LayoutSpec

extension Resolver {
    /// Pass 3 (forward tree order, so parents before children): drawn flags and frames.
    ///
    /// A view is drawn when it and all its ancestors are `visible` (`hidden` keeps its space
    /// but is not drawn, nor is its subtree). The root's frame is the viewport. Every other view is docked in the slot its parent
    /// gave it (`dock`); then a container gives its children their slots (`assignSlots`) and
    /// a label or button lays out its text in its content box. A collapsed view gets a
    /// zero-size frame at its slot's origin, and its descendants one at the same point.
    mutating func arrange() {
        slots[0] = Rect(size: viewport)
        for index in 0..<views.count {
            let slot = slots[index]
            let parent = parents[index]
            var state = flags[index]
            if state & Flag.collapsed != 0 || (parent >= 0 && flags[parent] & Flag.inCollapsedSubtree != 0) {
                state |= Flag.inCollapsedSubtree
            }
            flags[index] = state
            isDrawn[index] = state & (Flag.hidden | Flag.inCollapsedSubtree) == 0 && (parent < 0 || isDrawn[parent])
            if state & Flag.inCollapsedSubtree != 0 {
                let origin = parent >= 0 && flags[parent] & Flag.inCollapsedSubtree != 0 ? frames[parent] : slot
                frames[index] = Rect(x: origin.x, y: origin.y, width: 0, height: 0)
                continue
            }
            let frame = index == 0 ? slot : dock(index, in: slot)
            frames[index] = frame
            let view = views.baseAddress! + index
            let hasChildren = subtreeEnds[index] > index + 1
            let kind = view.pointee.kind
            let hasText = kind == .label || kind == .button  // `hasText` is not inlinable here
            guard hasChildren || hasText else { continue }
            let padding = view.pointee.padding
            let content = Rect(
                x: frame.x + (padding.left ?? 0), y: frame.y + (padding.top ?? 0),
                width: max(0, frame.width - padding.horizontal), height: max(0, frame.height - padding.vertical))
            if hasChildren { assignSlots(of: index, content: content) }
            if hasText { placeText(of: index, content: content) }
        }
    }

    /// The frame of view `index` docked in `slot` by its alignments and margin.
    @inline(__always)
    func dock(_ index: Int, in slot: Rect) -> Rect {
        let view = views.baseAddress! + index
        let margin = view.pointee.margin
        let size = desired[index]
        let horizontal = Docking.place(
            slotStart: slot.x, slotLength: slot.width, marginStart: margin.left ?? 0, marginEnd: margin.right ?? 0,
            alignment: AxisAlignment(view.pointee.horizontalAlignment), ownLength: size.width,
            minimum: view.pointee.minWidth ?? 0, maximum: view.pointee.maxWidth ?? .infinity,
            padding: view.pointee.padding.horizontal,
            limited: view.pointee.width != nil || view.pointee.minWidth != nil || view.pointee.maxWidth != nil)
        let vertical = Docking.place(
            slotStart: slot.y, slotLength: slot.height, marginStart: margin.top ?? 0, marginEnd: margin.bottom ?? 0,
            alignment: AxisAlignment(view.pointee.verticalAlignment), ownLength: size.height,
            minimum: view.pointee.minHeight ?? 0, maximum: view.pointee.maxHeight ?? .infinity,
            padding: view.pointee.padding.vertical,
            limited: view.pointee.height != nil || view.pointee.minHeight != nil || view.pointee.maxHeight != nil)
        return Rect(x: horizontal.origin, y: vertical.origin, width: horizontal.length, height: vertical.length)
    }

    /// Gives each child of view `index` its slot inside `content`, by the parent's kind.
    func assignSlots(of index: Int, content: Rect) {
        switch views[index].kind {
        case .stack: assignStackSlots(of: index, content: content)
        case .grid: assignGridSlots(of: index, content: content)
        case .view, .label, .button: forEachChild(of: index) { slots[$0] = content }
        }
    }

    /// `stack` slots, line by line (`stackLine`; a stack that does not wrap is one line as
    /// thick as its content box, a wrapping stack breaks its lines at its content length
    /// along the axis and each is as thick as its thickest child, `lineSpacing` apart): along
    /// the axis each child gets exactly its desired length plus margins, then `spacing` before
    /// the next child of the line that takes space; across the axis, its line. Where a line
    /// leaves room along the axis (or lacks it), `distribution` moves its children: by the
    /// room for `end`, half of it for `center`, and for `spaceBetween` the room shared out
    /// between them (none when there is none to share, or one child). A collapsed
    /// child gets an empty slot where the next child would start. A floating child's slot is
    /// the stack's whole frame, as CSS places an absolute child in its containing block's
    /// padding box.
    func assignStackSlots(of index: Int, content: Rect) {
        let vertical = (views[index].orientation ?? .vertical) == .vertical
        let spacing = views[index].spacing ?? 0
        let wraps = views[index].wrap == true
        let lineSpacing = views[index].lineSpacing ?? 0
        let distribution = views[index].distribution ?? .start
        let end = subtreeEnds[index]
        let room = vertical ? content.height : content.width
        var lineStart = vertical ? content.x : content.y
        var child = index + 1
        while child < end {
            // A stack that does not wrap is one line as thick as its content box.
            var line = stackLine(of: index, from: child, limit: wraps ? room : .infinity)
            if !wraps { line.thickness = vertical ? content.width : content.height }
            let free = room - line.length
            var cursor = vertical ? content.y : content.x
            var gap = spacing
            switch distribution {
            case .start: break
            case .center: cursor += free / 2
            case .end: cursor += free
            case .spaceBetween: if free > 0 && line.count > 1 { gap += free / Double(line.count - 1) }
            }
            var placedAny = false
            while child < line.end {
                defer { child = subtreeEnds[child] }
                if views[child].floating == true {
                    slots[child] = frames[index]
                    continue
                }
                let taken = flags[child] & Flag.collapsed == 0
                if taken && placedAny { cursor += gap }
                let margin = views[child].margin
                let length = !taken ? 0 : vertical ? desired[child].height + margin.vertical : desired[child].width + margin.horizontal
                slots[child] = vertical
                    ? Rect(x: lineStart, y: cursor, width: line.thickness, height: length)
                    : Rect(x: cursor, y: lineStart, width: length, height: line.thickness)
                cursor += length
                placedAny = placedAny || taken
            }
            lineStart += line.thickness + lineSpacing
        }
    }

    /// Lays out the text of label or button `index` in its `content` box and records it.
    mutating func placeText(of index: Int, content: Rect) {
        let view = views.baseAddress! + index
        let styled = view.pointee.styledText
        let lines = LineLayout(
            text: styled.text, font: view.pointee.resolvedFont, maxWidth: content.width,
            maxHeight: content.height, numberOfLines: view.pointee.numberOfLines ?? 1,
            lineBreakMode: view.pointee.lineBreakMode ?? .truncateTail, lineHeight: view.pointee.resolvedLineHeight,
            letterSpacing: view.pointee.resolvedLetterSpacing, paragraphSpacing: view.pointee.paragraphSpacing ?? 0,
            runs: styled.runs, measurer: measurer)
        let block = TextPlacement.place(
            lines, in: content, alignment: view.pointee.resolvedTextAlignment,
            verticalAlignment: view.pointee.textVerticalAlignment ?? .middle)
        texts.append((index, block))
    }
}
