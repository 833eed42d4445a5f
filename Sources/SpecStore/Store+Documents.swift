import LayoutSpec
import SpecSync

/// A document as listed by `plumb docs`.
public struct DocumentSummary: Hashable, Sendable {
    public let name: String
    public let versions: Int
    public let head: VersionRecord?
    /// The newest version someone made (not a merge a sync made): what "last change" shows.
    public let lastChange: VersionRecord?
}

extension Store {
    /// The row id of a document, if it exists.
    func documentID(_ name: String) throws -> Int64? {
        try database.scalar("SELECT id FROM documents WHERE name = ?", [.text(name)])?.integer
    }

    /// The row id of a document, or a `noDocument` error with a suggestion.
    func requireDocument(_ name: String) throws -> Int64 {
        if let id = try documentID(name) { return id }
        throw StoreError.noDocument(name, suggestion: Suggestion.nearest(to: name, in: try documentNames()))
    }

    /// Every document's name, sorted.
    public func documentNames() throws -> [String] {
        var names: [String] = []
        try database.query("SELECT name FROM documents ORDER BY name") { row in names.append(row.text(0) ?? "") }
        return names
    }

    /// Every document with its version count and head.
    public func documents() throws -> [DocumentSummary] {
        try database.readTransaction {
            var rows: [(String, Int64, Int64?)] = []
            try database.query("SELECT name, id, head FROM documents ORDER BY name") { row in
                rows.append((row.text(0) ?? "", row.int64(1), row.isNull(2) ? nil : row.int64(2)))
            }
            return try rows.map { name, id, head in
                let count = try database.scalar("SELECT count(*) FROM versions WHERE document = ?", [.integer(id)])?.integer ?? 0
                let headRecord = try head.map { try version(rowID: $0, document: name) }
                var lastChange = headRecord
                if headRecord?.kind == .merge {
                    lastChange = try database.scalar("SELECT id FROM versions WHERE document = ? AND kind = ? ORDER BY number DESC LIMIT 1",
                                                     [.integer(id), .text(Version.Kind.commit.rawValue)])?.integer
                        .map { try version(rowID: $0, document: name) }
                }
                return DocumentSummary(name: name, versions: Int(count), head: headRecord, lastChange: lastChange)
            }
        }
    }

    /// The head version of a document.
    public func head(of document: String) throws -> VersionRecord {
        let id = try requireDocument(document)
        guard let head = try database.scalar("SELECT head FROM documents WHERE id = ?", [.integer(id)])?.integer else {
            throw StoreError.noDocument(document, suggestion: nil)
        }
        return try version(rowID: head, document: document)
    }

    /// One version by row id, with its tags.
    func version(rowID: Int64, document: String) throws -> VersionRecord {
        var record: VersionRecord?
        try database.query("SELECT \(Store.versionColumns) FROM versions v WHERE v.id = ?", [.integer(rowID)]) { row in
            record = try versionRecord(row, document: document)
        }
        guard var record else { throw StoreError.corrupt(path: path, detail: "version \(rowID) is missing") }
        record.tags = try tagTable.names(ofVersion: rowID)
        return record
    }
}
