import LayoutSpec

extension View {
    /// `length` clamped to `minWidth…maxWidth`; where they disagree, `minWidth` wins.
    @inlinable
    public func clampWidth(_ length: Double) -> Double {
        max(min(length, maxWidth ?? .infinity), minWidth ?? 0)
    }

    /// `length` clamped to `minHeight…maxHeight`; where they disagree, `minHeight` wins.
    @inlinable
    public func clampHeight(_ length: Double) -> Double {
        max(min(length, maxHeight ?? .infinity), minHeight ?? 0)
    }

    /// True when this view's desired size depends on the space offered to it: a wrapping
    /// label or button (`numberOfLines` ≠ 1) without an explicit width wraps at that space,
    /// and a wrapping stack without an explicit length along its axis breaks its lines there.
    public var measuresAgainstAvailableSize: Bool {
        if kind == .stack { return wrap == true && ((orientation ?? .vertical) == .vertical ? height : width) == nil }
        return kind.hasText && (numberOfLines ?? 1) != 1 && width == nil
    }
}
