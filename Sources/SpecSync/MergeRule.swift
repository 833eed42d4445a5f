/// The merge rule (DESIGN.md §5), as pure functions.
///
/// For each `(document, view, property)` the change with the greatest stamp wins
/// (`DocumentState.apply`). Two changes are concurrent when neither author had seen the other's
/// change: a concurrent loser is kept and shown by `plumb conflicts`; a change its author had
/// already seen and overwrote is simply history.
public enum MergeRule {
    /// True when `incoming` beats `current` under last-writer-wins.
    public static func wins(_ incoming: Stamp, over current: Stamp) -> Bool {
        current < incoming
    }

    /// True when neither change was made knowing the other. `aSeen` is the vector of the
    /// version holding `a` (what its author knew), likewise `bSeen`.
    public static func areConcurrent(_ a: Stamp, seen aSeen: VersionVector, _ b: Stamp, seen bSeen: VersionVector) -> Bool {
        !aSeen.includes(site: b.site, seq: b.seq) && !bSeen.includes(site: a.site, seq: a.seq)
    }
}

/// A concurrent write that lost at a merge: both values with who wrote them and when.
public struct Conflict: Sendable, Equatable {
    public struct Side: Sendable, Equatable {
        /// Canonical JSON, `nil` = unset.
        public let value: String?
        public let stamp: Stamp

        public init(value: String?, stamp: Stamp) {
            self.value = value
            self.stamp = stamp
        }
    }

    public let view: String
    public let property: String
    public let winner: Side
    public let loser: Side

    public init(view: String, property: String, winner: Side, loser: Side) {
        self.view = view
        self.property = property
        self.winner = winner
        self.loser = loser
    }
}
