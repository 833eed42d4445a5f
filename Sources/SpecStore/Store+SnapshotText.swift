import LayoutSpec
import SpecSync
import Threading

extension Store {
    /// What `plumb show` prints for a version in the nested shape: the text kept with a
    /// snapshot, and the changes since that snapshot to write into it.
    public struct ShownText {
        /// The snapshot's text as kept (`SpecCodec.writeKeptText`).
        public let kept: [UInt8]
        /// The byte count of the text `kept` stands for.
        public let shown: Int
        /// By view, the changes since the snapshot: each property's last-writer-wins winner.
        public let changes: [String: [(property: Property, value: String?)]]

        /// The store's path, for what is said of a damaged text.
        let path: String

        /// Hands `output` the version's text in pieces, in order: the snapshot's, with each
        /// changed view written again (`SpecCodec.rewriteText`); a piece is valid during the
        /// call only. False, with nothing handed over, when the text is not the nested text of
        /// a document named `name`; throws, after part of it, where the text is found damaged
        /// (`SpecCodec.rewriteText`).
        public func write(name: String, to output: (UnsafeBufferPointer<UInt8>) -> Void) throws(StoreError) -> Bool {
            let rewritten = SpecCodec.rewriteText(kept, shown: shown, name: name, changing: changes.mapValues { changes in
                { Materializer.view($0, changing: changes) }
            }, to: output)
            switch rewritten {
            case .written: return true
            case .refused: return false
            case .damaged:
                throw StoreError.corrupt(path: path, detail: "the text of the snapshot of \(name) is damaged; what was shown of it is cut short, and `plumb show --flat` reads the version without it")
            }
        }
    }

    /// The text kept with `version`'s nearest snapshot (`SnapshotText`) and the changes since
    /// that snapshot, when they set plain properties only and each is newer than every entry
    /// of the snapshot (so it wins over what the text shows). `nil` when there is no such text
    /// (`show` then reads the whole state): no snapshot, a snapshot without a text, a change to
    /// a view's kind, place, order or life, or one merged in older than the snapshot's newest.
    public func shownText(of version: VersionRecord) throws -> ShownText? {
        try database.readTransaction {
            let documentID = try requireDocument(version.document)
            guard let chosen = try nearestSnapshotVersion(documentID: documentID, version: version),
                  let blob = try database.scalar("SELECT text FROM snapshot_texts WHERE version = ?",
                                                 [.integer(chosen.version)])?.blob else { return nil }
            // A text of another form is not read; one of this form that is damaged is said so.
            guard SnapshotText.isCurrentForm(blob) else { return nil }
            guard let header = SnapshotText.header(of: blob) else { throw damagedText(documentID) }
            // The changes since the snapshot, each property's last-writer-wins winner among them,
            // before the text is unpacked: a version they rule out is read whole.
            var changed = DocumentState()
            guard try replay(documentID: documentID, from: chosen.vector, to: version.vector, into: &changed).isEmpty else { return nil }
            var changes: [String: [(property: Property, value: String?)]] = [:]
            for (id, entries) in changed.views {
                for (property, entry) in entries {
                    guard !property.isStructural, entry.stamp.hlc.rawValue > header.newest else { return nil }
                    changes[id, default: []].append((property, entry.value))
                }
            }
            guard let kept = changeLog.unpackText(blob) else { throw damagedText(documentID) }
            return ShownText(kept: kept, shown: Int(header.shown), changes: changes, path: path)
        }
    }

    private func damagedText(_ documentID: Int64) -> StoreError {
        StoreError.corrupt(path: path, detail: "the text of a snapshot of document \(documentID) cannot be read")
    }

    /// Starts making the stored text of the snapshot being taken of `raw` (`SnapshotText`),
    /// on another core when the process may use one, so it overlaps the writing of the version
    /// and head (a commit of the whole head or a sync starts it as soon as `snapshotDue` says
    /// so) or at least the packing of the snapshot; the function returned waits for it (`nil`:
    /// the state has no such text).
    func snapshotText(documentID: Int64, raw: DocumentState, tree: TreeResolution) throws -> () -> [UInt8]? {
        guard let name = try database.scalar("SELECT name FROM documents WHERE id = ?", [.integer(documentID)])?.text else {
            return { nil }
        }
        let make: @Sendable () -> [UInt8]? = {
            guard let views = SnapshotText.views(name: name, raw: raw, tree: tree) else { return nil }
            // Compressed as it is written, with contexts of its own: the text of a large
            // document is never held whole (nor kept, past what a reader would unpack).
            return ChangeLog().packText(newest: SnapshotText.newestClock(of: raw), level: .text) { output in
                SpecCodec.writeKeptText(views) { output($0[...]) }
            }
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
