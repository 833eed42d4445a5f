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

/// Whether a view is drawn and whether it takes space.
public enum Visibility: String, CaseIterable, Sendable {
    /// Drawn, takes space.
    case visible
    /// Not drawn, takes space.
    case hidden
    /// Not drawn, takes no space.
    case collapsed
}
