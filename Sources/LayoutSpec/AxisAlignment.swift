/// Where a view sits on one axis of its slot, whichever axis: `HorizontalAlignment` and
/// `VerticalAlignment` with `left`/`top` as `start` and `right`/`bottom` as `end`. The engine
/// docks by it, the HTML export writes it as CSS and the Figma import makes it, so the three
/// agree on one table.
public enum AxisAlignment: Sendable {
    case fill, start, center, end

    /// A view's horizontal alignment; unset is `fill`, the default.
    @inlinable
    public init(_ alignment: HorizontalAlignment?) {
        switch alignment ?? .fill {
        case .fill: self = .fill
        case .left: self = .start
        case .center: self = .center
        case .right: self = .end
        }
    }

    /// A view's vertical alignment; unset is `fill`, the default.
    @inlinable
    public init(_ alignment: VerticalAlignment?) {
        switch alignment ?? .fill {
        case .fill: self = .fill
        case .top: self = .start
        case .center: self = .center
        case .bottom: self = .end
        }
    }

    /// As a horizontal alignment to set on a view: `nil` for `fill`, the default, so a spec
    /// holds only what differs from it.
    public var horizontal: HorizontalAlignment? {
        switch self {
        case .fill: nil
        case .start: .left
        case .center: .center
        case .end: .right
        }
    }

    /// As a vertical alignment to set on a view: `nil` for `fill`, the default.
    public var vertical: VerticalAlignment? {
        switch self {
        case .fill: nil
        case .start: .top
        case .center: .center
        case .end: .bottom
        }
    }
}
