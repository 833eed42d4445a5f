import LayoutSpec
import SpecSync
import Threading

extension Store {
    /// What `plumb show` prints for a version in the nested shape, as the text kept with a
    /// snapshot and the views to write again in it (`SpecCodec.rewriteText`).
    public struct ShownText {
        public let text: [UInt8]
        /// The views changed since the snapshot, as they are at the version.
        public let views: [View]
    }

    /// The text kept with `version`'s nearest snapshot (`SnapshotText`) and the views the
    /// changes since that snapshot touched, as they are at `version`, when those changes set
    /// plain properties only. `nil` when there is no such text (`show` then reads the whole
    /// state): no snapshot, a snapshot without a text, or a change to a view's kind, place,
    /// order or life.
    public func shownText(of version: VersionRecord) throws -> ShownText? {
        try database.readTransaction {
            let documentID = try requireDocument(version.document)
            guard let chosen = try nearestSnapshotVersion(documentID: documentID, version: version),
                  let blob = try database.scalar("SELECT text FROM snapshot_texts WHERE version = ?",
                                                 [.integer(chosen.version)])?.blob else { return nil }
            // The changes since the snapshot, each property's last-writer-wins winner among them.
            var changed = DocumentState()
            guard try replay(documentID: documentID, from: chosen.vector, to: version.vector, into: &changed).isEmpty,
                  !changed.views.contains(where: { $0.value.contains { $0.property.isStructural } }) else { return nil }
            guard let text = changeLog.unpackText(blob) else {
                throw StoreError.corrupt(path: path, detail: "the text of a snapshot of document \(documentID) cannot be read")
            }
            guard !changed.views.isEmpty else { return ShownText(text: text, views: []) }
            // Those views at the snapshot, then the changes folded in by their stamps.
            var state = try snapshot(chosen, documentID: documentID, views: Set(changed.views.keys)).state
            for (id, entries) in changed.views {
                for (property, entry) in entries { _ = state.apply(view: id, property: property, entry) }
            }
            return ShownText(text: text, views: changed.views.keys.compactMap { id in state.views[id].flatMap { Materializer.view(id, $0) } })
        }
    }

    /// Starts making the stored text of the snapshot being taken of `raw` (`SnapshotText`),
    /// on another core when the process may use one, so it overlaps the packing of the
    /// snapshot itself; the function returned waits for it (`nil`: the state has no such text).
    func snapshotText(documentID: Int64, raw: DocumentState, tree: TreeResolution) throws -> () -> [UInt8]? {
        guard let name = try database.scalar("SELECT name FROM documents WHERE id = ?", [.integer(documentID)])?.text else {
            return { nil }
        }
        let make: @Sendable () -> [UInt8]? = {
            guard let views = SnapshotText.views(name: name, raw: raw, tree: tree) else { return nil }
            // Compressed as it is written, with contexts of its own: the text of a large
            // document is never held whole.
            return ChangeLog().packText { output in SpecCodec.writeText(views, shape: .nested) { output($0[...]) } }
        }
        let made = Made()
        guard Cores.allowed > 1, let thread = WorkerThread({ made.blob = make() }) else { return make }
        return {
            thread.join()
            return made.blob
        }
    }

    /// Keeps `blob` as the text of the snapshot just taken at `versionRowID`, or forgets an
    /// older one when there is none.
    func saveSnapshotText(versionRowID: Int64, blob: [UInt8]?) throws {
        guard let blob else {
            try database.run("DELETE FROM snapshot_texts WHERE version = ?", [.integer(versionRowID)])
            return
        }
        try database.run("INSERT OR REPLACE INTO snapshot_texts (version, text) VALUES (?, ?)", [.integer(versionRowID), .blob(blob)])
    }
}

/// The text another thread made: written before that thread ends, read after `join`.
private final class Made: @unchecked Sendable {
    var blob: [UInt8]?
}
