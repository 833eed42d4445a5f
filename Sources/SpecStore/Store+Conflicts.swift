import SpecSync

/// Recorded conflicts: property writes that lost, and structural losses (docs/sync.md).
extension Store {
    /// Every recorded property conflict of a document, by view and property.
    public func conflicts(of document: String) throws -> [Conflict] {
        try database.readTransaction { try conflictTable.propertyConflicts(document: try requireDocument(document)) }
    }

    /// Every recorded structural conflict of a document, by view and losing change: what the
    /// studio lists beside property conflicts, and what `restore` undoes.
    public func structuralConflicts(of document: String) throws -> [StructuralConflict] {
        try database.readTransaction { try conflictTable.structuralConflicts(document: try requireDocument(document)) }
    }

    /// The version that made a conflict's losing change (what `plumb restore --from` names),
    /// when this store holds it.
    public func losingVersion(of conflict: StructuralConflict, in document: String) throws -> VersionRecord? {
        guard let id = try versionID(site: conflict.loser.site, containing: conflict.loser.seq) else { return nil }
        return try? version(of: document, revision: id.hex)
    }

    /// Forgets a document's recorded conflicts, property and structural; returns how many.
    @discardableResult
    public func clearConflicts(of document: String) throws -> Int {
        try mapErrors {
            try database.writeTransaction { try conflictTable.clear(document: try requireDocument(document)) }
        }
    }
}
