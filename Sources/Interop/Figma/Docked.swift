import LayoutSpec

/// A child docked on one axis by its Figma constraint, from its offsets in the parent.
struct Docked {
    enum Placement {
        case fill, start, center, end

        var horizontal: HorizontalAlignment? {
            switch self {
            case .fill: nil
            case .start: .left
            case .center: .center
            case .end: .right
            }
        }

        var vertical: VerticalAlignment? {
            switch self {
            case .fill: nil
            case .start: .top
            case .center: .center
            case .end: .bottom
            }
        }
    }

    let constraint: String
    private(set) var placement = Placement.start
    private(set) var marginStart = 0.0
    private(set) var marginEnd = 0.0
    /// The explicit length, nil when the view fills or hugs.
    private(set) var length: Double?
    /// True when the constraint could not be kept (the child reaches outside its parent,
    /// which margins ≥ 0 cannot say) and the child is centred with its offset instead.
    private(set) var fellBack = false

    /// `LEFT`/`TOP` → start, `RIGHT`/`BOTTOM` → end, `CENTER` → centre with the offset as a
    /// margin difference, `LEFT_RIGHT`/`TOP_BOTTOM` and `SCALE` → fill with both margins.
    init(start: Double, length: Double, end: Double, constraint: String, sizing: Sizing) {
        self.constraint = constraint
        // Figma's float noise: a child flush with its parent may sit at -0.00001.
        let start = abs(start) < 0.001 ? 0 : start, end = abs(end) < 0.001 ? 0 : end
        let own = sizing == .hug ? nil : length
        switch (constraint, start >= 0, end >= 0) {
        case ("LEFT", true, _), ("TOP", true, _):
            (placement, marginStart, self.length) = (.start, start, own)
        case ("RIGHT", _, true), ("BOTTOM", _, true):
            (placement, marginEnd, self.length) = (.end, end, own)
        case ("CENTER", _, _):
            centre(start: start, end: end, length: own)
        case ("LEFT_RIGHT", true, true), ("TOP_BOTTOM", true, true), ("SCALE", true, true):
            (placement, marginStart, marginEnd) = (.fill, start, end)
        default:
            // Outside the parent (or an unknown constraint): the box kept, centred.
            centre(start: start, end: end, length: length)
            fellBack = true
        }
    }

    /// Centred with margins whose difference is twice the offset of the child's centre from
    /// the parent's: the same box at this size, the same offset at any other.
    private mutating func centre(start: Double, end: Double, length: Double?) {
        placement = .center
        marginStart = max(0, start - end)
        marginEnd = max(0, end - start)
        self.length = length
    }
}
