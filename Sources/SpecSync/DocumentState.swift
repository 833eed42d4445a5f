import LayoutSpec

/// The last-writer-wins fold of a set of changes to one document: for every
/// `(view, property)`, the value of the change with the greatest stamp.
///
/// Folding is a max per key, so it is idempotent, commutative and associative: any order of
/// delivery, any duplication, the same state. Entries are grouped by view (one hash lookup per
/// view, not per property), which keeps reading and laying out large documents cheap.
public struct DocumentState: Sendable, Equatable {
    /// The winning value and who wrote it.
    public struct Entry: Sendable, Equatable {
        /// Canonical JSON text; `nil` = unset.
        public var value: String?
        public var stamp: Stamp

        public init(value: String?, stamp: Stamp) {
            self.value = value
            self.stamp = stamp
        }
    }

    /// Every view's properties, by view id, in the order views were first written.
    public private(set) var views: ViewTable
    /// Number of `(view, property)` entries.
    public private(set) var count = 0

    public init() { views = ViewTable() }

    /// An empty state with room for about `views` views.
    public init(capacity views: Int) {
        self.views = ViewTable(capacity: views)
    }

    /// Folds in one change. Returns the entry it beat or that beat it (a concurrent loser is
    /// what `plumb conflicts` reports), `nil` when the key was new.
    @discardableResult
    public mutating func apply(_ change: Change) -> Entry? {
        apply(view: change.view, property: change.property, Entry(value: change.value, stamp: change.stamp))
    }

    /// Folds in one entry; returns the previous entry, if any.
    @discardableResult
    public mutating func apply(view: String, property: Property, _ entry: Entry) -> Entry? {
        let previous = views.modify(view) { $0.fold(property, entry) }
        if previous == nil { count += 1 }
        return previous
    }

    /// Folds in several entries of one view: one lookup of the view, not one per entry (for
    /// readers of stored states, which hold a view's entries together). The view's list is
    /// grown once, by the entries' count.
    public mutating func apply(view: String, entries: [(property: Property, entry: Entry)]) {
        var added = 0
        views.modify(view) { $0.fold(entries, added: &added) }
        count += added
    }

    /// Overwrites one entry whatever its stamp: for tree resolution, which decides the effective
    /// `parent` by replaying moves rather than by the last-writer-wins rule.
    public mutating func replace(view: String, property: Property, with entry: Entry) {
        if views.modify(view, { $0.replace(property, entry) }) == nil { count += 1 }
    }

    /// Sets one view's entries to `entries` whatever was there: the view's storage is shared
    /// with `entries`, not copied (a writer putting whole views into another state).
    public mutating func replace(view: String, with entries: ViewState) {
        let previous = views.modify(view) { state in
            defer { state = entries }
            return state.count
        }
        count += entries.count - previous
    }

    /// Makes room for `entries` entries (at most one per property) of a view this state does not
    /// hold yet, so that folding a run of its changes allocates its lists once, at their size.
    /// Does nothing for a view already held; leaves the view empty until its changes fold.
    mutating func reserve(newView view: String, entries: Int) {
        guard !views.contains(view) else { return }
        views.modify(view) { $0.reserveCapacity(min(entries, Property.count)) }
    }

    /// Folds in every entry of another state (the join of the two). A view this state does not
    /// hold takes the other's list of entries as it is, shared, not copied.
    public mutating func merge(_ other: DocumentState) {
        for (view, state) in other.views {
            guard views.contains(view) else {
                replace(view: view, with: state)
                continue
            }
            for (property, entry) in state { apply(view: view, property: property, entry) }
        }
    }

    /// The entry of one property, if any change set or unset it.
    public func entry(_ view: String, _ property: Property) -> Entry? {
        views[view]?[property]
    }

    /// The current value of one property (canonical JSON), `nil` when unset.
    public func value(_ view: String, _ property: Property) -> String? {
        views[view]?[property]?.value
    }

    /// True when the view exists and is not deleted.
    public func isAlive(_ view: String) -> Bool {
        value(view, .alive) == "true"
    }

    /// Ids of the views that are alive.
    public var aliveViews: Set<String> {
        Set(views.lazy.filter { $0.value[.alive]?.value == "true" }.map(\.key))
    }

    /// The keys whose entry a version of `site` with seqs `seqs` wrote (its stamp is the
    /// version's): after folding the version in, exactly the keys it changed. Read off the
    /// entries on use, never held.
    public func keys(writtenBy site: SiteID, seqs: ClosedRange<Int64>) -> some Sequence<PropertyKey> {
        views.lazy.flatMap { view, state in
            state.lazy.filter { $0.entry.stamp.site == site && seqs.contains($0.entry.stamp.seq) }.map { PropertyKey(view: view, property: $0.property) }
        }
    }

    /// Every entry with its key.
    public var allEntries: [(key: PropertyKey, entry: Entry)] {
        var result: [(key: PropertyKey, entry: Entry)] = []
        result.reserveCapacity(count)
        for (view, state) in views {
            for (property, entry) in state { result.append((PropertyKey(view: view, property: property), entry)) }
        }
        return result
    }
}
