import LayoutSpec

/// Finds the structural losses of a state (DESIGN.md §5, docs/sync.md#structural-conflicts).
///
/// A change is **lost to a delete** when it is the winning value of a property of a view that
/// is not in the document because that view, or the nearest view above it, is deleted, and the
/// delete and the change are concurrent: neither author had seen the other's change. (A delete
/// made after seeing the change decided; a change made after seeing the delete cannot hide.)
/// The `alive` of a view deleted itself is left to the property rule, which lists it already.
/// A move is **skipped** when the tree replay kept the view where it was (`TreeResolution`).
///
/// Every new state a store reaches (an import, a commit) records the losses it has that the
/// state before it had not: so every loss of any state is listed.
public enum LossClassifier {
    /// The vector of the version holding a change (what its author had seen), by its stamp.
    public typealias Seen = (Stamp) throws -> VersionVector?

    /// Every loss of an effective state (`views`: only those views, when given).
    /// - Parameter skipped: for each view whose latest move was skipped, that move's entry.
    public static func losses(in state: DocumentState, projection: Projection, skipped: [String: DocumentState.Entry],
                              views: Set<String>? = nil, seen: @escaping Seen) throws -> [Loss] {
        var losses: [Loss] = []
        var vectors = VectorCache(seen: seen)
        let candidates: [String] = views.map(Array.init) ?? Array(state.views.keys)
        for view in candidates where !projection.contains(view) {
            guard let properties = state.views[view],
                  case .deleted(let deleted, let delete) = projection.absence(of: view, in: state) else { continue }
            let top = topOfDelete(deleted, delete: delete, state: state)
            for (property, entry) in properties {
                if property == .alive && deleted == view { continue }
                guard entry.stamp.site != delete.stamp.site || entry.stamp.hlc != delete.stamp.hlc else { continue }
                guard try vectors.areConcurrent(entry.stamp, delete.stamp) else { continue }
                losses.append(Loss(view: view, property: property, stamp: entry.stamp, value: entry.value,
                                   kind: deleted == view ? .deleted : .editedUnderDeleted, cause: top,
                                   winnerView: deleted, winner: delete.stamp))
            }
        }
        for (view, move) in skipped where views?.contains(view) ?? true {
            let target = ValueText.stringValue(move.value) ?? ""
            let (winnerView, winner) = closingMove(view: view, target: target, state: state)
            losses.append(Loss(view: view, property: .parent, stamp: move.stamp, value: move.value, kind: .moveSkipped,
                               cause: target, winnerView: winnerView, winner: winner))
        }
        return losses
    }

    /// The losses of `new` that `old` does not have, as conflicts: one per view, losing version
    /// and kind.
    public static func newConflicts(old: [Loss], new: [Loss]) -> [StructuralConflict] {
        let known = Set(old.map(\.key))
        return conflicts(new.filter { !known.contains($0.key) })
    }

    /// Groups losses: one conflict per view and losing version (site and clock), its kind
    /// refined by what the losing version did (an add, a move, or other edits).
    public static func conflicts(_ losses: [Loss]) -> [StructuralConflict] {
        struct GroupKey: Hashable { let view: String; let site: SiteID; let hlc: Timestamp; let skipped: Bool }
        var groups: [GroupKey: [Loss]] = [:]
        for loss in losses {
            groups[GroupKey(view: loss.view, site: loss.stamp.site, hlc: loss.stamp.hlc, skipped: loss.kind == .moveSkipped), default: []].append(loss)
        }
        var result: [StructuralConflict] = []
        for (_, group) in groups {
            let sorted = group.sorted { $0.stamp < $1.stamp }
            let first = sorted[0]
            var kind = first.kind
            if kind == .editedUnderDeleted {
                if sorted.contains(where: { $0.property == .alive && $0.value == "true" }) {
                    kind = .addedUnderDeleted
                } else if sorted.contains(where: { $0.property == .parent }) {
                    kind = .movedUnderDeleted
                }
            }
            let lost = sorted.map { StructuralConflict.LostValue(property: $0.property, value: $0.value) }
                .sorted { $0.property.rawValue < $1.property.rawValue }
            result.append(StructuralConflict(kind: kind, view: first.view, cause: first.cause, winnerView: first.winnerView,
                                             winner: first.winner, loser: first.stamp, lost: lost))
        }
        return result.sorted { ($0.view, $0.loser) < ($1.view, $1.loser) }
    }

    /// The highest view deleted by the same version as `deleted`, walking up: what the user
    /// named in `plumb rm`.
    static func topOfDelete(_ deleted: String, delete: DocumentState.Entry, state: DocumentState) -> String {
        var top = deleted
        var steps = 0
        while steps < state.views.count, let parent = ValueText.stringValue(state.value(top, .parent)),
              let entry = state.entry(parent, .alive), entry.value != "true",
              entry.stamp.site == delete.stamp.site, entry.stamp.hlc == delete.stamp.hlc {
            top = parent
            steps += 1
        }
        return top
    }

    /// The move on the path from `target` up to `view` with the greatest stamp: the one that
    /// put `target` under `view` last, so that `view`'s move would have closed a loop. When the
    /// tree has changed since (`target` is no longer under `view`), `view`'s own entry.
    static func closingMove(view: String, target: String, state: DocumentState) -> (String, Stamp) {
        var current = target
        var best: (String, Stamp)?
        var steps = 0
        while current != view, steps <= state.views.count {
            guard let entry = state.entry(current, .parent), let parent = ValueText.stringValue(entry.value) else { break }
            if best == nil || best!.1 < entry.stamp { best = (current, entry.stamp) }
            current = parent
            steps += 1
        }
        if current == view, let best { return best }
        return (view, state.entry(view, .parent)?.stamp ?? Stamp(hlc: .zero, site: SiteID(high: 0, low: 0), seq: 0))
    }
}

/// Vectors of versions by change, looked up once each.
struct VectorCache {
    let seen: LossClassifier.Seen
    private struct VersionKey: Hashable { let site: SiteID; let hlc: Timestamp }
    /// By site and clock: one clock reading per version, so this names the version.
    private var cache: [VersionKey: VersionVector?] = [:]

    init(seen: @escaping LossClassifier.Seen) { self.seen = seen }

    mutating func vector(_ stamp: Stamp) throws -> VersionVector? {
        let key = VersionKey(site: stamp.site, hlc: stamp.hlc)
        if let cached = cache[key] { return cached }
        let vector = try seen(stamp)
        cache[key] = vector
        return vector
    }

    /// True when neither change's author had seen the other.
    mutating func areConcurrent(_ a: Stamp, _ b: Stamp) throws -> Bool {
        guard let bSeen = try vector(b) else { return false }
        if bSeen.includes(site: a.site, seq: a.seq) { return false }
        guard let aSeen = try vector(a) else { return false }
        return !aSeen.includes(site: b.site, seq: b.seq)
    }
}
