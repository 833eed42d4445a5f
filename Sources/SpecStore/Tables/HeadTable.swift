import LayoutSpec
import SpecSync

/// The head state (`head_chunks`, `head_roots`), its one reader and writer: each document's
/// head is cut into compressed chunks of consecutive views (`HeadChunks`). A whole read decodes
/// every chunk; a point lookup decodes the one chunk that holds the view; a write decodes each
/// chunk it touches, updates it and encodes it again. Callers hold the transaction.
struct HeadTable {
    let database: Database
    let changeLog: ChangeLog
    let sites: SiteTable
    /// For the size of the last snapshot: about what a whole read holds.
    let documents: DocumentTable
    /// The store's path, for damage said in words.
    let path: String

    /// The row of the chunk that holds `view` if the document has it (the last chunk starting at
    /// or before it); `nil` when the document has no such chunk.
    func chunkRow(document documentID: Int64, containing view: String) throws -> Int64? {
        try database.scalar("SELECT id FROM head_chunks WHERE document = ? AND first_view <= ? ORDER BY first_view DESC LIMIT 1",
                            [.integer(documentID), .text(view)])?.integer
    }

    /// One view's head entries (none when no chunk holds it): its chunk decoded.
    func entries(document documentID: Int64, view: String) throws -> ViewState? {
        guard let rowID = try chunkRow(document: documentID, containing: view) else { return nil }
        var chunk = DocumentState()
        try decodeChunk(rowID: rowID, into: &chunk)
        return chunk.views[view]
    }

    /// Calls `body` with the state of each chunk of a document in view order until it returns
    /// false.
    func forEachChunk(document documentID: Int64, _ body: (DocumentState) throws -> Bool) throws {
        for bound in try chunkBounds(documentID: documentID) {
            var chunk = DocumentState()
            try decodeChunk(rowID: bound.rowID, into: &chunk)
            if try !body(chunk) { return }
        }
    }

    /// Folds the entries of stored chunk `rowID` into `state`, or says in words that it is damaged.
    func decodeChunk(rowID: Int64, into state: inout DocumentState) throws {
        let blob = try database.scalar("SELECT data FROM head_chunks WHERE id = ?", [.integer(rowID)])?.blob ?? []
        guard let bytes = changeLog.unpackChunk(blob), try HeadChunk.decode(bytes, site: sites.site(numbered:), into: &state) else {
            throw damagedChunk(rowID)
        }
    }

    private func damagedChunk(_ rowID: Int64) -> StoreError {
        StoreError.corrupt(path: path, detail: "head chunk \(rowID) is damaged")
    }

    /// The head state of a document: every property's winning change (last-writer-wins, before
    /// the tree replay), every chunk decoded in turn.
    func state(document documentID: Int64) throws -> DocumentState {
        let size = try documents.snapshotCounts(of: documentID).size
        var state = DocumentState(capacity: Int(min(size / 8, 1 << 20)))
        try database.query("SELECT id, data FROM head_chunks WHERE document = ?", [.integer(documentID)]) { row in
            guard let bytes = changeLog.unpackChunk(row.blob(1)), try HeadChunk.decode(bytes, site: sites.site(numbered:), into: &state) else {
                throw damagedChunk(row.int64(0))
            }
        }
        return state
    }

    /// The first view and row of each chunk of a document, in view order.
    private func chunkBounds(documentID: Int64) throws -> [(rowID: Int64, first: String)] {
        var bounds: [(rowID: Int64, first: String)] = []
        try database.query("SELECT id, first_view FROM head_chunks WHERE document = ? ORDER BY first_view", [.integer(documentID)]) { row in
            bounds.append((row.int64(0), row.text(1) ?? ""))
        }
        return bounds
    }

