import LayoutSpec
import SpecSync

/// The views recent commits wrote (`head_recent`): each row the entries commits wrote to one
/// view since the document's recent rows were last folded, a `HeadChunk` of that view alone,
/// uncompressed. A row's entries stand for the same properties of the view in its chunk, so
/// the head is the chunks with each recent entry put in place. A commit of a few views writes
/// their rows instead of unpacking, rewriting and packing a chunk each (it reads a view's
/// stored entries only when it sets `alive` or `parent`, for `head_roots`); once a document
/// has enough rows (`foldsAt`), or before anything writes its chunks (a merge, a larger
/// commit, `plumb gc`), the rows are folded into the chunks and deleted.
extension Store {
    /// A view's head entries before a write (none for a new view): `DocumentHead`'s, read
    /// already, or `headEntries(documentID:view:)`.
    typealias HeldEntries = (String) throws -> [(property: Property, entry: DocumentState.Entry)]

    /// Adds the entries of `state` for the properties of `touched` to their views' recent rows;
    /// `head_roots` follows a view whose `alive` or `parent` is written (`held` gives its
    /// entries before). Folds the document's rows into its chunks once there are `foldsAt` (at
    /// the next multiple of `recentMinimum`).
    func writeRecent(documentID: Int64, touched: [String: [Property]], state: DocumentState, held: HeldEntries) throws {
        let upsert = "INSERT OR REPLACE INTO head_recent (document, view, data) VALUES (?, ?, ?)"
        var added: Int64 = 0
        for (view, properties) in touched {
            let recent = try recentEntries(documentID: documentID, view: view)
            var row = DocumentState()
            if let recent { row.apply(view: view, entries: recent) }
            var whole: DocumentState?
            if properties.contains(.alive) || properties.contains(.parent) {
                whole = DocumentState()
                let before = try held(view)
                if !before.isEmpty { whole!.apply(view: view, entries: before) }
            }
            let was = HeadChunks.isRootCandidate(whole?.views[view])
            for property in properties {
                guard let entry = state.entry(view, property) else { continue }
                _ = try number(of: entry.stamp.site)
                row.replace(view: view, property: property, with: entry)
                whole?.replace(view: view, property: property, with: entry)
            }
            guard let written = row.views[view] else { continue }
            let bytes = HeadChunk.encode([(id: view, state: written)][...]) { self.numberIfKnown($0)! }
            try database.run(upsert, [.integer(documentID), .text(view), .blob(bytes)])
            if recent == nil { added += 1 }
            if let whole {
                try updateRootCandidate(documentID: documentID, view, was: was, is: HeadChunks.isRootCandidate(whole.views[view]))
            }
        }
        guard added > 0 else { return }
        try database.run("UPDATE documents SET recent_views = recent_views + ? WHERE id = ?", [.integer(added), .integer(documentID)])
        let count = try database.scalar("SELECT recent_views FROM documents WHERE id = ?", [.integer(documentID)])?.integer ?? 0
        // The chunks are counted only as the rows pass a multiple of `recentMinimum`: the fold
        // comes at the first multiple at or past `foldsAt`.
        let step = Int64(Store.recentMinimum)
        guard count >= step, count / step != (count - added) / step else { return }
        let chunks = try database.scalar("SELECT count(*) FROM head_chunks WHERE document = ?", [.integer(documentID)])?.integer ?? 0
        if count >= Store.foldsAt(chunks: Int(chunks)) { try foldRecent(documentID: documentID) }
    }

    /// A document folds its recent rows into its chunks when it has this many: eight a chunk
    /// (a fold then writes every chunk once for about eight commits), at least `recentMinimum`
    /// and at most `recentMaximum`.
    static func foldsAt(chunks: Int) -> Int { min(max(8 * chunks, recentMinimum), recentMaximum) }
    static let recentMinimum = 64
    static let recentMaximum = 4_096

    /// Writes a document's recent rows into its chunks and deletes them: the head stays the
    /// same, only where it is kept changes.
    func foldRecent(documentID: Int64) throws {
        let recent = try recentState(documentID: documentID)
        guard !recent.views.isEmpty else { return }
        try database.run("DELETE FROM head_recent WHERE document = ?", [.integer(documentID)])
        try database.run("UPDATE documents SET recent_views = 0 WHERE id = ?", [.integer(documentID)])
        var touched: [String: [Property]] = [:]
        for (view, state) in recent.views { touched[view] = state.map(\.0) }
        try writeChunks(documentID: documentID, touched: touched, state: recent, before: nil)
    }

    /// Folds every document's recent rows into its chunks (`plumb gc`).
    func foldAllRecent() throws {
        var documents: [Int64] = []
        try database.query("SELECT DISTINCT document FROM head_recent") { row in documents.append(row.int64(0)) }
        for documentID in documents { try foldRecent(documentID: documentID) }
    }

    /// A view's recent row's entries; `nil` when it has none.
    func recentEntries(documentID: Int64, view: String) throws -> [(property: Property, entry: DocumentState.Entry)]? {
        var found: [(property: Property, entry: DocumentState.Entry)]?
        try database.query("SELECT data FROM head_recent WHERE document = ? AND view = ?", [.integer(documentID), .text(view)]) { row in
            guard let entries = HeadChunk.entries(of: view, in: row.blob(0), site: site(number:)), !entries.isEmpty else {
                throw StoreError.corrupt(path: path, detail: "the recent head row of view \(view) is damaged")
            }
            found = entries
        }
        return found
    }

    /// Every recent row of a document, as a state. A row must hold its own view and no other.
    func recentState(documentID: Int64) throws -> DocumentState {
        var state = DocumentState()
        try database.query("SELECT view, data FROM head_recent WHERE document = ?", [.integer(documentID)]) { row in
            let view = row.text(0) ?? ""
            var one = DocumentState()
            guard HeadChunk.decode(row.blob(1), site: site(number:), into: &one), one.views.count == 1, let entries = one.views[view] else {
                throw StoreError.corrupt(path: path, detail: "the recent head row of view \(view) is damaged")
            }
            state.replace(view: view, with: entries)
        }
        return state
    }

    /// Puts each recent entry of a document in place of the same property's in `state`.
    func applyRecent(documentID: Int64, to state: inout DocumentState) throws {
        for (view, entries) in try recentState(documentID: documentID).views {
            for (property, entry) in entries { state.replace(view: view, property: property, with: entry) }
        }
    }

    /// A view's head entries: its chunk's with its recent row's in place.
    func headEntries(documentID: Int64, view: String) throws -> [(property: Property, entry: DocumentState.Entry)] {
        let stored = try chunkEntries(documentID: documentID, view: view)
        guard let recent = try recentEntries(documentID: documentID, view: view) else { return stored }
        return Store.overlaid(stored, with: recent)
    }

    /// A view's stored entries with its recent ones in place.
    static func overlaid(_ stored: [(property: Property, entry: DocumentState.Entry)],
                         with recent: [(property: Property, entry: DocumentState.Entry)]) -> [(property: Property, entry: DocumentState.Entry)] {
        stored.filter { entry in !recent.contains { $0.property == entry.property } } + recent
    }
}
