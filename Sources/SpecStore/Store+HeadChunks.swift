import LayoutSpec
import SpecSync

/// The one reader and writer of the head state (`head_chunks`, `head_roots`): each document's
/// head is cut into compressed chunks of consecutive views (`HeadChunks`), so that a lookup
/// decodes one chunk and a commit rewrites only the chunks it touches.
extension Store {
    /// One decoded chunk: its row, its first view, and its views' entries.
    struct LoadedChunk {
        let rowID: Int64
        let first: String
        var state: DocumentState
    }

    /// The row and unpacked bytes of the chunk that holds `view` if the document has it;
    /// `nil` when the document has no chunk at or before it.
    func headChunkBytes(documentID: Int64, containing view: String, known: (Int64) -> [UInt8]?) throws -> (rowID: Int64, bytes: [UInt8])? {
        let statement = try database.statement("SELECT id FROM head_chunks WHERE document = ? AND first_view <= ? ORDER BY first_view DESC LIMIT 1")
        try statement.bind([.integer(documentID), .text(view)])
        var rowID: Int64?
        while try statement.step() { rowID = statement.int64(0) }
        guard let rowID else { return nil }
        if let bytes = known(rowID) { return (rowID, bytes) }
        let blob = try database.scalar("SELECT data FROM head_chunks WHERE id = ?", [.integer(rowID)])?.blob ?? []
        guard let bytes = changeLog.unpackChunk(blob) else { throw StoreError.corrupt(path: path, detail: "head chunk \(rowID) is damaged") }
        return (rowID, bytes)
    }

    /// One view's entries in its chunk (none when no chunk holds it), its recent row not read.
    func chunkEntries(documentID: Int64, view: String) throws -> [(property: Property, entry: DocumentState.Entry)] {
        guard let chunk = try headChunkBytes(documentID: documentID, containing: view, known: { _ in nil }) else { return [] }
        return try headEntries(of: view, chunk: chunk)
    }

    /// One view's head entries, read from its chunk's bytes.
    func headEntries(of view: String, chunk: (rowID: Int64, bytes: [UInt8])) throws -> [(property: Property, entry: DocumentState.Entry)] {
        guard let entries = HeadChunk.entries(of: view, in: chunk.bytes, site: site(number:)) else {
            throw StoreError.corrupt(path: path, detail: "head chunk \(chunk.rowID) is damaged")
        }
        return entries
    }

    /// Calls `body` with each chunk of a document in view order until it returns false (as
    /// stored: its views' recent rows not put in place).
    func forEachHeadChunk(documentID: Int64, _ body: (LoadedChunk) throws -> Bool) throws {
        var rows: [(Int64, String)] = []
        try database.query("SELECT id, first_view FROM head_chunks WHERE document = ? ORDER BY first_view", [.integer(documentID)]) { row in
            rows.append((row.int64(0), row.text(1) ?? ""))
        }
        for (rowID, first) in rows {
            let blob = try database.scalar("SELECT data FROM head_chunks WHERE id = ?", [.integer(rowID)])?.blob ?? []
            if try !body(LoadedChunk(rowID: rowID, first: first, state: try decodeChunk(blob, rowID: rowID))) { return }
        }
    }

    /// The entries of a stored chunk, or an error naming it.
    func decodeChunk(_ blob: [UInt8], rowID: Int64, into state: inout DocumentState) throws {
        guard let bytes = changeLog.unpackChunk(blob), HeadChunk.decode(bytes, site: site(number:), into: &state) else {
            throw StoreError.corrupt(path: path, detail: "head chunk \(rowID) is damaged")
        }
    }

    func decodeChunk(_ blob: [UInt8], rowID: Int64) throws -> DocumentState {
        var state = DocumentState()
        try decodeChunk(blob, rowID: rowID, into: &state)
        return state
    }

