import LayoutSpec

/// A child docked on one axis by its Figma constraint, from its offsets in the parent.
///
/// Plumb docks as WPF does: the usable length is `max(0, slot − margin start − margin end)`,
/// never negative, and margins are ≥ 0. So a child reaching outside its parent cannot always
/// keep its constraint; it is then placed by the first of these that reproduces its box at
/// the imported size (docs/figma.md, "Outside the parent"):
/// 1. its centre inside the parent: centred, margins differing by twice the centre's offset;
/// 2. its start at or after the parent's start: left (top), `margin start` = the offset;
/// 3. its end at or after the parent's start: right (bottom), with the margin that puts the
///    end there (`margin start` = the end's offset when the end lies past the parent's end:
///    the margins then exceed the slot, so the usable length is 0 and the end sits there);
/// 4. wholly before the parent's start: nothing with margins ≥ 0 reaches there, so the
///    mapper wraps the child in a view that does (`OutsideWrapper`).
struct Docked {
    /// What happened to a child that could not keep its constraint.
    enum Outside {
        /// Placed with its size by its centre or an edge (steps 1–3 above).
        case placed
        /// Wholly before the parent's start: it needs a wrapper (step 4).
        case beforeStart
    }

    let constraint: String
    private(set) var placement = AxisAlignment.start
    private(set) var marginStart = 0.0
    private(set) var marginEnd = 0.0
    /// The explicit length, nil when the view fills or hugs.
    private(set) var length: Double?
    /// Nil when the constraint was kept.
    private(set) var outside: Outside?

    /// `LEFT`/`TOP` → start, `RIGHT`/`BOTTOM` → end, `CENTER` → centre with the offset as a
    /// margin difference, `LEFT_RIGHT`/`TOP_BOTTOM` and `SCALE` → fill with both margins; each
    /// only where margins ≥ 0 give the box under WPF's rule, else placed as the type says.
    init(start: Double, length: Double, end: Double, constraint: String, sizing: Sizing) {
        self.constraint = constraint
        // Figma's float noise: a child flush with its parent may sit at -0.00001.
        let start = abs(start) < 0.001 ? 0 : start, end = abs(end) < 0.001 ? 0 : end
        let slot = start + length + end
        let own = sizing == .hug ? nil : length
        let centreInside = abs(start - end) <= slot
        switch constraint {
        case "LEFT" where start >= 0, "TOP" where start >= 0:
            (placement, marginStart, self.length) = (.start, start, own)
        case "RIGHT" where end >= 0 && end <= slot, "BOTTOM" where end >= 0 && end <= slot:
            (placement, marginEnd, self.length) = (.end, end, own)
        case "CENTER" where centreInside:
            centre(start: start, end: end, length: own)
        case "LEFT_RIGHT" where start >= 0 && end >= 0, "TOP_BOTTOM" where start >= 0 && end >= 0,
             "SCALE" where start >= 0 && end >= 0:
            (placement, marginStart, marginEnd) = (.fill, start, end)
        default:
            // Outside the parent (or an unknown constraint): the box kept, with its size.
            outside = .placed
            if centreInside {
                centre(start: start, end: end, length: length)
            } else if start >= 0 {
                (placement, marginStart, self.length) = (.start, start, length)
            } else if slot - end > -0.001 {
                placement = .end
                if end >= 0 { marginEnd = end } else { marginStart = slot - end }
                self.length = length
            } else {
                outside = .beforeStart
                self.length = length
            }
        }
    }

    /// Centred with margins whose difference is twice the offset of the child's centre from
    /// the parent's: the same box at this size, the same offset at any size where the slot
    /// still holds both margins.
    private mutating func centre(start: Double, end: Double, length: Double?) {
        placement = .center
        marginStart = max(0, start - end)
        marginEnd = max(0, end - start)
        self.length = length
    }
}
