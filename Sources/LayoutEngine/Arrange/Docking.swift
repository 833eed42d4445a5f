import LayoutSpec

/// Docking a view in its slot on one axis: the table of DESIGN.md §2.
///
/// With `usable = max(0, slot length − margin start − margin end)`:
///
/// | alignment | length | origin |
/// | --- | --- | --- |
/// | fill | clamp(usable, min, max), at least the padding: the slot decides | slot start + margin start + (usable − length) / 2; with no size, minimum or maximum of its own, slot start + margin start |
/// | start (left/top) | own length | slot start + margin start |
/// | end (right/bottom) | own length | slot start + margin start + usable − length |
/// | center | own length | slot start + margin start + (usable − length) / 2 |
///
/// "Own length" is the view's desired length (explicit or measured, clamped). Nothing is
/// squeezed: a view longer than its slot overflows (start-docked past the end, end-docked
/// past the start, centred and filled both ways). A slot smaller than the margins leaves no
/// usable length (not a negative one), so the view sits at the start margin as in WPF's
/// `ArrangeCore` and Avalonia, rather than centred in the slot. No view is shorter than its
/// padding (CSS's border box): a filling view with no size, minimum or maximum of its own that
/// only its padding makes longer than its slot overflows at the end, as a stretched box does in
/// CSS and WPF; one with any of them is centred on the slot whatever its length.
enum Docking {
    /// The origin and length of a view on one axis of its slot.
    ///
    /// - Parameters:
    ///   - ownLength: the view's desired length, already clamped to min/max.
    ///   - minimum, maximum: the view's min and max lengths (0 and infinity when unset);
    ///     `fill` clamps the slot's usable length to them, min winning.
    ///   - padding: the view's padding on this axis, the least `fill` makes it.
    ///   - limited: whether the view has a length, minimum or maximum of its own on this axis.
    @inline(__always)
    static func place(
        slotStart: Double, slotLength: Double, marginStart: Double, marginEnd: Double,
        alignment: AxisAlignment, ownLength: Double, minimum: Double, maximum: Double, padding: Double, limited: Bool
    ) -> (origin: Double, length: Double) {
        let usable = max(0, slotLength - marginStart - marginEnd)
        let start = slotStart + marginStart
        switch alignment {
        case .fill:
            let length = max(max(min(usable, maximum), minimum), padding)
            // Unlimited, it is the usable length from the start unless its padding carries it
            // past the end.
            return (limited ? start + (usable - length) / 2 : start, length)
        case .start:
            return (start, ownLength)
        case .center:
            return (start + (usable - ownLength) / 2, ownLength)
        case .end:
            return (start + usable - ownLength, ownLength)
        }
    }
}
