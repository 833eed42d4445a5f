import LayoutSpec

/// What became of a value kept from a conflict (a resolution `kept`) since it was kept: a
/// resolution is never taken back, so a revert of the keep or a later edit leaves it kept, and
/// `plumb conflicts` and the studio say this beside it.
public enum KeptValueChange: Equatable, Sendable {
    /// The view holds another value now (nil: unset).
    case value(String?)
    /// The view was deleted since.
    case viewDeleted

    /// The change of `conflict`'s kept value in `head`; nil unless `resolution` kept it and
    /// `head` no longer has it.
    public init?(_ conflict: Conflict, resolution: ConflictResolution?, head: ResolvedDocument) {
        guard resolution?.state == .kept, let property = Property(rawValue: conflict.property) else { return nil }
        guard head.isAlive(conflict.view) else {
            self = .viewDeleted
            return
        }
        let now = head.state.value(conflict.view, property)
        guard now != conflict.loser.value else { return nil }
        self = .value(now)
    }
}
