import LayoutSpec
import SpecStore
import SpecSync

/// A stored version read for a picture: its record, state, spec and the views that could not
/// be placed.
struct LoadedVersion {
    var record: VersionRecord
    var state: DocumentState
    var spec: Spec
    /// Alive views whose parent is deleted, unknown or not a container: not laid out.
    var detached: [String]

    /// `v3`, with tags: `v3 (release)`.
    var label: String {
        "v\(record.number)" + (record.tags.isEmpty ? "" : " (\(record.tags.joined(separator: ", ")))")
    }
}
