import LayoutSpec

extension StateDifference {
    /// The difference `edits` make to `old` when the views in the document afterwards are
    /// known: `after` lists them (any order), as when the edits make `old` equal to a spec
    /// (every view of the spec is then placed, every other view of the document deleted).
    /// Equal to `init(from: old.state, to: new, touched:)` with `new` the state the edits
    /// make, without building `new` or its projection: one pass over `after` and one over the
    /// edits, each view's edits taken together. O(edits + after), plus a set of `after` only
    /// when some view of `old` is not in it.
    ///
    /// `nil` when `old` has detached views: edits reviving a view can bring one of those back
    /// into the document, which only a projection of `new` tells.
    public init?(from old: ResolvedDocument, applying edits: EditList, documentAfter after: [String]) {
        guard old.projection.detached.isEmpty else { return nil }
        var keptCount = 0
        for view in after {
            if old.contains(view) { keptCount += 1 } else { added.append(view) }
        }
        added.sort()
        // Views of `old` that `after` leaves out; when none, every view of `old` stays.
        var stays: (String) -> Bool = { _ in true }
        if keptCount < old.projection.count {
            let remaining = Set(after)
            removed = old.projection.order.filter { !remaining.contains($0) }.sorted()
            stays = { remaining.contains($0) }
        }
        var start = 0
        let byView = edits.indices.dropFirst().allSatisfy { edits[$0 - 1].view <= edits[$0].view }
        let ordered = byView ? edits : EditList(edits.sorted { $0.view < $1.view })
        while start < ordered.count {
            var end = start + 1
            while end < ordered.count && ordered[end].view == ordered[start].view { end += 1 }
            let view = ordered[start].view
            if old.contains(view) && stays(view) {
                compare(view, old: old.state, edits: ordered[start..<end])
            }
            start = end
        }
        moved.sort()
        changed.sort { ($0.view, $0.property) < ($1.view, $1.property) }
    }

    /// Adds what one view kept in the document differs by: moved when its parent or order
    /// changes, and its properties as `show` prints them (every property when its kind
    /// changes, else only the edited ones, the others being equal).
    private mutating func compare(_ view: String, old: DocumentState, edits: Slice<EditList>) {
        let was = old.views[view] ?? ViewState()
        // The last edit of a property wins, as when they are made one after another.
        var now: [(property: Property, value: String?)] = []
        for edit in edits {
            if let index = now.firstIndex(where: { $0.property == edit.property }) {
                now[index].value = edit.value
            } else {
                now.append((edit.property, edit.value))
            }
        }
        func newValue(_ property: Property) -> String? {
            if let edited = now.first(where: { $0.property == property }) { return edited.value }
            return was[property]?.value
        }
        if newValue(.parent) != was[.parent]?.value || newValue(.order) != was[.order]?.value { moved.append(view) }
        let oldKind = Projection.kind(was)
        let newKind = ValueText.stringValue(newValue(.kind)).flatMap(ViewKind.init(rawValue:))
        var properties = now.map(\.property)
        if newValue(.kind) != was[.kind]?.value {
            for (property, _) in was where !properties.contains(property) { properties.append(property) }
        }
        for property in properties {
            let from = was[property]?.value, to = newValue(property)
            switch property {
            case .parent, .order, .alive: continue
            case .kind: if from == to { continue }
            default:
                let before = oldKind.flatMap { Materializer.shownValue(property, from, kind: $0) }
                let after = newKind.flatMap { Materializer.shownValue(property, to, kind: $0) }
                if before == after { continue }
            }
            changed.append(PropertyChange(view: view, property: property, from: from, to: to))
        }
    }
}
