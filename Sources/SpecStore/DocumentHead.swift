import LayoutSpec
import SpecSync

/// The head of one document as seen inside a write transaction: what edit planners read to
/// decide their edits. Point lookups are cheap; `state()` loads everything once.
public final class DocumentHead {
    let store: Store
    let documentID: Int64?
    public let name: String
    private(set) var loadedState: DocumentState?

    init(store: Store, documentID: Int64?, name: String) {
        self.store = store
        self.documentID = documentID
        self.name = name
    }

    /// False when the document does not exist yet.
    public var exists: Bool { documentID != nil }

    /// The current value of one property (canonical JSON), `nil` when unset or absent.
    public func value(_ view: String, _ property: Property) throws -> String? {
        if let loadedState { return loadedState.value(view, property) }
        guard let documentID else { return nil }
        return try store.database.scalar(
            "SELECT value FROM heads WHERE document = ? AND view = ? AND property = ?",
            [.integer(documentID), .text(view), .text(property.rawValue)])?.text
    }

    /// True when the view exists and is not deleted.
    public func isAlive(_ view: String) throws -> Bool {
        try value(view, .alive) == "true"
    }

    /// The view's kind, if it exists.
    public func kind(of view: String) throws -> ViewKind? {
        try value(view, .kind).flatMap { ValueText.decode($0)?.string }.flatMap(ViewKind.init(rawValue:))
    }

    /// The alive views whose `parent` is `parent`, with their order keys, in sibling order.
    public func children(of parent: String) throws -> [(view: String, order: String)] {
        guard let documentID else { return [] }
        var result: [(String, String)] = []
        try store.database.query("""
            SELECT p.view, o.value FROM heads p
            JOIN heads a ON a.document = p.document AND a.view = p.view AND a.property = 'alive' AND a.value = 'true'
            LEFT JOIN heads o ON o.document = p.document AND o.view = p.view AND o.property = 'order'
            WHERE p.document = ? AND p.property = 'parent' AND p.value = ?
            """, [.integer(documentID), .text(ValueText.string(parent))]) { row in
            let order = row.text(1).flatMap { ValueText.decode($0)?.string } ?? ""
            result.append((row.text(0) ?? "", order))
        }
        return result.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }
    }

    /// The whole head state, loaded on first use.
    public func state() throws -> DocumentState {
        if let loadedState { return loadedState }
        var state = DocumentState()
        if let documentID {
            state = try store.headState(documentID: documentID)
            try store.resolveTree(&state, documentID: documentID, vector: try store.knownVector(documentID: documentID))
        }
        loadedState = state
        return state
    }
}
