import LayoutSpec
import SpecSync

/// The head of one document inside a write transaction, as the planners read it
/// (`DocumentReading`): the resolved tree (the head chunks with the kept tree replay applied,
/// placed by `Projection`'s rules), answered view by view from the rows, so that editing one
/// view of a large document costs that view and its ancestors, not the document.
/// `resolved()` loads the whole document when a planner needs it (apply, revert, restore).
public final class DocumentHead: DocumentReading {
    let store: Store
    let documentID: Int64?
    public let name: String
    /// The head's kept tree replay.
    let tree: TreeResolution
    private var values: [PropertyKey: String?] = [:]
    private var placed: [String: Bool] = [:]
    private var cachedRoot: String??
    private var childIndex: [String: [String]]?
    private(set) var loaded: HeldHead?
    private var resolvedDocument: ResolvedDocument?
    /// Head chunks decoded so far, by row: a path up the tree asks each view several times, and
    /// neighbours share a chunk.
    private var chunks: [Int64: DocumentState] = [:]

    init(store: Store, documentID: Int64?, name: String) throws {
        self.store = store
        self.documentID = documentID
        self.name = name
        tree = try documentID.map { try store.headTree(documentID: $0) } ?? TreeResolution()
    }

    /// False when the document does not exist yet.
    public var exists: Bool { documentID != nil }

    /// The whole head, resolved as every reader sees it (loaded once).
    public func resolved() throws -> ResolvedDocument {
        if let resolvedDocument { return resolvedDocument }
        let held = try load()
        let document = ResolvedDocument(name: name, raw: held.state, tree: tree)
        resolvedDocument = document
        return document
    }

    /// The whole last-writer-wins head (loaded once).
    func load() throws -> HeldHead {
        if let loaded { return loaded }
        var held = HeldHead(state: DocumentState(), tree: tree, known: VersionVector())
        if let documentID {
            held = HeldHead(state: try store.headState(documentID: documentID), tree: tree, known: try store.knownVector(documentID: documentID))
        }
        loaded = held
        return held
    }

    public func value(_ view: String, _ property: Property) throws -> String? {
        if let resolvedDocument { return resolvedDocument.value(view, property) }
        if property == .parent, let entry = tree.overrides[view] { return entry.value }
        let key = PropertyKey(view: view, property: property)
        if let cached = values[key] { return cached }
        let value = try entries(of: view)?[property]?.value
        values[key] = value
        return value
    }

    /// The last-writer-wins `parent` entry of a view (for continuing the tree replay).
    func rawParentEntry(_ view: String) throws -> DocumentState.Entry? {
        try entries(of: view)?[.parent]
    }

    /// The head entries of `view`, from the whole head when loaded, else from its chunk.
    func entries(of view: String) throws -> ViewState? {
        if let loaded { return loaded.state.views[view] }
        guard let documentID, let rowID = try store.headChunkRow(documentID: documentID, containing: view) else { return nil }
        if chunks[rowID] == nil {
            var chunk = DocumentState()
            try store.decodeChunk(rowID: rowID, into: &chunk)
            chunks[rowID] = chunk
        }
        return chunks[rowID]?.views[view]
    }

    /// The same walk as `Projection`: alive, with a kind, under a container that is in the
    /// document, up to the root.
    public func contains(_ view: String) throws -> Bool {
        if let resolvedDocument { return resolvedDocument.contains(view) }
        var path: [String] = []
        var current = view
        var result = false
        while true {
            if let known = placed[current] { result = known; break }
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
        for id in path { placed[id] = result }
        return result
    }

    public func root() throws -> String? {
        if let resolvedDocument { return resolvedDocument.root() }
        if let cachedRoot { return cachedRoot }
        let root = try rootCandidates(before: nil).min()
        cachedRoot = .some(root)
        return root
    }

    /// Whether `view`, alive with a kind and no parent, is the root: no other such view has a
    /// lesser id. Reads the rows of the views before it only (the root usually comes early),
    /// not the document.
    private func isRoot(_ view: String) throws -> Bool {
        if let cachedRoot { return cachedRoot == view }
        return try rootCandidates(before: view).isEmpty
    }

    /// Alive views with a kind and no parent (with an id less than `limit`, when given).
    private func rootCandidates(before limit: String?) throws -> [String] {
        var candidates: [String] = []
        if let documentID {
            try store.database.query("SELECT view FROM head_roots WHERE document = ?\(limit == nil ? "" : " AND view < ?")",
                                     [SQLValue.integer(documentID)] + (limit.map { [SQLValue.text($0)] } ?? [])) { row in
                candidates.append(row.text(0) ?? "")
            }
        }
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
        if let resolvedDocument { return resolvedDocument.children(of: parent) }
        guard try contains(parent), try kind(of: parent)?.isContainer == true else { return [] }
        return try aliveChildren(of: parent).filter { try kind(of: $0) != nil }
    }

    public func subtree(of views: [String]) throws -> Set<String> {
        if let resolvedDocument { return resolvedDocument.subtree(of: views) }
        var result = Set<String>()
        var pending = views
        while let next = pending.popLast() {
            if result.insert(next).inserted { pending += try aliveChildren(of: next) }
        }
        return result
    }

    /// Alive views whose effective parent is `parent`, in sibling order: one scan of the
    /// document's `parent` rows builds the index for every view.
    private func aliveChildren(of parent: String) throws -> [String] {
        if childIndex == nil {
            var index: [String: [(order: String, id: String)]] = [:]
            for (view, entries) in try load().state.views where entries[.alive]?.value == "true" {
                guard let raw = entries[.parent] else { continue }
                let value = tree.overrides[view].map(\.value) ?? raw.value
                guard let parent = ValueText.stringValue(value) else { continue }
                index[parent, default: []].append((ValueText.stringValue(entries[.order]?.value) ?? "", view))
            }
            childIndex = index.mapValues { $0.sorted { $0.order != $1.order ? $0.order < $1.order : $0.id < $1.id }.map(\.id) }
        }
        return childIndex?[parent] ?? []
    }
}
