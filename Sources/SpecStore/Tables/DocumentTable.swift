import SpecSync

/// The `documents` table: one row per document, with what the store keeps of it beside its
/// versions: its head version, the union of its versions' vectors (`known`), the head's kept
/// tree replay (`TreeSnapshot` bytes), and the entries of its last snapshot with the changes
/// it has taken since. Callers hold the transaction.
struct DocumentTable {
    let database: Database

    /// The row id of the document named `name`, if there is one.
    func id(named name: String) throws -> Int64? {
        try database.scalar("SELECT id FROM documents WHERE name = ?", [.text(name)])?.integer
    }

    /// Adds a document with no version yet; returns its row id.
    func insert(name: String) throws -> Int64 {
        try database.run("INSERT INTO documents (name) VALUES (?)", [.text(name)])
        return database.lastInsertRowID
    }

    /// Every document's name, sorted.
    func names() throws -> [String] {
        var names: [String] = []
        try database.query("SELECT name FROM documents ORDER BY name") { row in names.append(row.text(0) ?? "") }
        return names
    }

    /// Every document's name, row id and head version row, sorted by name.
    func all() throws -> [(name: String, id: Int64, head: Int64?)] {
        var rows: [(name: String, id: Int64, head: Int64?)] = []
        try database.query("SELECT name, id, head FROM documents ORDER BY name") { row in
            rows.append((row.text(0) ?? "", row.int64(1), row.isNull(2) ? nil : row.int64(2)))
        }
        return rows
    }

    /// Each document's name by its row id.
    func namesByID() throws -> [Int64: String] {
        var names: [Int64: String] = [:]
        try database.query("SELECT id, name FROM documents") { row in names[row.int64(0)] = row.text(1) ?? "" }
        return names
    }

    /// Each document's `known` vector by its name.
    func knownByName() throws -> [String: VersionVector] {
        var known: [String: VersionVector] = [:]
        try database.query("SELECT name, known FROM documents") { row in
            known[row.text(0) ?? ""] = VersionVector(encoded: row.blob(1)) ?? VersionVector()
        }
        return known
    }

    /// The document's head version row; `nil` before its first version.
    func head(of document: Int64) throws -> Int64? {
        try database.scalar("SELECT head FROM documents WHERE id = ?", [.integer(document)])?.integer
    }

    /// The union of the document's versions' vectors: what its head state folds.
    func known(of document: Int64) throws -> VersionVector {
        let blob = try database.scalar("SELECT known FROM documents WHERE id = ?", [.integer(document)])?.blob
        return blob.flatMap(VersionVector.init(encoded:)) ?? VersionVector()
    }

    /// The head's kept tree replay as stored (empty before the first version).
    func tree(of document: Int64) throws -> [UInt8] {
        try database.scalar("SELECT tree FROM documents WHERE id = ?", [.integer(document)])?.blob ?? []
    }

    /// Records versions that landed: the document's knowledge now, its head's tree, `changes`
    /// more since the last snapshot, and its new head when given.
    func advance(_ document: Int64, known: VersionVector, tree: TreeResolution, changes: Int, head: Int64? = nil) throws {
        try database.run("UPDATE documents SET known = ?, tree = ?, since_snapshot = since_snapshot + ? WHERE id = ?",
                         [.blob(known.encoded), .blob(TreeSnapshot.encode(tree)), .integer(Int64(changes)), .integer(document)])
        if let head { try setHead(head, of: document) }
    }

    func setHead(_ version: Int64, of document: Int64) throws {
        try database.run("UPDATE documents SET head = ? WHERE id = ?", [.integer(version), .integer(document)])
    }

    /// The entries of the document's last snapshot and the changes it has taken since.
    func snapshotCounts(of document: Int64) throws -> (size: Int64, since: Int64) {
        var counts: (size: Int64, since: Int64) = (0, 0)
        try database.query("SELECT snapshot_size, since_snapshot FROM documents WHERE id = ?", [.integer(document)]) { row in
            counts = (row.int64(0), row.int64(1))
        }
        return counts
    }

    /// Records a snapshot of `size` entries just taken.
    func snapshotTaken(of document: Int64, size: Int) throws {
        try database.run("UPDATE documents SET snapshot_size = ?, since_snapshot = 0 WHERE id = ?", [.integer(Int64(size)), .integer(document)])
    }
}