    /// Writes the head entries of `state` for the given keys: each chunk that holds one of their
    /// views (a view goes to the last chunk starting at or before it, else to the first) is
    /// decoded, updated and encoded again, cut in pieces once it holds more than
    /// `HeadChunks.maximumViews` views. `head_roots` follows the views whose candidacy changed.
    func write(document documentID: Int64, keys: some Sequence<PropertyKey>, state: DocumentState) throws {
        // Each touched view's properties as one bit each (by `Property.position`): no list per
        // view (a new document touches every view).
        precondition(Property.count <= UInt64.bitWidth, "a view's properties fit one UInt64 of bits")
        let bounds = try chunkBounds(documentID: documentID)
        if bounds.isEmpty {
            // A head written where there was none (a new document, a clone): the state is all new,
            // and its chunks are cut from the state itself, not from a table of what was touched.
            for (view, entries) in state.views {
                try updateRootCandidate(documentID: documentID, view, was: false, is: HeadChunks.isRootCandidate(entries))
            }
            try insertChunks(documentID: documentID, HeadChunks.pieces(of: state))
            return
        }
        var touched: [String: UInt64] = [:]
        for key in keys where state.entry(key.view, key.property) != nil { touched[key.view, default: 0] |= 1 << key.property.position }
        guard !touched.isEmpty else { return }
        var groups: [Int: [String]] = [:]
        for view in touched.keys {
            // The last chunk whose first view is at or before `view`, by bisection.
            var low = 0, high = bounds.count
            while low < high {
                let middle = (low + high) / 2
                if bounds[middle].first <= view { low = middle + 1 } else { high = middle }
            }
            groups[max(0, low - 1), default: []].append(view)
        }
        for (index, views) in groups {
            var chunk = DocumentState()
            if index < bounds.count {
                try decodeChunk(rowID: bounds[index].rowID, into: &chunk)
                try database.run("DELETE FROM head_chunks WHERE id = ?", [.integer(bounds[index].rowID)])
            }
            for view in views {
                let held = chunk.views[view], properties = touched[view] ?? 0
                if held == nil, let whole = state.views[view], whole.allSatisfy({ properties & 1 << $0.0.position != 0 }) {
                    // A view new to the chunk and written whole (a new document) shares the state's list.
                    chunk.replace(view: view, with: whole)
                } else {
                    for property in Property.allCases where properties & 1 << property.position != 0 {
                        if let entry = state.entry(view, property) { chunk.replace(view: view, property: property, with: entry) }
                    }
                }
                try updateRootCandidate(documentID: documentID, view, was: HeadChunks.isRootCandidate(held),
                                        is: HeadChunks.isRootCandidate(chunk.views[view]))
            }
            try insertChunks(documentID: documentID, HeadChunks.pieces(of: chunk))
        }
    }

    /// Adds a view to `head_roots` or takes it out when its candidacy changed.
    private func updateRootCandidate(documentID: Int64, _ view: String, was: Bool, is now: Bool) throws {
        if now && !was {
            try database.run("INSERT OR IGNORE INTO head_roots (document, view) VALUES (?, ?)", [.integer(documentID), .text(view)])
        } else if was && !now {
            try database.run("DELETE FROM head_roots WHERE document = ? AND view = ?", [.integer(documentID), .text(view)])
        }
    }

    /// Inserts chunk rows for `pieces`, numbering their sites first.
    private func insertChunks(documentID: Int64, _ pieces: [ArraySlice<(id: String, state: ViewState)>]) throws {
        var numbers: [SiteID: Int64] = [:]
        for piece in pieces {
            for (_, view) in piece {
                for (_, entry) in view where numbers[entry.stamp.site] == nil { numbers[entry.stamp.site] = try sites.register(entry.stamp.site) }
            }
        }
        let insert = try database.cachedStatement("INSERT INTO head_chunks (document, first_view, data) VALUES (?, ?, ?)")
        for piece in pieces {
            let bytes = HeadChunk.encode(piece) { numbers[$0]! }
            try insert.bind([.integer(documentID), .text(piece.first!.id), .blob(changeLog.packChunk(bytes))])
            while try insert.step() {}
        }
    }
}
