import LayoutSpec
import SpecSync

extension Store {
    /// Most properties the change-log reading of a difference looks up; past it both states are
    /// read whole, which then costs less than a lookup per key.
    static let plainDifferenceLimit = 2_000

    /// What differs between two versions of a document: what `StateDifference(from:to:)` finds
    /// on their states. When `new` is the head, includes `old`, and the changes between them
    /// set plain properties only (not `StateDifference.isStructural`: the usual few edits), it
    /// costs those changes, not the document: their properties' values at `old` come from the
    /// nearest snapshot (only their views decoded) and the changes after it, at the head from
    /// its rows, and their views' places from the head (`DocumentHead`), which is the same in
    /// both since nothing between them moved, added or removed a view. Otherwise both states
    /// are read whole.
    public func difference(from old: VersionRecord, to new: VersionRecord) throws -> StateDifference {
        try database.readTransaction {
            if let plain = try plainDifference(from: old, to: new) { return plain }
            return StateDifference(from: try state(of: old), to: try state(of: new))
        }
    }

    /// The change-log reading of `difference(from:to:)`; `nil` when it does not apply.
    func plainDifference(from old: VersionRecord, to new: VersionRecord) throws -> StateDifference? {
        guard old.document == new.document, old.vector.isIncluded(in: new.vector) else { return nil }
        let documentID = try requireDocument(new.document)
        guard try documentTable.head(of: documentID) == new.rowID, try documentTable.known(of: documentID) == new.vector,
              let keys = try plainKeys(documentID: documentID, from: old.vector, to: new.vector) else { return nil }
        guard !keys.isEmpty else { return StateDifference(plainChanges: []) }
        let views = Set(keys.map(\.view))
        var before = DocumentState(), base = VersionVector()
        if let chosen = try snapshotTable.nearest(document: documentID, number: old.number, includedIn: old.vector) {
            before = try snapshotTable.read(version: chosen.version, views: views).state
            base = chosen.vector
        }
        _ = try replay(documentID: documentID, from: base, to: old.vector, views: views, into: &before)
        let head = try DocumentHead(store: self, documentID: documentID, name: new.document)
        return StateDifference(plainChanges: try keys.map { key in
            StateDifference.PlainChange(key: key, from: before.value(key.view, key.property), to: try head.value(key.view, key.property),
                                        kind: try head.kind(of: key.view), inDocument: try head.contains(key.view))
        })
    }

    /// The properties the document's changes between two vectors set; `nil` when one of them
    /// is structural or there are more than `plainDifferenceLimit`.
    private func plainKeys(documentID: Int64, from old: VersionVector, to new: VersionVector) throws -> Set<PropertyKey>? {
        var keys = Set<PropertyKey>()
        for (site, upper) in new.sorted where upper > old[site] {
            guard let number = try sites.number(of: site) else { continue }
            var plain = true
            try changeTable.forEachChange(site: number, after: old[site], through: upper, documentID: documentID) { change in
                guard plain else { return }
                if StateDifference.isStructural(change.property) || keys.count >= Store.plainDifferenceLimit {
                    plain = false
                    return
                }
                keys.insert(PropertyKey(view: change.view, property: change.property))
            }
            if !plain { return nil }
        }
        return keys
    }
}
