import LayoutSpec

/// Work that left the document because of concurrent work elsewhere: a view edited, added or
/// moved where another site deleted it or a view above it, or a move skipped because it would
/// have made a cycle. Deletion wins (as in Figma, Loro's movable tree and Automerge); the loss is
/// recorded so nobody's work disappears without a word, and `plumb restore` undoes it.
public struct StructuralConflict: Sendable, Hashable {
    /// What kind of work was lost (the names `plumb conflicts --json` prints).
    public enum Kind: String, Sendable, CaseIterable, Comparable {
        /// The losing side changed a view (set a property, moved or reordered it) that the
        /// other side deleted.
        case deleted = "deleted"
        /// The losing side added a view under a view the other side deleted.
        case addedUnderDeleted = "added-under-deleted"
        /// The losing side moved a view under a view the other side deleted.
        case movedUnderDeleted = "moved-under-deleted"
        /// The losing side changed a view that the other side's delete cut off from the root
        /// without deleting it (it sat under the deleted view through a third side's move).
        case editedUnderDeleted = "edited-under-deleted"
        /// The losing side's move would have put the view under its own descendant, after a
        /// concurrent move elsewhere; it was skipped and the view stayed where it was.
        case moveSkipped = "move-skipped"

        public static func < (lhs: Kind, rhs: Kind) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    public let kind: Kind
    /// The view that is not in the document (or, for a skipped move, that did not move).
    public let view: String
    /// The deleted view at the top of what the winning side deleted; for a skipped move, the
    /// view the move would have put `view` under.
    public let cause: String
    /// The view the winning change was made on: the deleted view nearest to `view`, or for a
    /// skipped move the view whose move closed the loop first.
    public let winnerView: String
    /// The winning change: the delete, or the move that closed the loop first.
    public let winner: Stamp
    /// The first lost change of the losing version on `view`.
    public let loser: Stamp
    /// What the losing version did to `view` that is lost: property name → value (canonical
    /// JSON, `nil` = unset), sorted by property.
    public let lost: [LostValue]

    /// One property the losing side wrote.
    public struct LostValue: Sendable, Hashable {
        public let property: Property
        public let value: String?

        public init(property: Property, value: String?) {
            self.property = property
            self.value = value
        }
    }

    public init(kind: Kind, view: String, cause: String, winnerView: String, winner: Stamp, loser: Stamp, lost: [LostValue]) {
        self.kind = kind
        self.view = view
        self.cause = cause
        self.winnerView = winnerView
        self.winner = winner
        self.loser = loser
        self.lost = lost
    }
}

extension StructuralConflict {
    /// The same conflict listing `others` too (a record met again with more lost properties).
    public func adding(_ others: [LostValue]) -> StructuralConflict {
        var byProperty: [Property: LostValue] = [:]
        for value in others + lost { byProperty[value.property] = value }
        return StructuralConflict(kind: kind, view: view, cause: cause, winnerView: winnerView, winner: winner, loser: loser,
                                  lost: byProperty.values.sorted { $0.property.rawValue < $1.property.rawValue })
    }
}

/// One lost change, the unit the classifier compares between two states.
public struct Loss: Sendable, Hashable {
    public let view: String
    public let property: Property
    /// The lost change's stamp.
    public let stamp: Stamp
    public let value: String?
    public let kind: StructuralConflict.Kind
    public let cause: String
    public let winnerView: String
    public let winner: Stamp

    /// Identity across states: the same change lost on the same view.
    public struct Key: Hashable, Sendable {
        public let view: String
        public let property: Property
        public let stamp: Stamp
    }

    public var key: Key { Key(view: view, property: property, stamp: stamp) }
}
