import LayoutSpec
import SpecSync

/// The code step of migration 0008: every blob in its one current form, in the migration's one
/// transaction. The head's recent rows (`head_recent`) are written into the chunks they stand
/// over, then the table and its counter go. It reads and writes with `SchemaForms`, never the
/// live codecs.
enum CurrentFormsMigration {
    static func run(_ database: Database) throws {
        var sites: [Int64: SiteID] = [:], numbers: [SiteID: Int64] = [:]
        try database.query("SELECT id, uuid FROM sites") { row in
            guard let site = SiteID(bytes: row.blob(1)) else { return }
            sites[row.int64(0)] = site
            numbers[site] = row.int64(0)
        }
        let context = Context(database: database, sites: sites, numbers: numbers)
        try foldRecentRows(context)
        try database.execute("DROP TABLE head_recent; ALTER TABLE documents DROP COLUMN recent_views")
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
