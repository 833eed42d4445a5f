import LayoutSpec

/// One finding of `LayoutChecker` (`plumb check`): a view, which check found it, and a sentence
/// for people.
public struct LayoutWarning: Equatable, Sendable {
    /// The checks, in the order `plumb check --help` lists them.
    public enum Check: String, CaseIterable, Sendable {
        /// `width` or `height` on an axis whose alignment is `fill`, overridden by the slot (or
        /// on the root, which always takes the viewport).
        case sizeOnFill = "size-on-fill"
        /// A `margin` on the root, which takes the whole viewport whatever its margin.
        case marginOnRoot = "margin-on-root"
        /// `minWidth` above `maxWidth` (or heights): min wins, max does nothing.
        case minAboveMax = "min-above-max"
        /// A `width`, `height` or maximum below the view's padding: the padding wins (a view is
        /// never smaller than its padding).
        case belowPadding = "below-padding"
        /// `row`/`column` (with span) past a grid's tracks, or set on a child of a non-grid.
        case outsideGrid = "outside-grid"
        /// A label's or button's text cut at this size: lines dropped, a line truncated, or
        /// the text taller than the label.
        case textDoesNotFit = "text-does-not-fit"
        /// Two drawn siblings the layout places overlap (stack and grid children, and children
        /// of a `view` that do not fill it).
        case overlap = "overlap"
        /// An alive view of a stored version that is not in its document (a merge cut it off:
        /// a concurrent delete above it): kept, not laid out, until restored, moved or removed.
        case detached = "detached"
    }

    public var view: String
    public var check: Check
    public var message: String

    public init(view: String, check: Check, message: String) {
        self.view = view
        self.check = check
        self.message = message
    }

    /// `login: ok: width 100 is ignored: horizontalAlignment is fill`
    public func line(document: String) -> String {
        "\(document): \(view): \(message)"
    }

    public func json(document: String) -> JSONValue {
        .object([
            JSONMember("document", .string(document)),
            JSONMember("view", .string(view)),
            JSONMember("check", .string(check.rawValue)),
            JSONMember("message", .string(message)),
        ])
    }
}
