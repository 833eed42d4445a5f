/// Where a view sits across its slot's width (DESIGN.md §2, docking).
public enum HorizontalAlignment: String, CaseIterable, Sendable {
    case fill, left, center, right
}

/// Where a view sits across its slot's height.
public enum VerticalAlignment: String, CaseIterable, Sendable {
    case fill, top, center, bottom
}

/// How each line of a label's text sits across the label's content width.
public enum TextAlignment: String, CaseIterable, Sendable {
    case left, center, right
}

/// Where a label's text block sits in the label's content height.
public enum TextVerticalAlignment: String, CaseIterable, Sendable {
    case top, middle, bottom
}

/// The axis a stack lays its children along.
public enum Orientation: String, CaseIterable, Sendable {
    case vertical, horizontal
}

/// Where a stack puts its children along its axis, each line on its own, when they leave room
/// (CSS `justify-content`, Figma's `primaryAxisAlignItems`).
public enum StackDistribution: String, CaseIterable, Sendable {
    /// Packed at the start (the default).
    case start
    /// Packed in the middle; children longer than the line overflow it both ways.
    case center
    /// Packed at the end; children longer than the line overflow it at the start.
    case end
    /// The room shared out between the children, added to `spacing`; one child, or none to
    /// spare, packs at the start.
    case spaceBetween
}

/// Whether a view is drawn and whether it takes space.
public enum Visibility: String, CaseIterable, Sendable {
    /// Drawn, takes space.
    case visible
    /// Not drawn, takes space.
    case hidden
    /// Not drawn, takes no space.
    case collapsed
}
