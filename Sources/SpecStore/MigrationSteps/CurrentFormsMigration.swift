import LayoutSpec
import SpecSync

/// The code step of migration 0008: every blob in its one current form, in the migration's one
/// transaction, so that readers know one form of each. The head's recent rows (`head_recent`)
/// are written into the chunks they stand over, then the table and its counter go; snapshots of
/// the first form (`PSN1`, bare or in zstd) are written as `PSN2`; trees left `NULL` (snapshots
/// taken before schema 2) are the replay of the document's moves their version includes. It
/// reads and writes with `SchemaForms`, never the live codecs.
enum CurrentFormsMigration {
    static func run(_ database: Database) throws {
        var sites: [Int64: SiteID] = [:], numbers: [SiteID: Int64] = [:]
        try database.query("SELECT id, uuid FROM sites") { row in
            guard let site = SiteID(bytes: row.blob(1)) else { return }
            sites[row.int64(0)] = site
            numbers[site] = row.int64(0)
        }
        try rewriteFirstFormSnapshots(database, sites: &sites, numbers: &numbers)
        let context = Context(database: database, sites: sites, numbers: numbers)
        try foldRecentRows(context)
        try database.execute("DROP TABLE head_recent; ALTER TABLE documents DROP COLUMN recent_views")
        try replayMissingTrees(context)
    }

    /// Each `PSN1` snapshot as `PSN2`, its pieces packed at zstd level 3 as commits pack them; a
    /// site it names that the store does not number yet is numbered.
    static func rewriteFirstFormSnapshots(_ database: Database, sites: inout [Int64: SiteID], numbers: inout [SiteID: Int64]) throws {
        let compression = Compression()
        var rows: [(version: Int64, blob: [UInt8])] = []
        try database.query("SELECT version, state FROM snapshots") { row in
            let blob = row.blob(1)
            if !blob.starts(with: Array("PSN2".utf8)) { rows.append((row.int64(0), blob)) }
        }
        for (version, blob) in rows {
            let bytes = blob.starts(with: Array("PSN1".utf8)) ? blob : compression.decompress(blob, limit: 1 << 30)
            guard let state = bytes.flatMap(SchemaForms.firstFormSnapshot) else {
                throw StoreError.corrupt(path: database.path, detail: "the snapshot at version row \(version) cannot be read; nothing was migrated")
            }
            for (_, view) in state.views {
                for (_, entry) in view where numbers[entry.stamp.site] == nil {
                    try database.run("INSERT INTO sites (uuid) VALUES (?)", [.blob(entry.stamp.site.bytes)])
                    numbers[entry.stamp.site] = database.lastInsertRowID
                    sites[database.lastInsertRowID] = entry.stamp.site
                }
            }
            let snapshot = SchemaForms.snapshot(state, siteNumber: { numbers[$0]! }) { compression.compress($0, level: .write) }
            try database.run("UPDATE snapshots SET state = ? WHERE version = ?", [.blob(snapshot), .integer(version)])
        }
    }

    /// Each tree left `NULL` (a snapshot's or a head's) as the replay of every move of its
    /// document that its vector includes.
    static func replayMissingTrees(_ context: Context) throws {
        let database = context.database
        var missing: [(table: String, key: Int64, document: Int64, vector: VersionVector)] = []
        try database.query("""
            SELECT 'snapshots', s.version, s.document, v.vector FROM snapshots s JOIN versions v ON v.id = s.version WHERE s.tree IS NULL
            UNION ALL SELECT 'documents', id, id, known FROM documents WHERE tree IS NULL
            """) { row in
            guard let vector = VersionVector(encoded: row.blob(3)) else {
                throw context.damaged("the vector of a version of document \(row.int64(2)) cannot be read")
            }
            missing.append((row.text(0) ?? "", row.int64(1), row.int64(2), vector))
        }
        for tree in missing {
            var moves: [TreeResolution.Move] = []
            try database.query("""
                SELECT v.site, v.first_seq, v.last_seq, v.hlc, m.moves FROM version_moves m JOIN versions v ON v.id = m.version
                WHERE m.document = ?
                """, [.integer(tree.document)]) { row in
                let first = row.int64(1), count = row.int64(2) - first + 1
                guard let site = context.sites[row.int64(0)], count > 0, count < Int64(Int32.max),
                      let bytes = context.compression.decompress(row.blob(4), limit: 1 << 30),
                      let entries = SchemaForms.moves(bytes, count: Int(count)) else {
                    throw context.damaged("the moves of a version of document \(tree.document) cannot be read")
                }
                let hlc = Timestamp(rawValue: UInt64(bitPattern: row.int64(3)))
                for entry in entries where tree.vector.includes(site: site, seq: first + Int64(entry.offset)) {
                    moves.append(TreeResolution.Move(view: entry.view, parent: entry.parent,
                                                     stamp: Stamp(hlc: hlc, site: site, seq: first + Int64(entry.offset))))
                }
            }
            let key = tree.table == "snapshots" ? "version" : "id"
            try database.run("UPDATE \(tree.table) SET tree = ? WHERE \(key) = ?",
                             [.blob(SchemaForms.tree(TreeResolution.replay(moves))), .integer(tree.key)])
        }
    }

