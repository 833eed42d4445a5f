/// What someone did about a conflict: kept the lost value, restored the lost view, or
/// dismissed it. Recorded by the store that did it and passed on with sync (store to store,
/// bundle, hub) to every store, which applies it to the conflict it names if it holds it (or
/// as soon as a merge records it). Resolutions form a grow-only set: a store adds its own and
/// takes in everyone else's, never changes or drops one, so any order of syncs ends with the
/// same set everywhere. A conflict with at least one resolution is settled: no longer open.
public struct ConflictResolution: Hashable, Sendable {
    /// What was done.
    public enum State: String, CaseIterable, Sendable {
        case kept, restored, dismissed
    }

    /// The conflict, the same in every store that holds it: the losing change (its site and
    /// seq name it everywhere), its view, and its property (empty for a structural conflict).
    public struct Key: Hashable, Sendable {
        public let loserSite: SiteID
        public let loserSeq: Int64
        public let view: String
        public let property: String

        public init(loserSite: SiteID, loserSeq: Int64, view: String, property: String) {
            self.loserSite = loserSite
            self.loserSeq = loserSeq
            self.view = view
            self.property = property
        }

        /// A property conflict's key.
        public init(_ conflict: Conflict) {
            self.init(loserSite: conflict.loser.stamp.site, loserSeq: conflict.loser.stamp.seq, view: conflict.view, property: conflict.property)
        }

        /// A structural conflict's key (no property).
        public init(_ conflict: StructuralConflict) {
            self.init(loserSite: conflict.loser.site, loserSeq: conflict.loser.seq, view: conflict.view, property: "")
        }
    }

    public let key: Key
    public let state: State
    /// The store that did it.
    public let site: SiteID
    /// When, in Unix milliseconds (the doer's clock; shown, never compared for a merge).
    public let time: Int64

    public init(key: Key, state: State, site: SiteID, time: Int64) {
        self.key = key
        self.state = state
        self.site = site
        self.time = time
    }

    /// The resolution to show for one conflict among several recorded for it: the latest, ties
    /// broken by site, so every store shows the same one.
    public static func shown(_ resolutions: [ConflictResolution]) -> ConflictResolution? {
        resolutions.max { ($0.time, $0.site.hex, $0.state.rawValue) < ($1.time, $1.site.hex, $1.state.rawValue) }
    }
}
