import LayoutSpec
import SpecSync

/// The code step of migration 0002: version ids become hashes of content.
///
/// Every commit version's id is recomputed from its header and its changes, every merge
/// version's from its document and vector (frozen copies in `SchemaForms`: `commitID`, `mergeID`);
/// rows keep their row ids, so local numbers, tags, snapshots and conflicts stay as they were.
/// Waiting versions are re-encoded with their ids. Each document's moves are replayed once into
/// `documents.tree`, so head reads never replay them again. Waiting versions keep the bundle
/// format of `VersionPack`, which `SpecSync` owns and versions itself.
enum ContentIDMigration {
    static func run(_ database: Database) throws {
        var sites: [Int64: SiteID] = [:]
        try database.query("SELECT id, uuid FROM sites") { row in sites[row.int64(0)] = SiteID(bytes: row.blob(1)) }
        var names: [Int64: String] = [:]
        try database.query("SELECT id, name FROM documents") { row in names[row.int64(0)] = row.text(1) ?? "" }
        try rewriteIDs(database, sites: sites, names: names)
        try rewriteWaiting(database)
        try replayTrees(database, sites: sites)
    }

    private struct Header {
        let rowID: Int64
        let document: Int64
        let kind: String
        let site: Int64
        let first: Int64
        let last: Int64
        let hlc: Int64
        let vector: [UInt8]
        let base: [UInt8]
        let message: String
        let author: String
        let time: Int64
    }

    private static func rewriteIDs(_ database: Database, sites: [Int64: SiteID], names: [Int64: String]) throws {
        var headers: [Header] = []
        try database.query("SELECT id, document, kind, site, first_seq, last_seq, hlc, vector, base, message, author, time FROM versions") { row in
            headers.append(Header(rowID: row.int64(0), document: row.int64(1), kind: row.text(2) ?? "", site: row.int64(3),
                                  first: row.int64(4), last: row.int64(5), hlc: row.int64(6), vector: row.blob(7), base: row.blob(8),
                                  message: row.text(9) ?? "", author: row.text(10) ?? "", time: row.int64(11)))
        }
        // New ids may equal no old one (another scheme), but go through a prefix so that an
        // UPDATE never meets another row's old id under the UNIQUE constraint.
        try database.run("UPDATE versions SET hash = x'00' || hash")
        let changes = try database.makeStatement("SELECT seq, view, property, value FROM changes WHERE site = ? AND seq BETWEEN ? AND ? ORDER BY seq")
        for header in headers {
            guard let name = names[header.document], let vector = VersionVector(encoded: header.vector) else {
                throw StoreError.corrupt(path: database.path, detail: "version row \(header.rowID) cannot be read")
            }
            let id: VersionID
            if header.kind == "merge" {
                id = SchemaForms.mergeID(document: name, vector: vector)
            } else {
                guard let site = sites[header.site], let base = VersionVector(encoded: header.base) else {
                    throw StoreError.corrupt(path: database.path, detail: "version row \(header.rowID) cannot be read")
                }
                let hlc = Timestamp(rawValue: UInt64(bitPattern: header.hlc))
                try changes.bind([.integer(header.site), .integer(header.first), .integer(header.last)])
                var list: [Change] = []
                while try changes.step() {
                    guard let property = changes.text(2).flatMap(Property.named) else {
                        throw StoreError.corrupt(path: database.path, detail: "change (\(site.short), \(changes.int64(0))) has an unknown property")
                    }
                    list.append(Change(stamp: Stamp(hlc: hlc, site: site, seq: changes.int64(0)), document: name,
                                       view: changes.text(1) ?? "", property: property, value: changes.text(3)))
                }
                id = SchemaForms.commitID(document: name, site: site, first: header.first, last: header.last, hlc: hlc, time: header.time,
                                          message: header.message, author: header.author, base: base, changes: list)
            }
            try database.run("UPDATE versions SET hash = ? WHERE id = ?", [.blob(id.bytes), .integer(header.rowID)])
        }
    }

    private static func rewriteWaiting(_ database: Database) throws {
        var rows: [([UInt8], [UInt8])] = []
        try database.query("SELECT hash, payload FROM pending_versions") { row in rows.append((row.blob(0), row.blob(1))) }
        for (hash, bytes) in rows {
            // One that cannot be read stays as it was, to be reported by every import.
            guard let payloads = try? VersionPack.decode(bytes, layout: .withoutIDs) else { continue }
            try database.run("DELETE FROM pending_versions WHERE hash = ?", [.blob(hash)])
            for payload in payloads {
                try database.run("INSERT OR IGNORE INTO pending_versions (hash, payload) VALUES (?, ?)",
                                 [.blob(payload.id.bytes), .blob(VersionPack.encode([payload]))])
            }
        }
    }

    private static func replayTrees(_ database: Database, sites: [Int64: SiteID]) throws {
        var documents: [(Int64, VersionVector)] = []
        try database.query("SELECT id, known FROM documents") { row in
            documents.append((row.int64(0), VersionVector(encoded: row.blob(1)) ?? VersionVector()))
        }
        for (document, known) in documents {
            var moves: [TreeResolution.Move] = []
            try database.query("SELECT site, seq, hlc, view, value FROM changes WHERE document = ? AND property = 'parent'",
                               [.integer(document)]) { row in
                guard let site = sites[row.int64(0)], known.includes(site: site, seq: row.int64(1)) else { return }
                moves.append(TreeResolution.Move(view: row.text(3) ?? "", parent: row.text(4),
                                                 stamp: Stamp(hlc: Timestamp(rawValue: UInt64(bitPattern: row.int64(2))), site: site, seq: row.int64(1))))
            }
            try database.run("UPDATE documents SET tree = ? WHERE id = ?",
                             [.blob(SchemaForms.tree(TreeResolution.replay(moves))), .integer(document)])
        }
    }
}
