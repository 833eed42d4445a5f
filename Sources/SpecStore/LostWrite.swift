import SpecSync

/// A write of a version that lost at a merge: a property value another site's later write
/// replaced, or a view lost to a delete or a skipped move (the losing side of a recorded
/// conflict, docs/sync.md). `plumb log` and the studio's history mark the version that made it.
public struct LostWrite: Hashable, Sendable {
    /// The conflict it lost in.
    public let key: ConflictResolution.Key
    /// What was done about it since (kept, restored, dismissed); nil while open.
    public let settled: ConflictResolution.State?

    public init(key: ConflictResolution.Key, settled: ConflictResolution.State?) {
        self.key = key
        self.settled = settled
    }

    /// `title.text` for a property write, `card` for a view lost to a structural change.
    public var name: String {
        key.property.isEmpty ? key.view : "\(key.view).\(key.property)"
    }
}
