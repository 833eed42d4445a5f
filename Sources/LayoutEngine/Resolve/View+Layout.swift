import LayoutSpec

extension View {
    /// `length` clamped to `minWidth…maxWidth`, where they disagree `minWidth` winning, and
    /// never narrower than the horizontal padding (CSS's border box).
    @inlinable
    public func clampWidth(_ length: Double) -> Double {
        max(min(length, maxWidth ?? .infinity), leastWidth)
    }

    /// `length` clamped to `minHeight…maxHeight`, where they disagree `minHeight` winning, and
    /// never shorter than the vertical padding.
    @inlinable
    public func clampHeight(_ length: Double) -> Double {
        max(min(length, maxHeight ?? .infinity), leastHeight)
    }

    /// The narrowest this view's frame can be: its `minWidth`, or its padding if wider. A view
    /// is never narrower than its padding, as a CSS border box is not, whatever its width,
    /// `maxWidth` or slot.
    @inlinable
    public var leastWidth: Double { max(minWidth ?? 0, padding.horizontal) }

    /// The shortest this view's frame can be: its `minHeight`, or its padding if taller.
    @inlinable
    public var leastHeight: Double { max(minHeight ?? 0, padding.vertical) }

    /// True when this view's desired size depends on the space offered to it: a wrapping
    /// label or button (`numberOfLines` ≠ 1) without an explicit width wraps at that space,
    /// and a wrapping stack without an explicit length along its axis breaks its lines there.
    public var measuresAgainstAvailableSize: Bool {
        if kind == .stack { return wrap == true && ((orientation ?? .vertical) == .vertical ? height : width) == nil }
        return kind.hasText && (numberOfLines ?? 1) != 1 && width == nil
    }
}