    /// The head state of a document: every property's winning change (last-writer-wins, before
    /// the tree replay), its chunks with its recent rows in place. The chunks are decoded on two
    /// threads (`TwoThreadDecode`) when there are enough of them.
    func headState(documentID: Int64) throws -> DocumentState {
        let size = try database.scalar("SELECT snapshot_size FROM documents WHERE id = ?", [.integer(documentID)])?.integer ?? 0
        var rows: [(rowID: Int64, blob: [UInt8])] = []
        try database.query("SELECT id, data FROM head_chunks WHERE document = ?", [.integer(documentID)]) { row in
            rows.append((row.int64(0), row.blob(1)))
        }
        let chunks = rows
        var state = DocumentState(capacity: Int(size / 8))
        let known = sitesByNumber
        _ = try TwoThreadDecode.decode(count: chunks.count, minimum: Store.twoThreadChunks, batch: 8, views: Int(size / 8), into: &state, worker: {
            let own = Compression()
            return { range, part in
                chunks[range].allSatisfy { chunk in
                    own.decompress(chunk.blob, limit: ChangeLog.snapshotLimit).map { HeadChunk.decode($0, site: { known[$0] }, into: &part) } ?? false
                }
            }
        }, local: { range, part in
            for chunk in chunks[range] { try decodeChunk(chunk.blob, rowID: chunk.rowID, into: &part) }
            return true
        })
        try applyRecent(documentID: documentID, to: &state)
        return state
    }

    /// Fewer head chunks than this (about 1,000 views) are decoded on one thread: starting
    /// another costs more than it saves.
    static let twoThreadChunks = 16

    /// Writes the head entries of `state` for the given keys; `head_roots` follows the views
    /// whose candidacy changed. A commit of up to `fewViews` views writes them as recent rows
    /// (`writeRecent`; `held` gives a view's entries before, when the caller has read them).
    /// Anything else first folds the recent rows into the chunks, then writes each touched
    /// chunk: decoded, updated and written again (cut in two when it grows past
    /// `HeadChunks.maximumViews`). A merge gives `before`: then `state` must be the document's
    /// whole head after it and `before` the whole head before, and when it touches a quarter of
    /// the chunks or more, each touched chunk is encoded from `state` alone (a view `state`
    /// lacks would be dropped), its stored bytes not read; fewer are written as a commit writes
    /// them (sorting a large head for a few chunks costs more).
    func writeHeads(documentID: Int64, keys: some Sequence<PropertyKey>, state: DocumentState, before: DocumentState? = nil,
                    held: HeldEntries? = nil) throws {
        var touched: [String: [Property]] = [:]
        for key in keys where state.entry(key.view, key.property) != nil { touched[key.view, default: []].append(key.property) }
        guard !touched.isEmpty else { return }
        if before == nil, touched.count <= Store.fewViews {
            try writeRecent(documentID: documentID, touched: touched, state: state,
                            held: held ?? { try self.headEntries(documentID: documentID, view: $0) })
            return
        }
        try foldRecent(documentID: documentID)
        try writeChunks(documentID: documentID, touched: touched, state: state, before: before)
    }

    /// `writeHeads`' write of the chunks, the document having no recent row.
    func writeChunks(documentID: Int64, touched: [String: [Property]], state: DocumentState, before: DocumentState?) throws {
        let (bounds, groups) = try chunkGroups(documentID: documentID, views: touched.keys, every: before != nil || touched.count > Store.fewViews)
        if let before, groups.count * 4 >= bounds.count {
            try writeWhole(documentID: documentID, groups: groups, bounds: bounds, touched: touched, state: state, before: before)
            return
        }
        for (index, views) in groups {
            if index < bounds.count, views.count <= Store.fewViews,
               try rewriteChunk(documentID: documentID, bounds[index], views: views.sorted(), touched: touched, state: state) {
                continue
            }
            var chunk = DocumentState()
            if index < bounds.count {
                let blob = try database.scalar("SELECT data FROM head_chunks WHERE id = ?", [.integer(bounds[index].rowID)])?.blob ?? []
                try decodeChunk(blob, rowID: bounds[index].rowID, into: &chunk)
                try database.run("DELETE FROM head_chunks WHERE id = ?", [.integer(bounds[index].rowID)])
            }
            for view in views {
                let held = chunk.views[view]
                guard let written = try written(view, held: held, properties: touched[view] ?? [], state: state) else { continue }
                chunk.replace(view: view, with: written)
                try updateRootCandidate(documentID: documentID, view, was: HeadChunks.isRootCandidate(held), is: HeadChunks.isRootCandidate(written))
            }
            try insertChunks(documentID: documentID, HeadChunks.pieces(of: chunk))
        }
    }

