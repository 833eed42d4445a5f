import LayoutSpec
import SpecSync

/// A tag as `plumb tag --list` shows it.
public struct TagRecord: Sendable {
    public let document: String
    public let name: String
    public let version: VersionRecord
}

extension Store {
    /// Every tag, of one document or of all, by document then name.
    public func tags(of document: String? = nil) throws -> [TagRecord] {
        try database.readTransaction {
            var rows: [(document: String, name: String, version: Int64)] = []
            var sql = "SELECT d.name, t.name, t.version FROM tags t JOIN documents d ON d.id = t.document"
            var parameters: [SQLValue] = []
            if let document {
                parameters.append(.integer(try requireDocument(document)))
                sql += " WHERE t.document = ?"
            }
            try database.query(sql + " ORDER BY d.name, t.name", parameters) { row in
                rows.append((row.text(0) ?? "", row.text(1) ?? "", row.int64(2)))
            }
            return try rows.map { TagRecord(document: $0.document, name: $0.name, version: try version(rowID: $0.version, document: $0.document)) }
        }
    }

    /// Removes a tag (the version stays); returns the version it named.
    @discardableResult
    public func deleteTag(_ name: String, of document: String) throws -> VersionRecord {
        try mapErrors {
            try database.writeTransaction {
                let documentID = try requireDocument(document)
                guard let rowID = try database.scalar("SELECT version FROM tags WHERE document = ? AND name = ?",
                                                      [.integer(documentID), .text(name)])?.integer else {
                    var names: [String] = []
                    try database.query("SELECT name FROM tags WHERE document = ?", [.integer(documentID)]) { names.append($0.text(0) ?? "") }
                    throw StoreError.invalidEdit("\(document): no tag \"\(name)\"" + (Suggestion.nearest(to: name, in: names).map { " (did you mean \"\($0)\"?)" } ?? ""))
                }
                let version = try version(rowID: rowID, document: document)
                try database.run("DELETE FROM tags WHERE document = ? AND name = ?", [.integer(documentID), .text(name)])
                return version
            }
        }
    }
}
