/// Where one child sits in its parent's layout.
enum Placement {
    /// The top-level frame: the screen.
    case root
    /// Docked by its constraints in `content` (the parent's box less any padding).
    case docked(content: FigmaRect)
    /// Docked by its constraints in the view the importer added around it (`OutsideWrapper`),
    /// with its own size on the axes where it lies wholly before its parent's start (as every
    /// child placed outside its parent keeps its size).
    case wrapped(content: FigmaRect, horizontally: Bool, vertically: Bool)
    /// An absolutely positioned child of an auto layout mapped to a grid: it spans every
    /// track and docks by its constraints in the content box.
    case dockedInGrid(content: FigmaRect, rowSpan: Int, columnSpan: Int)
    /// An absolutely positioned child of an auto layout mapped to a stack: `floating`, docked
    /// by its constraints in the stack's whole box (Figma's constraints ignore padding).
    case floating(box: FigmaRect)
    /// Flowing along an auto layout (whose content box, the parent's box less padding, is
    /// `content`); `track` is its grid track when the layout is a grid.
    case flow(FigmaAutoLayout, track: Int?, content: FigmaRect)
    /// In a cell of a `layoutMode: GRID` frame.
    case cell(FigmaAutoLayout, row: Int, column: Int, rowSpan: Int, columnSpan: Int)
    /// A child of a turned layer (one rotated, or inside one). Plumb cannot turn a view, so the
    /// child keeps the box around its turned shape (its `absoluteBoundingBox`), with its size,
    /// placed from the top left of `content` (the parent's box): constraints and auto layout
    /// act along the turned axes, which no unturned box can follow.
    case turned(content: FigmaRect)

    /// The box a child docked by its constraints docks in, nil for the other placements.
    var dockingContent: FigmaRect? {
        switch self {
        case .docked(let content), .dockedInGrid(let content, _, _), .floating(let content), .turned(let content): content
        case .root, .wrapped, .flow, .cell: nil
        }
    }

    /// True where a hidden layer takes no space (Figma's auto layout skips it).
    var isInAutoLayout: Bool {
        switch self {
        case .flow, .cell: true
        case .root, .docked, .wrapped, .dockedInGrid, .floating, .turned: false
        }
    }

    /// The auto layout the child flows in, nil when it does not.
    var autoLayout: FigmaAutoLayout? {
        switch self {
        case .flow(let layout, _, _), .cell(let layout, _, _, _, _): layout
        case .root, .docked, .wrapped, .dockedInGrid, .floating, .turned: nil
        }
    }

    /// True for a child of a turned layer.
    var isTurned: Bool {
        if case .turned = self { return true }
        return false
    }
}
