import LayoutSpec
import SpecStore
import SpecSync

/// What making a document equal to a spec changes: the edits `apply` writes and the
/// difference they make (views added, removed, moved; properties changed). `apply`,
/// `apply --dry-run` and `diff DOC FILE` all use it, so they agree.
struct SpecComparison {
    let edits: EditList
    let difference: StateDifference

    /// Compares `state` (effective) with `spec`, planning edits as `apply` does.
    init(from state: DocumentState, toMatch spec: Spec, orderSuffix: String) {
        self.init(from: ResolvedDocument(name: spec.name, effective: state), toMatch: spec, orderSuffix: orderSuffix)
    }

    /// Compares a resolved document with `spec`. Made equal to the spec, the document holds
    /// exactly the spec's views, so the difference comes from the edits and the spec's ids,
    /// without the state they make (`StateDifference(from:applying:documentAfter:)`); only
    /// when the document has detached views (which reviving a view can bring back) is that
    /// state made and compared whole, the views the edits touch only for moves and changes.
    init(from document: ResolvedDocument, toMatch spec: Spec, orderSuffix: String) {
        let edits = EditPlanner.edits(toMatch: spec, from: document.state, projection: document.projection, orderSuffix: orderSuffix)
        self.edits = edits
        // A spec from a file places every view (children only under containers); one made in
        // code might not, and then only a projection tells what the document holds.
        let placesAll = spec.parents.dropFirst().allSatisfy { spec.views[$0].kind.isContainer }
        if placesAll, let difference = StateDifference(from: document, applying: edits, documentAfter: spec.views.map(\.id)) {
            self.difference = difference
            return
        }
        var after = document.state
        let stamp = Stamp(hlc: .zero, site: SiteID(high: 0, low: 0), seq: 0)
        for edit in edits {
            after.replace(view: edit.view, property: edit.property, with: DocumentState.Entry(value: edit.value, stamp: stamp))
        }
        difference = StateDifference(from: document.state, to: after, touched: Set(edits.map(\.view)))
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
