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
        let left = (x * scale).rounded() / scale
        let top = (y * scale).rounded() / scale
        let right = (maxX * scale).rounded() / scale
        let bottom = (maxY * scale).rounded() / scale
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
