/// A rectangle in points: origin at the top-left corner, x to the right, y down.
///
/// Frames and text rects in a `Layout` are in root coordinates (the root's top-left is 0, 0).
public struct Rect: Hashable, Sendable {
    /// Left edge.
    public var x: Double
    /// Top edge.
    public var y: Double
    /// Horizontal extent (never negative in a layout).
    public var width: Double
    /// Vertical extent (never negative in a layout).
    public var height: Double

    /// A rectangle with its top-left corner at (`x`, `y`).
    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// A rectangle of `size` at the origin.
    public init(size: Size) {
        self.init(x: 0, y: 0, width: size.width, height: size.height)
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// Right edge: `x + width`.
    @inlinable public var maxX: Double { x + width }
    /// Bottom edge: `y + height`.
    @inlinable public var maxY: Double { y + height }
    /// `width` × `height`.
    public var size: Size { Size(width: width, height: height) }

    /// The rectangle with each edge moved onto the pixel grid of `scale` pixels per point.
    ///
    /// Edges (x, y, maxX, maxY) are rounded independently, half away from zero, as a screen
    /// rasterises them; so two views that share an edge still share it after snapping, and
    /// a width may change by up to one pixel.
    public func snapped(toScale scale: Double) -> Rect {
        let left = Self.roundHalfAwayFromZero(x * scale) / scale
        let top = Self.roundHalfAwayFromZero(y * scale) / scale
        let right = Self.roundHalfAwayFromZero(maxX * scale) / scale
        let bottom = Self.roundHalfAwayFromZero(maxY * scale) / scale
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// `value` rounded to an integer, halves away from zero; written without libm (`rounded()`
    /// needs it) so the engine links with nothing but the standard library.
    static func roundHalfAwayFromZero(_ value: Double) -> Double {
        guard value.isFinite, abs(value) < 4.5e15 else { return value }
        let whole = Double(Int64(value))  // truncates toward zero, exactly
        let fraction = value - whole  // exact for doubles of this size
        if fraction >= 0.5 { return whole + 1 }
        if fraction <= -0.5 { return whole - 1 }
        return whole
    }
}
