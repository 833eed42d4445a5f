import LayoutSpec

/// What differs between two states of a document.
public struct StateDifference: Sendable, Equatable {
    /// One property that differs on a view present in both states.
    public struct PropertyChange: Sendable, Equatable {
        public let view: String
        public let property: Property
        /// Canonical JSON, `nil` = unset.
        public let from: String?
        public let to: String?
    }

    /// Views in the second document only, sorted.
    public var added: [String] = []
    /// Views in the first document only, sorted.
    public var removed: [String] = []
    /// Views in both whose parent or sibling order changed, sorted.
    public var moved: [String] = []
    /// Other properties (and `kind`) that differ on views in both, as `show` prints them, by
    /// view then property.
    public var changed: [PropertyChange] = []

    public var isEmpty: Bool { added.isEmpty && removed.isEmpty && moved.isEmpty && changed.isEmpty }

    /// Compares two effective states: the views in each document (`Projection`), so detached
    /// views count as absent, as `show` has them. `touched`, when given, holds every view whose
    /// own properties differ between the states (as when `new` is `old` with some edits): moves
    /// and property changes are looked for there only.
    public init(from old: DocumentState, to new: DocumentState, touched: Set<String>? = nil) {
        let oldAlive = Set(Projection(old).order)
        let newAlive = Set(Projection(new).order)
        added = newAlive.subtracting(oldAlive).sorted()
        removed = oldAlive.subtracting(newAlive).sorted()
        var kept = oldAlive.intersection(newAlive)
        if let touched { kept.formIntersection(touched) }
        moved = kept.filter { old.value($0, .parent) != new.value($0, .parent) || old.value($0, .order) != new.value($0, .order) }.sorted()
        var keys = Set<PropertyKey>()
        for view in kept {
            for (property, _) in old.views[view] ?? ViewState() { keys.insert(PropertyKey(view: view, property: property)) }
            for (property, _) in new.views[view] ?? ViewState() { keys.insert(PropertyKey(view: view, property: property)) }
        }
        changed = keys.filter { key in
            switch key.property {
            case .parent, .order, .alive: return false
            case .kind: return old.value(key.view, .kind) != new.value(key.view, .kind)
            default:
                let before = old.views[key.view].flatMap(Projection.kind).flatMap { Materializer.shownValue(key.property, old.value(key.view, key.property), kind: $0) }
                let after = new.views[key.view].flatMap(Projection.kind).flatMap { Materializer.shownValue(key.property, new.value(key.view, key.property), kind: $0) }
                return before != after
            }
        }.sorted().map { PropertyChange(view: $0.view, property: $0.property, from: old.value($0.view, $0.property), to: new.value($0.view, $0.property)) }
    }

    /// The edits that turn `old` into exactly `new` (every property, structure included).
    public static func edits(from old: DocumentState, to new: DocumentState) -> [Edit] {
        var keys = Set(old.allEntries.map(\.key))
        keys.formUnion(new.allEntries.map(\.key))
        return keys.filter { old.value($0.view, $0.property) != new.value($0.view, $0.property) }
            .sorted()
            .map { Edit(view: $0.view, property: $0.property, value: new.value($0.view, $0.property)) }
    }
}

extension StateDifference {
    /// Whether a change to `property` can change which views are in the document or where
    /// (`Projection` reads `alive`, `kind`, `parent` and `order`).
    public static func isStructural(_ property: Property) -> Bool {
        switch property {
        case .parent, .order, .alive, .kind: return true
        default: return false
        }
    }

    /// One property that changes between two states that differ in plain properties only: its
    /// value in each, and its view's kind and place (the same in both).
    public struct PlainChange: Sendable {
        public let key: PropertyKey
        public let from: String?
        public let to: String?
        /// The view's kind; `nil` when it has none (so it is not in the document).
        public let kind: ViewKind?
        /// True when the view is in the document.
        public let inDocument: Bool

        public init(key: PropertyKey, from: String?, to: String?, kind: ViewKind?, inDocument: Bool) {
            self.key = key
            self.from = from
            self.to = to
            self.kind = kind
            self.inDocument = inDocument
        }
    }

    /// The difference between two states whose only differing entries are the given plain
    /// (not `isStructural`) properties: the same views in the same places, so nothing is
    /// added, removed or moved, and `changed` is what `init(from:to:)` would find among them.
    public init(plainChanges: [PlainChange]) {
        changed = plainChanges.filter { change in
            guard change.inDocument, let kind = change.kind, !StateDifference.isStructural(change.key.property) else { return false }
            return Materializer.shownValue(change.key.property, change.from, kind: kind)
                != Materializer.shownValue(change.key.property, change.to, kind: kind)
        }.sorted { $0.key < $1.key }.map { PropertyChange(view: $0.key.view, property: $0.key.property, from: $0.from, to: $0.to) }
    }
}
