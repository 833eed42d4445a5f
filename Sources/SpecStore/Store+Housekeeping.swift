import LayoutSpec
import SpecSync

/// A document deleted or renamed: plain versions, so they are kept in history, restorable by
/// `revert`, and synced like any other edit. No schema of their own:
///
/// - deleting a document is a version marking every view `alive: false`;
/// - renaming OLD to NEW is a version of NEW holding OLD's head state, whose message ends with
///   the trailer `Renamed-from: OLD@ID` (ID = the full id of OLD's head then), and a version
///   of OLD deleting it, ending with `Renamed-to: NEW@ID`. `plumb log NEW` follows the
///   trailer into OLD's history, as `git log --follow` does.
public enum DocumentRename {
    /// The trailer naming where a renamed document came from.
    public static let fromKey = "Renamed-from"
    /// The trailer naming where a renamed document went.
    public static let toKey = "Renamed-to"

    /// `message`, a blank line, then `KEY: DOC@ID`.
    static func message(_ message: String, key: String, document: String, version: VersionID) -> String {
        "\(message)\n\n\(key): \(document)@\(version.hex)"
    }

    /// The document and version id a `Renamed-from` trailer on the message's last line names.
    public static func source(of message: String) -> (document: String, version: String)? {
        guard let last = message.split(separator: "\n").last, last.hasPrefix(fromKey + ": ") else { return nil }
        let reference = last.dropFirst(fromKey.count + 2).split(separator: "@", maxSplits: 1)
        guard reference.count == 2, Identifier.isValid(String(reference[0])) else { return nil }
        return (String(reference[0]), String(reference[1]))
    }
}

/// What `renameDocument` made: the new document's version and the old one's deletion.
public struct RenameResult: Sendable {
    public let renamed: CommitResult
    public let deleted: CommitResult
}

extension Store {
    /// Deletes a document as a new version marking every view deleted; history, tags and
    /// the name stay, and `revert` to an earlier version brings it back.
    public func deleteDocument(_ name: String, message: String, author: String) throws -> CommitResult {
        let result = try commit(document: name, message: message, author: author) { head in
            let edits = try Self.deletionEdits(head)
            guard !edits.isEmpty else { throw StoreError.invalidEdit("document \"\(name)\" is already deleted") }
            return edits
        }
        guard let result else { throw StoreError.invalidEdit("document \"\(name)\" is already deleted") }
        return result
    }

    /// Renames `old` to `new` in one transaction: a version of `new` holding `old`'s head state
    /// (the `Renamed-from` trailer naming `old`'s head), then a version deleting `old`. `new`
    /// may be a deleted document (its name is reused); not a live one.
    public func renameDocument(_ old: String, to new: String, message: String, author: String) throws -> RenameResult {
        guard Identifier.isValid(new) else { throw StoreError.invalidEdit("\"\(new)\" is not a document name (\(Identifier.rule))") }
        guard old != new else { throw StoreError.invalidEdit("\"\(old)\" already has that name") }
        return try mapErrors {
            try database.writeTransaction {
                let oldID = try requireDocument(old)
                let source = try DocumentHead(store: self, documentID: oldID, name: old)
                let sourceState = try source.resolved().state
                guard !sourceState.aliveViews.isEmpty else {
                    throw StoreError.invalidEdit("document \"\(old)\" is deleted; restore it with `plumb revert` before renaming it")
                }
                let sourceVersion = try head(of: old)
                let renamedMessage = DocumentRename.message(message, key: DocumentRename.fromKey, document: old, version: sourceVersion.id)
                let renamed = try commitInTransaction(document: new, message: renamedMessage, author: author, createIfMissing: true) { head in
                    let current = try head.resolved().state
                    guard current.aliveViews.isEmpty else { throw StoreError.documentExists(new) }
                    return StateDifference.edits(from: current, to: sourceState)
                }
                guard let renamed else { throw StoreError.invalidEdit("\"\(new)\" already holds \"\(old)\"") }
                let deletedMessage = DocumentRename.message(message, key: DocumentRename.toKey, document: new, version: renamed.version.id)
                let deleted = try commitInTransaction(document: old, message: deletedMessage, author: author, createIfMissing: false) { head in
                    try Self.deletionEdits(head)
                }
                guard let deleted else { preconditionFailure("a live document has views to delete") }
                return RenameResult(renamed: renamed, deleted: deleted)
            }
        }
    }

    /// True when a document's head has no live view: `docs rm` deleted it (or a rename).
    public func isDeleted(_ name: String) throws -> Bool {
        try database.readTransaction {
            let id = try requireDocument(name)
            var alive = false
            try headTable.forEachChunk(document: id) { chunk in
                alive = chunk.views.values.contains { $0[.alive]?.value == "true" }
                return !alive
            }
            return !alive
        }
    }

    /// The edits deleting every live view of a document.
    static func deletionEdits(_ head: DocumentHead) throws -> [Edit] {
        try head.resolved().state.aliveViews.sorted().map { Edit(view: $0, property: .alive, value: "false") }
    }
}

extension Store {
    /// True when the document has ever had the view (live or deleted): one chunk read.
    public func hasView(_ view: String, in document: String) throws -> Bool {
        try database.readTransaction {
            let id = try requireDocument(document)
            return try headTable.entries(document: id, view: view) != nil
        }
    }

    /// Every view id a document has ever had (live or deleted), sorted.
    public func viewIDs(of document: String) throws -> [String] {
        try database.readTransaction {
            let id = try requireDocument(document)
            return try headTable.state(document: id).views.keys.sorted()
        }
    }
}
