import LayoutSpec
import SpecSync

extension Store {
    /// Finds a version of `document` by revision: `head`, `head~N`, a tag, a local number, or
    /// a version id prefix of at least 7 hex digits.
    public func version(of document: String, revision: String) throws -> VersionRecord {
        try database.readTransaction {
            let documentID = try requireDocument(document)
            let head = try self.head(of: document)
            func fail(_ reason: String) -> StoreError {
                StoreError.badRevision(document: document, revision: revision, reason: reason)
            }
            if revision == "head" { return head }
            if revision.hasPrefix("head~") {
                guard let back = Int(revision.dropFirst(5)), back >= 0 else { throw fail("expected head~N with N a whole number") }
                guard back < head.number else { throw fail("the document has only \(head.number) version\(head.number == 1 ? "" : "s")") }
                return try version(documentID: documentID, document: document, number: head.number - back)
                    ?? { throw fail("no such version") }()
            }
            if let tagged = try tagTable.version(named: revision, document: documentID) {
                return try version(rowID: tagged, document: document)
            }
            if let number = Int(revision), number > 0, number <= head.number,
               let found = try version(documentID: documentID, document: document, number: number) {
                return found
            }
            let prefix = revision.lowercased()
            guard prefix.utf8.count >= 7, prefix.utf8.count <= 64, Hex.decode(prefix.utf8.count % 2 == 0 ? prefix : prefix + "0") != nil else {
                throw fail("no such version (a revision is a number, a tag, head, head~N or an id prefix of 7+ hex digits)")
            }
            let matches = try versionTable.rowIDs(document: documentID, idPrefix: prefix)
            guard matches.count == 1 else { throw fail(matches.isEmpty ? "no such version" : "ambiguous id prefix") }
            return try version(rowID: matches[0], document: document)
        }
    }

    private func version(documentID: Int64, document: String, number: Int) throws -> VersionRecord? {
        try versionTable.rowID(document: documentID, number: number).map { try version(rowID: $0, document: document) }
    }

    /// Versions of a document, newest first; with `view`, only those whose own changes touched it.
    public func log(of document: String, view: String? = nil, limit: Int? = nil) throws -> [VersionRecord] {
        try database.readTransaction {
            let documentID = try requireDocument(document)
            var records: [VersionRecord] = []
            if let view {
                try versionTable.forEachCommitWithChanges(document: documentID, named: document) { record, blob in
                    if try touches(view, blob: blob, version: record) { records.append(record) }
                    return limit.map { records.count < $0 } ?? true
                }
            } else {
                records = try versionTable.records(document: documentID, named: document, limit: limit)
            }
            let tagsByVersion = try tagTable.namesByVersion(document: documentID)
            for index in records.indices { records[index].tags = tagsByVersion[records[index].rowID] ?? [] }
            return records
        }
    }

    /// A document's versions whose message holds `text`, newest first, without their tags:
    /// where `RenameHistory` looks for renames without reading the whole log.
    func versions(of document: String, messageContaining text: String) throws -> [VersionRecord] {
        try database.readTransaction {
            try versionTable.records(document: try requireDocument(document), named: document, messageContaining: text)
        }
    }

    /// Whether a version's own changes (the stored `blob`) touched `view`.
    private func touches(_ view: String, blob: [UInt8], version: VersionRecord) throws -> Bool {
        var found = false
        try changeTable.unpack(blob, version: version.rowID, count: version.changeCount, views: ViewFilter([view])) { _ in found = true }
        return found
    }

    /// The changes a version made itself, in seq order.
    public func changes(of version: VersionRecord) throws -> [Change] {
        guard version.kind == .commit, version.changeCount > 0 else { return [] }
        return Array(try changeTable.changes(ofVersion: version.rowID, document: version.document, site: version.site, first: version.firstSeq,
                                             last: version.lastSeq, hlc: try versionTable.hlc(of: version.rowID)))
    }

    /// Names a version. Tag names follow the id rules; a tag that exists is not moved.
    public func tag(_ version: VersionRecord, as name: String) throws {
        guard Identifier.isValid(name), Int(name) == nil, name != "head" else {
            throw StoreError.invalidEdit("\"\(name)\" cannot be a tag name (\(Identifier.rule), not a number, not \"head\")")
        }
        try mapErrors {
            try database.writeTransaction {
                let documentID = try requireDocument(version.document)
                if try tagTable.version(named: name, document: documentID) != nil {
                    throw StoreError.tagExists(document: version.document, tag: name)
                }
                try tagTable.add(name, document: documentID, version: version.rowID)
            }
        }
    }
}
