import LayoutSpec
import SpecSync

/// The head of one document inside a write transaction, as the planners read it: the head's
/// chunks and kept tree replay, answered view by view (`PointReading` places the views by
/// `Projection`'s rules), so that editing one view of a large document costs that view and its
/// ancestors. `resolved()` loads the whole document when a planner needs it (apply, revert,
/// restore).
public final class DocumentHead: PointReading {
    let store: Store
    let documentID: Int64?
    public let name: String
    public let tree: TreeResolution
    public let placement = Placement()
    private(set) var loaded: HeldHead?
    /// Head chunks decoded so far, by row: neighbours share a chunk.
    private var chunks: [Int64: DocumentState] = [:]

    init(store: Store, documentID: Int64?, name: String) throws {
        self.store = store
        self.documentID = documentID
        self.name = name
        tree = try documentID.map { try store.headTree(documentID: $0) } ?? TreeResolution()
    }

    /// False when the document does not exist yet.
    public var exists: Bool { documentID != nil }

    /// The whole last-writer-wins head (loaded once).
    func load() throws -> HeldHead {
        if let loaded { return loaded }
        var held = HeldHead(state: DocumentState(), tree: tree, known: VersionVector())
        if let documentID {
            held = HeldHead(state: try store.headTable.state(document: documentID), tree: tree, known: try store.documentTable.known(of: documentID))
        }
        loaded = held
        return held
    }

    public func wholeState() throws -> DocumentState { try load().state }

    /// The head entries of `view`, from the whole head when loaded, else from its chunk.
    public func entries(of view: String) throws -> ViewState? {
        if let loaded { return loaded.state.views[view] }
        guard let documentID, let rowID = try store.headTable.chunkRow(document: documentID, containing: view) else { return nil }
        if chunks[rowID] == nil {
            var chunk = DocumentState()
            try store.headTable.decodeChunk(rowID: rowID, into: &chunk)
            chunks[rowID] = chunk
        }
        return chunks[rowID]?.views[view]
    }

    /// The views `head_roots` lists (with an id less than `limit`, when given).
    public func storedRootCandidates(before limit: String?) throws -> [String] {
        guard let documentID else { return [] }
        var candidates: [String] = []
        try store.database.query("SELECT view FROM head_roots WHERE document = ?\(limit == nil ? "" : " AND view < ?")",
                                 [SQLValue.integer(documentID)] + (limit.map { [SQLValue.text($0)] } ?? [])) { row in
            candidates.append(row.text(0) ?? "")
        }
        return candidates
    }
}
