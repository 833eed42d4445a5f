import LayoutSpec
import SpecSync

/// What `restore` did.
public struct RestoreResult: Sendable {
    /// The version the view was taken from.
    public let source: VersionRecord
    /// The new version; `nil` when the head already had the view as it was there.
    public let commit: CommitResult?
}

extension Store {
    /// Brings `view` back with its subtree, as it was in `revision` (default: the latest
    /// version whose document has it), as a new version: `plumb restore`, and the studio's
    /// restore button (the same code). Views above it that the head no longer has come back
    /// too, so it hangs from the root again.
    public func restore(document: String, view: String, from revision: String? = nil, message: String? = nil,
                        author: String) throws -> RestoreResult {
        let source: VersionRecord
        let resolved: ResolvedDocument
        if let revision {
            source = try RenameHistory.version(of: document, revision: revision, store: self)
            resolved = try self.resolved(source)
        } else {
            guard let found = try RestorePlanner.lastVersion(with: view, among: try RenameHistory.versions(of: document, store: self), document: { try self.resolved($0) }) else {
                throw StoreError.invalidEdit("\(document): no version has a view \"\(view)\" in its document")
            }
            (source, resolved) = found
        }
        guard resolved.contains(view) else {
            throw StoreError.invalidEdit("\(document)@\(source.number): \"\(view)\" is not in the document in that version")
        }
        let text = message ?? "Restore \(view) from version \(source.number) (\(source.id.short))"
        // The structural conflicts that lost this view are settled with it, here and wherever
        // this store syncs (a restore is what `plumb conflicts` names for them).
        let lost = try structuralConflicts(of: document).filter { $0.view == view && $0.isRestorable }
        let commit = try self.commit(document: document, message: text, author: author,
                                     settling: lost.isEmpty ? nil : (lost.map(ConflictResolution.Key.init), .restored)) { head in
            try RestorePlanner.edits(restoring: view, from: resolved, onto: try head.resolved())
        }
        return RestoreResult(source: source, commit: commit)
    }
}
