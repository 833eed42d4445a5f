import LayoutSpec

/// Plans `plumb restore DOC VIEW --from REV`: the edits that bring a view back with its
/// subtree as it was in an earlier version, as a new version on top of the head.
public enum RestorePlanner {
    /// Every view of `view`'s subtree in `source` gets all its properties as they were there
    /// (what the head set since and `source` had not is unset); the views above it that are
    /// not in the head's document come back too (themselves only), so the subtree hangs from
    /// the root again. Views the head added under the subtree since stay.
    public static func edits(restoring view: String, from source: ResolvedDocument, onto head: ResolvedDocument) throws -> [Edit] {
        guard source.contains(view) else {
            throw EditError.invalid("\(head.name): \"\(view)\" is not in the document in the version to restore from")
        }
        var restored: [String] = []
        var pending = [view]
        while let next = pending.popLast() {
            restored.append(next)
            pending += source.projection.children(of: next)
        }
        var ancestor = source.projection.parent(of: view)
        while let id = ancestor, !head.contains(id) {
            restored.append(id)
            ancestor = source.projection.parent(of: id)
        }
        var edits: [Edit] = []
        for id in restored {
            let was = source.state.views[id] ?? ViewState()
            let now = head.state.views[id] ?? ViewState()
            var properties = Set<Property>()
            for (property, _) in was { properties.insert(property) }
            for (property, _) in now { properties.insert(property) }
            for property in properties where was[property]?.value != now[property]?.value {
                edits.append(Edit(view: id, property: property, value: was[property]?.value))
            }
        }
        try checkNoCycle(edits, restored: restored, head: head)
        return edits.sorted { ($0.view, $0.property) < ($1.view, $1.property) }
    }

    /// A view the head moved since under one that comes back below it would close a loop: refuse.
    static func checkNoCycle(_ edits: [Edit], restored: [String], head: ResolvedDocument) throws {
        var parents: [String: String] = [:]
        for id in restored { if let parent = head.parent(of: id) { parents[id] = parent } }
        for edit in edits where edit.property == .parent {
            parents[edit.view] = ValueText.stringValue(edit.value)
        }
        for id in restored {
            var current: String? = id
            var steps = 0
            while let at = current {
                steps += 1
                if steps > head.state.views.count + restored.count + 1 {
                    throw EditError.invalid("\(head.name): cannot restore \"\(id)\": a view above it was moved under it since; move that view first with `plumb mv`")
                }
                current = parents[at] ?? head.parent(of: at)
            }
        }
    }

    /// The newest of `versions` (newest first) whose state has `view` in the document.
    public static func lastVersion<V>(with view: String, among versions: [V], document: (V) throws -> ResolvedDocument) throws -> (V, ResolvedDocument)? {
        for version in versions {
            let resolved = try document(version)
            if resolved.contains(view) { return (version, resolved) }
        }
        return nil
    }
}