    /// The chunks `views` go to, each view to the last chunk starting at or before it (the
    /// first chunk when none does), as indexes into `bounds`: every chunk of the document when
    /// `every`, else only those the views go to, each looked up on the index (a commit of a
    /// few views in a large document does not read every chunk's bounds). `bounds` is empty
    /// when the document has no chunk.
    private func chunkGroups(documentID: Int64, views: some Collection<String>,
                             every: Bool) throws -> (bounds: [(rowID: Int64, first: String)], groups: [Int: [String]]) {
        var bounds: [(rowID: Int64, first: String)] = []
        var groups: [Int: [String]] = [:]
        guard every else {
            let atOrBefore = "SELECT id, first_view FROM head_chunks WHERE document = ? AND first_view <= ? ORDER BY first_view DESC LIMIT 1"
            let firstChunk = "SELECT id, first_view FROM head_chunks WHERE document = ? ORDER BY first_view LIMIT 1"
            var indexes: [Int64: Int] = [:]
            for view in views {
                var bound: (rowID: Int64, first: String)?
                try database.query(atOrBefore, [.integer(documentID), .text(view)]) { row in bound = (row.int64(0), row.text(1) ?? "") }
                if bound == nil {
                    try database.query(firstChunk, [.integer(documentID)]) { row in bound = (row.int64(0), row.text(1) ?? "") }
                }
                guard let bound else { return ([], [0: Array(views)]) }
                let index = indexes[bound.rowID] ?? bounds.count
                if index == bounds.count {
                    indexes[bound.rowID] = index
                    bounds.append(bound)
                }
                groups[index, default: []].append(view)
            }
            return (bounds, groups)
        }
        try database.query("SELECT id, first_view FROM head_chunks WHERE document = ? ORDER BY first_view", [.integer(documentID)]) { row in
            bounds.append((row.int64(0), row.text(1) ?? ""))
        }
        for view in views {
            var low = 0, high = bounds.count
            while low < high {
                let middle = (low + high) / 2
                if bounds[middle].first <= view { low = middle + 1 } else { high = middle }
            }
            groups[max(0, low - 1), default: []].append(view)
        }
        return (bounds, groups)
    }

    /// Writes the touched chunks (`groups`, by index into `bounds`) from the whole head `state`:
    /// each one's views are the state's views from its first to the next chunk's first (the
    /// first chunk also takes the views before it), encoded anew in place of the stored row.
    private func writeWhole(documentID: Int64, groups: [Int: [String]], bounds: [(rowID: Int64, first: String)],
                            touched: [String: [Property]], state: DocumentState, before: DocumentState) throws {
        let sorted = HeadChunks.sortedViews(of: state)
        func start(_ index: Int) -> Int {
            guard index > 0 else { return 0 }
            guard index < bounds.count else { return sorted.count }
            var low = 0, high = sorted.count
            while low < high {
                let middle = (low + high) / 2
                if sorted[middle].id < bounds[index].first { low = middle + 1 } else { high = middle }
            }
            return low
        }
        for (index, views) in groups {
            assert(index >= bounds.count || state.views.contains(bounds[index].first), "writeHeads(before:) is given the whole head")
            for view in views {
                for property in touched[view] ?? [] { if let entry = state.entry(view, property) { _ = try number(of: entry.stamp.site) } }
                try updateRootCandidate(documentID: documentID, view, was: HeadChunks.isRootCandidate(before.views[view]),
                                        is: HeadChunks.isRootCandidate(state.views[view]))
            }
            if index < bounds.count { try database.run("DELETE FROM head_chunks WHERE id = ?", [.integer(bounds[index].rowID)]) }
            let piece = sorted[start(index)..<start(index + 1)]
            try insertChunks(documentID: documentID, HeadChunks.cut(piece))
        }
    }

