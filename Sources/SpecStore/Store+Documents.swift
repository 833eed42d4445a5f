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
        try documentTable.id(named: name)
    }

    /// The row id of a document, or a `noDocument` error with a suggestion.
    func requireDocument(_ name: String) throws -> Int64 {
        if let id = try documentID(name) { return id }
        throw StoreError.noDocument(name, suggestion: Suggestion.nearest(to: name, in: try documentNames()))
    }

    /// Every document's name, sorted.
    public func documentNames() throws -> [String] {
        try documentTable.names()
    }

    /// Every document with its version count and head.
    public func documents() throws -> [DocumentSummary] {
        try database.readTransaction {
            try documentTable.all().map { name, id, head in
                let headRecord = try head.map { try version(rowID: $0, document: name) }
                var lastChange = headRecord
                if headRecord?.kind == .merge {
                    lastChange = try versionTable.newestCommit(document: id).map { try version(rowID: $0, document: name) }
                }
                return DocumentSummary(name: name, versions: try versionTable.count(document: id), head: headRecord, lastChange: lastChange)
            }
        }
    }

    /// The head version of a document.
    public func head(of document: String) throws -> VersionRecord {
        let id = try requireDocument(document)
        guard let head = try documentTable.head(of: id) else {
            throw StoreError.noDocument(document, suggestion: nil)
        }
        return try version(rowID: head, document: document)
    }

    /// One version by row id, with its tags.
    func version(rowID: Int64, document: String) throws -> VersionRecord {
        guard var record = try versionTable.record(rowID, document: document) else { throw StoreError.corrupt(path: path, detail: "version \(rowID) is missing") }
        record.tags = try tagTable.names(ofVersion: rowID)
        return record
    }
}
