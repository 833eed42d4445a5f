/// What a view is; decides which properties it takes and how it lays out its children.
public enum ViewKind: String, CaseIterable, Sendable {
    /// A plain container: every child is docked into the whole content box.
    case view
    /// Text measured with real fonts, placed by `textAlignment` × `textVerticalAlignment`.
    case label
    /// A label whose text defaults to centred both ways.
    case button
    /// Children one after another, vertical or horizontal, with `spacing`.
    case stack
    /// Rows and columns of fixed, `auto` or star tracks.
    case grid

    /// Labels and buttons carry text.
    public var hasText: Bool { self == .label || self == .button }
    /// Views, stacks and grids hold children.
    public var isContainer: Bool { self == .view || self == .stack || self == .grid }
}
