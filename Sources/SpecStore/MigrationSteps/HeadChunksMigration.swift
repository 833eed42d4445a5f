import LayoutSpec
import SpecSync

/// The code step of migration 0004: the rows of `heads` become each document's head chunks
/// (`head_chunks`) and root candidates (`head_roots`), then `heads` is dropped, in the
/// migration's one transaction. Written with the frozen forms of `SchemaForms`.
enum HeadChunksMigration {
    static func run(_ database: Database) throws {
        var sites: [Int64: SiteID] = [:]
        var numbers: [SiteID: Int64] = [:]
        try database.query("SELECT id, uuid FROM sites") { row in
            guard let site = SiteID(bytes: row.blob(1)) else { return }
            sites[row.int64(0)] = site
            numbers[site] = row.int64(0)
        }
        var documents: [Int64] = []
        try database.query("SELECT id FROM documents") { row in documents.append(row.int64(0)) }
        let compression = Compression()
        for document in documents {
            var state = DocumentState()
            try database.query("SELECT view, property, value, hlc, site, seq FROM heads WHERE document = ?", [.integer(document)]) { row in
                guard let property = row.text(1).flatMap(Property.named), let site = sites[row.int64(4)] else {
                    throw StoreError.corrupt(path: database.path, detail: "a head row of document \(document) cannot be read; nothing was migrated")
                }
                let stamp = Stamp(hlc: Timestamp(rawValue: UInt64(bitPattern: row.int64(3))), site: site, seq: row.int64(5))
                state.apply(view: row.text(0) ?? "", property: property, DocumentState.Entry(value: row.text(2), stamp: stamp))
            }
            for piece in SchemaForms.cut(SchemaForms.sortedViews(state)) {
                let bytes = SchemaForms.headChunk(piece) { numbers[$0]! }
                try database.run("INSERT INTO head_chunks (document, first_view, data) VALUES (?, ?, ?)",
                                 [.integer(document), .text(piece.first!.id), .blob(compression.compress(bytes, level: .chunk))])
            }
            for (view, entries) in state.views where SchemaForms.isRootCandidate(entries) {
                try database.run("INSERT INTO head_roots (document, view) VALUES (?, ?)", [.integer(document), .text(view)])
            }
        }
        try database.execute("DROP TABLE heads")
    }
}