    /// Up to this many views of one chunk are written by `rewriteChunk`, more by decoding it.
    static let fewViews = 8

    /// Writes a few views of a chunk (`views`, ascending) without decoding the others, in one
    /// walk of it (`HeadChunk.rewrite`): each one's stored entries read where the walk meets it
    /// and updated, the rest copied as stored. False, having written nothing, when the chunk
    /// would grow past `HeadChunks.maximumViews` (the caller decodes and cuts it).
    private func rewriteChunk(documentID: Int64, _ bound: (rowID: Int64, first: String), views: [String],
                              touched: [String: [Property]], state: DocumentState) throws -> Bool {
        let blob = try database.scalar("SELECT data FROM head_chunks WHERE id = ?", [.integer(bound.rowID)])?.blob ?? []
        let damaged = StoreError.corrupt(path: path, detail: "head chunk \(bound.rowID) is damaged")
        guard let bytes = changeLog.unpackChunk(blob) else { throw damaged }
        var roots: [(view: String, was: Bool, is: Bool)] = []
        let rewritten = try HeadChunk.rewrite(bytes, views: views, site: site(number:), siteNumber: { self.numberIfKnown($0)! }) { view, stored in
            let held = stored.flatMap { HeadChunk.kept(view, $0) }
            let written = try self.written(view, held: held, properties: touched[view] ?? [], state: state)
            if let written { roots.append((view, HeadChunks.isRootCandidate(held), HeadChunks.isRootCandidate(written))) }
            return written
        }
        guard let rewritten else { throw damaged }
        guard rewritten.views <= HeadChunks.maximumViews else { return false }
        for root in roots { try updateRootCandidate(documentID: documentID, root.view, was: root.was, is: root.is) }
        // The row is updated in place: a commit writes the chunk's page, not the table's and
        // the index's pages for a row taken out and another put in.
        let first = roots.first.map { min($0.view, bound.first) } ?? bound.first
        try database.run("UPDATE head_chunks SET first_view = ?, data = ? WHERE id = ?",
                         [.text(first), .blob(changeLog.packChunk(rewritten.bytes)), .integer(bound.rowID)])
        return true
    }

    /// A view's head entries once `properties` are written: `held` (its entries in its chunk,
    /// if any) with those properties' entries of `state`, every site numbered. A view new to
    /// the chunk and written whole (a new document) shares the state's list, not copied entry
    /// by entry. `nil` when there is nothing to hold.
    private func written(_ view: String, held: ViewState?, properties: [Property], state: DocumentState) throws -> ViewState? {
        var one = DocumentState()
        if held == nil, let whole = state.views[view], whole.allSatisfy({ properties.contains($0.0) }) {
            one.replace(view: view, with: whole)
        } else {
            if let held { one.replace(view: view, with: held) }
            for property in properties {
                guard let entry = state.entry(view, property) else { continue }
                one.replace(view: view, property: property, with: entry)
            }
        }
        guard let written = one.views[view] else { return nil }
        for (_, entry) in written { _ = try number(of: entry.stamp.site) }
        return written
    }

    /// Adds a view to `head_roots` or takes it out when its candidacy changed.
    func updateRootCandidate(documentID: Int64, _ view: String, was: Bool, is now: Bool) throws {
        if now && !was {
            try database.run("INSERT OR IGNORE INTO head_roots (document, view) VALUES (?, ?)", [.integer(documentID), .text(view)])
        } else if was && !now {
            try database.run("DELETE FROM head_roots WHERE document = ? AND view = ?", [.integer(documentID), .text(view)])
        }
    }

    /// Inserts chunk rows for `pieces`.
    private func insertChunks(documentID: Int64, _ pieces: [ArraySlice<(id: String, state: ViewState)>]) throws {
        let insert = try database.statement("INSERT INTO head_chunks (document, first_view, data) VALUES (?, ?, ?)")
        for piece in pieces {
            let bytes = HeadChunk.encode(piece) { self.numberIfKnown($0)! }
            try insert.bind([.integer(documentID), .text(piece.first!.id), .blob(changeLog.packChunk(bytes))])
            while try insert.step() {}
        }
    }
}
