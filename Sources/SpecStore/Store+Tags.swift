import LayoutSpec
import SpecSync

/// A tag as `plumb tag --list` shows it.
public struct TagRecord: Sendable {
    public let document: String
    public let name: String
    public let version: VersionRecord

    public init(document: String, name: String, version: VersionRecord) {
        self.document = document
        self.name = name
        self.version = version
    }
}

extension Store {
    /// Every tag, of one document or of all, by document then name.
    public func tags(of document: String? = nil) throws -> [TagRecord] {
        try database.readTransaction {
            let rows = try tagTable.all(document: try document.map(requireDocument))
            return try rows.map { TagRecord(document: $0.document, name: $0.name, version: try version(rowID: $0.version, document: $0.document)) }
        }
    }

    /// Removes a tag (the version stays); returns the version it named.
    @discardableResult
    public func deleteTag(_ name: String, of document: String) throws -> VersionRecord {
        try mapErrors {
            try database.writeTransaction {
                let documentID = try requireDocument(document)
                guard let rowID = try tagTable.version(named: name, document: documentID) else {
                    let names = try tagTable.names(document: documentID)
                    throw StoreError.invalidEdit("\(document): no tag \"\(name)\"" + (Suggestion.nearest(to: name, in: names).map { " (did you mean \"\($0)\"?)" } ?? ""))
                }
                let version = try version(rowID: rowID, document: document)
                try tagTable.remove(name, document: documentID)
                return version
            }
        }
    }
}