    /// What every part of the step reads: the database, the sites both ways, a zstd context.
    struct Context {
        let database: Database
        let sites: [Int64: SiteID]
        let numbers: [SiteID: Int64]
        let compression = Compression()

        func damaged(_ detail: String) -> StoreError {
            StoreError.corrupt(path: database.path, detail: "\(detail); nothing was migrated")
        }
    }

    /// Each recent row's entries put in place of the same properties in the chunk that holds its
    /// view (the last chunk starting at or before it, else the first), each touched chunk
    /// written again (cut when it grows past the maximum) and `head_roots` following.
    static func foldRecentRows(_ context: Context) throws {
        let database = context.database
        var recent: [Int64: DocumentState] = [:]
        try database.query("SELECT document, view, data FROM head_recent") { row in
            var one = DocumentState()
            guard SchemaForms.readHeadChunk(row.blob(2), site: { context.sites[$0] }, into: &one), one.views.count == 1,
                  let entries = one.views[row.text(1) ?? ""] else {
                throw context.damaged("the recent head row of view \(row.text(1) ?? "") is damaged")
            }
            recent[row.int64(0), default: DocumentState()].replace(view: row.text(1) ?? "", with: entries)
        }
        for (document, rows) in recent {
            var bounds: [(rowID: Int64, first: String)] = []
            try database.query("SELECT id, first_view FROM head_chunks WHERE document = ? ORDER BY first_view", [.integer(document)]) { row in
                bounds.append((row.int64(0), row.text(1) ?? ""))
            }
            var groups: [Int: [String]] = [:]
            for view in rows.views.keys {
                let index = bounds.lastIndex { $0.first <= view } ?? 0
                groups[index, default: []].append(view)
            }
            for (index, views) in groups {
                var chunk = DocumentState()
                if index < bounds.count {
                    let blob = try database.scalar("SELECT data FROM head_chunks WHERE id = ?", [.integer(bounds[index].rowID)])?.blob ?? []
                    guard let bytes = context.compression.decompress(blob, limit: 1 << 30),
                          SchemaForms.readHeadChunk(bytes, site: { context.sites[$0] }, into: &chunk) else {
                        throw context.damaged("head chunk \(bounds[index].rowID) is damaged")
                    }
                    try database.run("DELETE FROM head_chunks WHERE id = ?", [.integer(bounds[index].rowID)])
                }
                for view in views {
                    let was = SchemaForms.isRootCandidate(chunk.views[view])
                    for item in rows.views[view].map(Array.init) ?? [] { chunk.replace(view: view, property: item.property, with: item.entry) }
                    let now = SchemaForms.isRootCandidate(chunk.views[view])
                    if now && !was {
                        try database.run("INSERT OR IGNORE INTO head_roots (document, view) VALUES (?, ?)", [.integer(document), .text(view)])
                    } else if was && !now {
                        try database.run("DELETE FROM head_roots WHERE document = ? AND view = ?", [.integer(document), .text(view)])
                    }
                }
                try insertChunks(context, document: document, SchemaForms.sortedViews(chunk))
            }
        }
    }

    /// Chunk rows for `views` (by id), cut and packed at zstd level 1 as commits pack them.
    static func insertChunks(_ context: Context, document: Int64, _ views: [(id: String, state: ViewState)]) throws {
        for piece in SchemaForms.cut(views) {
            let bytes = SchemaForms.headChunk(piece) { context.numbers[$0]! }
            try context.database.run("INSERT INTO head_chunks (document, first_view, data) VALUES (?, ?, ?)",
                                     [.integer(document), .text(piece.first!.id), .blob(context.compression.compress(bytes, level: .chunk))])
        }
    }
}
