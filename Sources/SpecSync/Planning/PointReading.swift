import LayoutSpec

/// A head read view by view, for the edit planners (`DocumentReading`): a store answers a
/// view's stored entries, the views that may be the root and, when a walk needs every view, the
/// whole state; the placement rules here (which views are in the document, which is the root,
/// a view's children) are `Projection`'s, so editing one view of a large document costs that
/// view and its ancestors, not the document. `LightCommitTests` and `ConvergenceTests` hold the
/// two together.
public protocol PointReading: DocumentReading {
    /// The head's kept tree replay.
    var tree: TreeResolution { get }
    /// What the walks found so far.
    var placement: Placement { get }
    /// A view's last-writer-wins entries (before the tree replay); `nil` when it has none.
    func entries(of view: String) throws -> ViewState?
    /// The alive views whose stored `parent` is not a view id (with an id less than `limit`,
    /// when given).
    func storedRootCandidates(before limit: String?) throws -> [String]
    /// The whole last-writer-wins head.
    func wholeState() throws -> DocumentState
}

/// What a `PointReading` has found, kept for the rest of its command (a path up the tree asks
/// each view several times).
public final class Placement {
    var values: [PropertyKey: String?] = [:]
    var placed: [String: Bool] = [:]
    var root: String??
    var childIndex: [String: [String]]?
    var resolved: ResolvedDocument?

    public init() {}
}

extension PointReading {
    /// The whole head, resolved as every reader sees it (loaded once).
    public func resolved() throws -> ResolvedDocument {
        if let resolved = placement.resolved { return resolved }
        let document = ResolvedDocument(name: name, raw: try wholeState(), tree: tree)
        placement.resolved = document
        return document
    }

    public func value(_ view: String, _ property: Property) throws -> String? {
        if let resolved = placement.resolved { return resolved.value(view, property) }
        if property == .parent, let entry = tree.overrides[view] { return entry.value }
        let key = PropertyKey(view: view, property: property)
        if let cached = placement.values[key] { return cached }
        let value = try entries(of: view)?[property]?.value
        placement.values[key] = value
        return value
    }

    /// The last-writer-wins `parent` entry of a view (for continuing the tree replay).
    public func rawParentEntry(_ view: String) throws -> DocumentState.Entry? {
        try entries(of: view)?[.parent]
    }

    /// `Projection`'s walk: alive, with a kind, under a container that is in the document, up
    /// to the root.
    public func contains(_ view: String) throws -> Bool {
        if let resolved = placement.resolved { return resolved.contains(view) }
        var path: [String] = []
        var current = view
        var result = false
        while true {
            if let known = placement.placed[current] { result = known; break }
            path.append(current)
            guard try isAlive(current), try kind(of: current) != nil, path.count <= 100_000 else { result = false; break }
            guard let parent = try parent(of: current) else { result = try isRoot(current); break }
            guard try kind(of: parent)?.isContainer == true else {
                // The parent's own placement still matters for it, not for this path.
                result = false
                break
            }
            current = parent
        }
        for id in path { placement.placed[id] = result }
        return result
    }

    public func root() throws -> String? {
        if let resolved = placement.resolved { return resolved.root() }
        if let root = placement.root { return root }
        let root = try rootCandidates(before: nil).min()
        placement.root = .some(root)
        return root
    }

    /// Whether `view`, alive with a kind and no parent, is the root: no other such view has a
    /// lesser id. Reads the views before it only (the root usually comes early).
    private func isRoot(_ view: String) throws -> Bool {
        if let root = placement.root { return root == view }
        return try rootCandidates(before: view).isEmpty
    }

    /// Alive views with a kind and no parent (with an id less than `limit`, when given).
    private func rootCandidates(before limit: String?) throws -> [String] {
        var candidates = try storedRootCandidates(before: limit)
        // A view whose kept move makes it a child is no root; a view the replay keeps at the
        // top is one.
        for (view, entry) in tree.overrides where ValueText.stringValue(entry.value) == nil && !candidates.contains(view) {
            if let limit, view >= limit { continue }
            if try isAlive(view) { candidates.append(view) }
        }
        return try candidates.filter { try ValueText.stringValue(value($0, .parent)) == nil && kind(of: $0) != nil }
    }

    /// The children of a view in the document, in sibling order.
    public func children(of parent: String) throws -> [String] {
        if let resolved = placement.resolved { return resolved.children(of: parent) }
        guard try contains(parent), try kind(of: parent)?.isContainer == true else { return [] }
        return try aliveChildren(of: parent).filter { try kind(of: $0) != nil }
    }

    public func subtree(of views: [String]) throws -> Set<String> {
        if let resolved = placement.resolved { return resolved.subtree(of: views) }
        var result = Set<String>()
        var pending = views
        while let next = pending.popLast() {
            if result.insert(next).inserted { pending += try aliveChildren(of: next) }
        }
        return result
    }

    /// Alive views whose effective parent is `parent`, in sibling order: one scan of the whole
    /// head builds the index for every view.
    private func aliveChildren(of parent: String) throws -> [String] {
        if placement.childIndex == nil {
            var index: [String: [(order: String, id: String)]] = [:]
            for (view, entries) in try wholeState().views where entries[.alive]?.value == "true" {
                guard let raw = entries[.parent] else { continue }
                let value = tree.overrides[view].map(\.value) ?? raw.value
                guard let parent = ValueText.stringValue(value) else { continue }
                index[parent, default: []].append((ValueText.stringValue(entries[.order]?.value) ?? "", view))
            }
            placement.childIndex = index.mapValues { $0.sorted { $0.order != $1.order ? $0.order < $1.order : $0.id < $1.id }.map(\.id) }
        }
        return placement.childIndex?[parent] ?? []
    }
}
