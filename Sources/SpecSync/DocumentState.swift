import LayoutSpec

/// The last-writer-wins fold of a set of changes to one document: for every
/// `(view, property)`, the value of the change with the greatest stamp.
///
/// Folding is a max per key, so it is idempotent, commutative and associative: any order of
/// delivery, any duplication, the same state.
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

    public private(set) var entries: [PropertyKey: Entry]

    public init(entries: [PropertyKey: Entry] = [:]) {
        self.entries = entries
    }

    /// Folds in one change. Returns the entry it beat or that beat it (a concurrent loser is
    /// what `plumb conflicts` reports), `nil` when the key was new.
    @discardableResult
    public mutating func apply(_ change: Change) -> Entry? {
        apply(key: PropertyKey(view: change.view, property: change.property), Entry(value: change.value, stamp: change.stamp))
    }

    /// Folds in one entry under `key`; returns the previous entry, if any.
    @discardableResult
    public mutating func apply(key: PropertyKey, _ entry: Entry) -> Entry? {
        guard let current = entries[key] else {
            entries[key] = entry
            return nil
        }
        if current.stamp < entry.stamp { entries[key] = entry }
        return current
    }

    /// Folds in every entry of another state (the join of the two).
    public mutating func merge(_ other: DocumentState) {
        for (key, entry) in other.entries { apply(key: key, entry) }
    }

    /// The current value of one property (canonical JSON), `nil` when unset.
    public func value(_ view: String, _ property: Property) -> String? {
        entries[PropertyKey(view: view, property: property)]?.value
    }

    /// True when the view exists and is not deleted.
    public func isAlive(_ view: String) -> Bool {
        value(view, .alive) == "true"
    }
}
