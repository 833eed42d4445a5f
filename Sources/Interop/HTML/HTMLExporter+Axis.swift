import LayoutSpec

extension HTMLExporter {
    /// One axis of a view in its slot, written as CSS that follows Plumb's rules.
    struct Axis {
        let alignment: AxisAlignment
        let length: Double?
        let minimum: Double?
        let maximum: Double?
        let marginStart: Double
        let marginEnd: Double
        /// Along a stack's axis alignment has no effect: the view is its own size.
        let alongStack: Bool
        /// True when the view's content can be narrower than its widest line (a wrapping
        /// label without a width somewhere inside): Plumb measures it in the space offered,
        /// as CSS's fit-content does, so it is not pinned to its max-content width.
        let wraps: Bool
        /// A floating child of a stack: absolutely positioned in the stack's box (`inset: 0`).
        var floats = false
        /// Across a wrapping stack, whose slots there are the lines: a child's line is not a box
        /// that CSS percentages can name.
        var acrossLine = false

        /// Filling its line across a wrapping stack with a length of its own: what its content
        /// measures must not count in the line's thickness, as it does not in Plumb's.
        var keepsOwnLengthInLine: Bool { acrossLine && alignment == .fill && maximum == nil && length != nil }

        /// Writes the size declarations and returns the self-alignment keyword (`start`,
        /// `center`, `end`, `stretch`).
        ///
        /// `fill` with an explicit size, a minimum or a maximum is where CSS and Plumb part:
        /// CSS stretches only a view without a size and puts a clamped one at the start, while
        /// Plumb binds the view to its slot and centres it when clamped. So such a view is
        /// centred with its minimum and maximum both set to the slot less the margins, clamped
        /// to its own min and max: the slot decides, and its explicit size (or content) still
        /// counts when the parent sizes to its content, as in Plumb's measure pass.
        func apply(width isWidth: Bool, into style: inout CSSDeclarations) -> String {
            let (size, minName, maxName) = isWidth ? ("width", "min-width", "max-width") : ("height", "min-height", "max-height")
            if acrossLine && alignment == .fill && maximum == nil,
               let least = length.map({ max($0, minimum ?? 0) }) ?? minimum {
                // Stretched to its line, and at least its own length (or minimum), so that the
                // line is as thick as Plumb makes it (`keepsOwnLengthInLine`: its content does
                // not count beside its own length).
                style.add(minName, CSSDeclarations.px(least))
                return "stretch"
            }
            if let length { style.add(size, CSSDeclarations.px(length)) }
            if alongStack || alignment != .fill {
                // Plumb never squeezes a view to its slot: without a size it is its content's
                // (CSS would shrink it to fit the space left).
                if isWidth && length == nil && !wraps && !alongStack { style.add(size, "max-content") }
                if let minimum, minimum > 0 { style.add(minName, CSSDeclarations.px(minimum)) }
                if let maximum { style.add(maxName, CSSDeclarations.px(maximum)) }
                switch alignment {
                case .fill, .start: return alongStack ? "stretch" : "start"
                case .center: return aligned(center: true, width: isWidth, into: &style)
                case .end: return aligned(center: false, width: isWidth, into: &style)
                }
            }
            // Stretched with margins wider than the slot, CSS gives the view no length and puts
            // it at its start margin, as WPF's rule does.
            if length == nil && minimum == nil && maximum == nil { return "stretch" }
            let margins = marginStart + marginEnd
            var slot = margins > 0 ? "max(0px,calc(100% - \(CSSDeclarations.px(margins))))" : "100%"
            if let maximum { slot = "min(\(slot),\(CSSDeclarations.px(maximum)))" }
            if let minimum, minimum > 0 { slot = "max(\(CSSDeclarations.px(minimum)),\(slot))" }
            style.add(minName, slot)
            style.add(maxName, slot)
            return aligned(center: true, width: isWidth, into: &style)
        }

        /// `center` or `end`, shifted where the margins are wider than the slot.
        ///
        /// CSS lines up the margin box in the slot even when it is wider, so the view sits
        /// (margins − slot) / 2 (centred) or margins − slot (at the end) before where Plumb
        /// puts it: with no usable length left, at its start margin less half its length or
        /// all of it (WPF's rule). A relative offset of exactly that much, and none while the
        /// margins fit, is `max(0px, calc(margins/2 − 50%))` (or `margins − 100%`): the
        /// percentage is of the slot (the grid area of a cell, the flex container across a
        /// stack), so the browser works it out at every window size.
        ///
        /// A floating view is placed by its insets instead, and may overflow its stack both ways
        /// (`unsafe`: CSS would keep an absolutely positioned box from overflowing at the start).
        /// Centred, its box starts `margins − slot` into the stack once the margins no longer fit,
        /// which puts its centre at its start margin; at the end, its box ends `slot − margins`
        /// past the stack's end (a negative inset), which puts its end there.
        private func aligned(center: Bool, width isWidth: Bool, into style: inout CSSDeclarations) -> String {
            let margins = marginStart + marginEnd
            if floats {
                if margins > 0 {
                    let m = CSSDeclarations.px(margins)
                    if center {
                        style.add(isWidth ? "left" : "top", "max(0px,calc(\(m) - 100%))")
                    } else {
                        style.add(isWidth ? "right" : "bottom", "min(0px,calc(100% - \(m)))")
                    }
                }
                return center ? "unsafe center" : "unsafe end"
            }
            if margins > 0 && !alongStack {
                let excess = center
                    ? "calc(\(CSSDeclarations.px(margins / 2)) - 50%)" : "calc(\(CSSDeclarations.px(margins)) - 100%)"
                style.add(isWidth ? "left" : "top", "max(0px,\(excess))")
            }
            return center ? "center" : "end"
        }
    }
}
