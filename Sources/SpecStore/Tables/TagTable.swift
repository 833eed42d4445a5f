/// The `tags` table: names given to versions, unique per document. Callers hold the
/// transaction and have resolved the document's row id.
struct TagTable {
    let database: Database

    /// The version row a tag names; `nil` when the document has no such tag.
    func version(named name: String, document: Int64) throws -> Int64? {
        try database.scalar("SELECT version FROM tags WHERE document = ? AND name = ?", [.integer(document), .text(name)])?.integer
    }

    /// Every tag name of a document, sorted.
    func names(document: Int64) throws -> [String] {
        var names: [String] = []
        try database.query("SELECT name FROM tags WHERE document = ? ORDER BY name", [.integer(document)]) { names.append($0.text(0) ?? "") }
        return names
    }

    /// The tag names of one version, sorted.
    func names(ofVersion version: Int64) throws -> [String] {
        var names: [String] = []
        try database.query("SELECT name FROM tags WHERE version = ? ORDER BY name", [.integer(version)]) { names.append($0.text(0) ?? "") }
        return names
    }

    /// A document's tag names by the version row each names.
    func namesByVersion(document: Int64) throws -> [Int64: [String]] {
        var names: [Int64: [String]] = [:]
        try database.query("SELECT version, name FROM tags WHERE document = ? ORDER BY name", [.integer(document)]) { row in
            names[row.int64(0), default: []].append(row.text(1) ?? "")
        }
        return names
    }

    /// Every tag, of one document or of all: the document's name, the tag and its version row,
    /// by document name then tag.
    func all(document: Int64?) throws -> [(document: String, name: String, version: Int64)] {
        var rows: [(document: String, name: String, version: Int64)] = []
        var sql = "SELECT d.name, t.name, t.version FROM tags t JOIN documents d ON d.id = t.document"
        var parameters: [SQLValue] = []
        if let document {
            sql += " WHERE t.document = ?"
            parameters.append(.integer(document))
        }
        try database.query(sql + " ORDER BY d.name, t.name", parameters) { row in
            rows.append((row.text(0) ?? "", row.text(1) ?? "", row.int64(2)))
        }
        return rows
    }

    func add(_ name: String, document: Int64, version: Int64) throws {
        try database.run("INSERT INTO tags (document, name, version) VALUES (?, ?, ?)", [.integer(document), .text(name), .integer(version)])
    }

    func remove(_ name: String, document: Int64) throws {
        try database.run("DELETE FROM tags WHERE document = ? AND name = ?", [.integer(document), .text(name)])
    }
}
