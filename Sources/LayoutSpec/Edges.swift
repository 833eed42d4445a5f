/// Four edge lengths (margin or padding). An edge that was never set is `nil` and counts as 0.
public struct Edges: Hashable, Sendable {
    public var top: Double?
    public var left: Double?
    public var bottom: Double?
    public var right: Double?

    public init(top: Double? = nil, left: Double? = nil, bottom: Double? = nil, right: Double? = nil) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// All four edges set to `value`.
    public init(all value: Double) {
        self.init(top: value, left: value, bottom: value, right: value)
    }

    /// True when no edge is set.
    public var isEmpty: Bool { top == nil && left == nil && bottom == nil && right == nil }

    /// `left + right`, unset edges counting 0.
    @inlinable public var horizontal: Double { (left ?? 0) + (right ?? 0) }
    /// `top + bottom`, unset edges counting 0.
    @inlinable public var vertical: Double { (top ?? 0) + (bottom ?? 0) }
}

/// The edge names, in the order the spec format writes them.
public enum Edge: String, CaseIterable, Sendable {
    case top, left, bottom, right
}

extension Edges {
    /// The value of one edge.
    public subscript(edge: Edge) -> Double? {
        get {
            switch edge {
            case .top: top
            case .left: left
            case .bottom: bottom
            case .right: right
            }
        }
        set {
            switch edge {
            case .top: top = newValue
            case .left: left = newValue
            case .bottom: bottom = newValue
            case .right: right = newValue
            }
        }
    }
}
