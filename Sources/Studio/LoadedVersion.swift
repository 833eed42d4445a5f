import LayoutSpec
import SpecStore
import SpecSync

/// A stored version read for a picture: its record, state, spec and the views that could not
/// be placed.
struct LoadedVersion {
    /// The document it was read as: its own, or a later name's (the history follows
    /// `docs mv`, `RenameHistory`).
    var document: String
    var record: VersionRecord
    var state: DocumentState
    var spec: Spec
    /// Alive views whose parent is deleted, unknown or not a container: not laid out.
    var detached: [String]

    /// `v3`, with tags: `v3 (release)`; `login@3` for a version of an earlier name.
    var label: String {
        record.shown(in: document) + (record.tags.isEmpty ? "" : " (\(record.tags.joined(separator: ", ")))")
    }
}

extension VersionRecord {
    /// How a page about `document` names this version: `v3`, or `login@3` for a version of an
    /// earlier name (its number is that name's).
    func shown(in document: String) -> String {
        self.document == document ? "v\(number)" : "\(self.document)@\(number)"
    }
}
