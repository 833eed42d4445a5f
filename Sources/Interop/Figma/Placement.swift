/// Where one child sits in its parent's layout.
enum Placement {
    /// The top-level frame: the screen.
    case root
    /// Docked by its constraints in `content` (the parent's box less any padding).
    case docked(content: FigmaRect)
    /// An absolutely positioned child of an auto layout mapped to a grid: it spans every
    /// track and docks by its constraints in the content box.
    case dockedInGrid(content: FigmaRect, rowSpan: Int, columnSpan: Int)
    /// Flowing along an auto layout; `track` is its grid track when the layout is a grid.
    case flow(FigmaAutoLayout, track: Int?)
    /// In a cell of a `layoutMode: GRID` frame.
    case cell(FigmaAutoLayout, row: Int, column: Int, rowSpan: Int, columnSpan: Int)

    /// True where a hidden layer takes no space (Figma's auto layout skips it).
    var isInAutoLayout: Bool {
        switch self {
        case .flow, .cell: true
        case .root, .docked, .dockedInGrid: false
        }
    }
}
