import LayoutSpec
import SpecSync

/// What a write command made.
public struct CommitResult: Sendable {
    public let version: VersionRecord
    /// True when the command created the document.
    public let createdDocument: Bool
}

extension Store {
    /// Makes one version of `document` from the edits `plan` returns, atomically.
    ///
    /// `plan` runs inside the write transaction (so it sees the latest head even with other
    /// writers about), on the head as every reader sees it (`DocumentHead`: the resolved tree,
    /// read view by view, or whole through `resolved()`), and may throw to abort with nothing
    /// written. Edits equal to the current values should not be returned; when there are none,
    /// no version is made and the result is `nil`. `settling` conflicts (a keep, a restore) are
    /// recorded as settled in the same transaction, version or not: both land or neither does.
    public func commit<Edits: Collection<Edit>>(
        document name: String, message: String, author: String, createIfMissing: Bool = false,
        settling: (keys: [ConflictResolution.Key], state: ConflictResolution.State)? = nil,
        plan: (DocumentHead) throws -> Edits
    ) throws -> CommitResult? {
        try mapErrors {
            try database.writeTransaction { () throws -> CommitResult? in
                let result = try commitInTransaction(document: name, message: message, author: author, createIfMissing: createIfMissing,
                                                     plan: plan)
                if let settling { _ = try conflictTable.record(resolutions(settling.keys, as: settling.state)) }
                return result
            }
        }
    }

    /// Makes one version of each of `names` (where `plan` returns edits), in one transaction:
    /// every version lands or none does, even if the process is killed between two of them
    /// (`plumb import figma`, one version per frame). `plan` gets the name's index.
    public func commit<Edits: Collection<Edit>>(
        documents names: [String], message: String, author: String, createIfMissing: Bool = false,
        plan: (Int, DocumentHead) throws -> Edits
    ) throws -> [CommitResult?] {
        try mapErrors {
            try database.writeTransaction { () throws -> [CommitResult?] in
                try names.indices.map { index in
                    try commitInTransaction(document: names[index], message: message, author: author, createIfMissing: createIfMissing) {
                        try plan(index, $0)
                    }
                }
            }
        }
    }

    /// `commit`'s work inside a write transaction the caller holds, so that several versions
    /// (of several documents: `renameDocument`) land together or not at all.
    func commitInTransaction<Edits: Collection<Edit>>(
        document name: String, message: String, author: String, createIfMissing: Bool,
        plan: (DocumentHead) throws -> Edits
    ) throws -> CommitResult? {
        let existing = try documentID(name)
        if existing == nil && !createIfMissing { _ = try requireDocument(name) }
        let head = try DocumentHead(store: self, documentID: existing, name: name)
        let edits = try plan(head)
        if edits.isEmpty { return nil }
        // What every receiver checks, checked before anything is written.
        if let problem = Change.headerProblem(message: message, author: author) {
            throw StoreError.invalidEdit("\(name): \(problem). Nothing was written.")
        }
        for edit in edits {
            if let problem = Change.problem(view: edit.view, property: edit.property, value: edit.value) {
                throw StoreError.invalidEdit("\(name): \(problem). Nothing was written.")
            }
        }
        let documentID = try existing ?? documentTable.insert(name: name)
        let version = try writeVersion(documentID: documentID, name: name, edits: consume edits, message: message, author: author, head: head)
        return CommitResult(version: version, createdDocument: existing == nil)
    }

    /// `edits` is let go as soon as the version's changes are made from it (`LocalCommit.make`).
    private func writeVersion(documentID: Int64, name: String, edits: consuming some Collection<Edit>, message: String, author: String,
                              head: DocumentHead) throws -> VersionRecord {
        let editCount = edits.count
        var clock = HybridLogicalClock(last: try storedClock())
        let now = self.clock()
        let hlc = clock.tick(now: now)
        let firstSeq = (try database.scalar("SELECT max_seq FROM sites WHERE id = ?", [.integer(localSite)])?.integer ?? 0) + 1
        let payload: VersionPayload
        let tree: TreeResolution
        var written = DocumentState()
        var wholeHead: DocumentState?
        let light = try head.loaded == nil && LocalCommit.isLight(edits) { try head.value($0, .alive) != nil || head.value($0, .kind) != nil }
        if light {
            // One view's edit: the head is read view by view, never loaded whole.
            let outcome = try LocalCommit.makeLight(
                document: name, edits: edits, known: try documentTable.known(of: documentID), tree: head.tree, site: site,
                firstSeq: firstSeq, hlc: hlc, time: Int64(now), message: message, author: author,
                parentOf: { try head.parent(of: $0) }, entryOf: { try head.rawParentEntry($0) })
            payload = outcome.payload
            tree = outcome.tree
            for change in payload.changes { written.apply(change) }
        } else {
            let outcome = try LocalCommit.make(document: name, edits: consume edits, held: try head.load(), site: site, firstSeq: firstSeq, hlc: hlc,
                                               time: Int64(now), message: message, author: author, holdings: StoreHoldings(store: self))
            payload = outcome.payload
            tree = outcome.tree
            written = outcome.state
            wholeHead = outcome.state
            try conflictTable.record(outcome.structuralConflicts, document: documentID)
        }
        let number = try versionTable.nextNumber(document: documentID)
        let rowID = try insertCommit(payload, documentID: documentID, number: number, site: localSite)
        let version = payload.version
        let record = VersionRecord(rowID: rowID, id: payload.id, document: name, number: Int(number), kind: .commit, site: site,
                                   firstSeq: payload.firstSeq, lastSeq: payload.lastSeq, vector: version.vector, base: payload.base,
                                   message: message, author: author, time: version.time, tags: [])
        // The changes are stored: let them go before the head is written (a new document's
        // are as many as its entries). The head entries this version wrote are those it stamped.
        _ = consume payload
        try headTable.write(document: documentID, keys: written.keys(writtenBy: site, seqs: record.firstSeq...record.lastSeq), state: written)
        try database.run("UPDATE sites SET max_seq = ? WHERE id = ?", [.integer(record.lastSeq), .integer(localSite)])
        try database.run("INSERT OR REPLACE INTO meta (key, value) VALUES ('clock', ?)", [.text(String(clock.last.rawValue))])
        try documentTable.advance(documentID, known: record.vector, tree: tree, changes: editCount, head: rowID)
        try snapshotIfDue(documentID: documentID, versionRowID: rowID) { (try wholeHead ?? headTable.state(document: documentID), tree) }
        return record
    }

    /// Inserts a commit version with its changes (one clock reading, consecutive seqs).
    func insertCommit(_ payload: VersionPayload, documentID: Int64, number: Int64, site: Int64) throws -> Int64 {
        let version = payload.version
        let rowID = try versionTable.insert(id: payload.id, document: documentID, number: number, kind: .commit, site: site,
                                            firstSeq: payload.firstSeq, lastSeq: payload.lastSeq, hlc: payload.hlc, vector: version.vector,
                                            base: payload.base, message: version.message, author: version.author, time: version.time)
        try changeTable.insert(payload, versionRowID: rowID, documentID: documentID)
        versionsWritten += 1
        return rowID
    }

    func storedClock() throws -> Timestamp {
        let text = try database.scalar("SELECT value FROM meta WHERE key = 'clock'")?.text
        return Timestamp(rawValue: text.flatMap(UInt64.init) ?? 0)
    }

    /// Turns SQLite's errors (busy, read-only, disk full, damaged) into the store's own words.
    func mapErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SQLiteError {
            throw Store.storeError(error, path: path)
        } catch is FileReplaced {
            throw StoreError.replaced(path)
        }
    }
}
