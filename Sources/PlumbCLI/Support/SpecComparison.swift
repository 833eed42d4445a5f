import LayoutSpec
import SpecStore
import SpecSync

/// What making a document equal to a spec changes: the edits `apply` writes and the
/// difference they make (views added, removed, moved; properties changed). `apply`,
/// `apply --dry-run` and `diff DOC FILE` all use it, so they agree.
struct SpecComparison {
    let edits: [Edit]
    let difference: StateDifference

    /// Compares `state` with `spec`, planning edits as `apply` does. Only the views the edits
    /// touch can have moved or changed, so those are looked for there only (`touched`).
    init(from state: DocumentState, toMatch spec: Spec, orderSuffix: String) {
        edits = EditPlanner.edits(toMatch: spec, from: state, orderSuffix: orderSuffix)
        var after = state
        let stamp = Stamp(hlc: .zero, site: SiteID(high: 0, low: 0), seq: 0)
        for edit in edits {
            after.replace(view: edit.view, property: edit.property, with: DocumentState.Entry(value: edit.value, stamp: stamp))
        }
        difference = StateDifference(from: state, to: after, touched: Set(edits.map(\.view)))
    }

    /// `2 added, 12 removed, 1 moved, 14 properties changed` (kinds with none left out), or
    /// `no differences`.
    static func summary(_ difference: StateDifference) -> String {
        var parts: [String] = []
        if !difference.added.isEmpty { parts.append("\(difference.added.count) added") }
        if !difference.removed.isEmpty { parts.append("\(difference.removed.count) removed") }
        if !difference.moved.isEmpty { parts.append("\(difference.moved.count) moved") }
        if !difference.changed.isEmpty {
            parts.append("\(TransferReporting.plural(difference.changed.count, "property", "properties")) changed")
        }
        return parts.isEmpty ? "no differences" : parts.joined(separator: ", ")
    }

    /// The warning an apply gives when it deletes views: how many, the first few ids, and how
    /// to bring them back.
    static func deletionWarning(_ difference: StateDifference, document: String, previous: Int?) -> String? {
        guard !difference.removed.isEmpty else { return nil }
        let shown = difference.removed.prefix(5).map { "\"\($0)\"" }.joined(separator: ", ")
        let more = difference.removed.count > 5 ? " and \(difference.removed.count - 5) more" : ""
        let undo = previous.map { "; `plumb revert \(document)@\($0)` undoes it" } ?? ""
        return "\(document): deleted \(TransferReporting.plural(difference.removed.count, "view")) missing from the file (\(shown)\(more))\(undo)"
    }
}
