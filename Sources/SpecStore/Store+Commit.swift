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
    /// writers about) and may throw to abort with nothing written. Edits equal to the current
    /// values should not be returned; when there are none, no version is made and the result
    /// is `nil`.
    public func commit(
        document name: String, message: String, author: String, createIfMissing: Bool = false,
        plan: (DocumentHead) throws -> [Edit]
    ) throws -> CommitResult? {
        try mapBusy {
            try database.writeTransaction { () throws -> CommitResult? in
                try commitInTransaction(document: name, message: message, author: author, createIfMissing: createIfMissing, plan: plan)
            }
        }
    }

    /// `commit`'s work inside a write transaction the caller holds, so that several versions
    /// (of several documents: `renameDocument`) land together or not at all.
    func commitInTransaction(
        document name: String, message: String, author: String, createIfMissing: Bool,
        plan: (DocumentHead) throws -> [Edit]
    ) throws -> CommitResult? {
        let existing = try documentID(name)
        if existing == nil && !createIfMissing { _ = try requireDocument(name) }
        let head = DocumentHead(store: self, documentID: existing, name: name)
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
        let documentID = try existing ?? insertDocument(name)
        let version = try writeVersion(documentID: documentID, name: name, edits: edits, message: message, author: author, head: head)
        return CommitResult(version: version, createdDocument: existing == nil)
    }

    private func insertDocument(_ name: String) throws -> Int64 {
        try database.run("INSERT INTO documents (name) VALUES (?)", [.text(name)])
        return database.lastInsertRowID
    }

    private func writeVersion(documentID: Int64, name: String, edits: [Edit], message: String, author: String, head: DocumentHead) throws -> VersionRecord {
        var clock = HybridLogicalClock(last: try storedClock())
        let now = self.clock()
        let hlc = clock.tick(now: now)
        let firstSeq = (try database.scalar("SELECT max_seq FROM sites WHERE id = ?", [.integer(localSite)])?.integer ?? 0) + 1
        let insertChange = try database.statement(
            "INSERT INTO changes (site, seq, hlc, document, view, property, value) VALUES (?, ?, ?, ?, ?, ?, ?)")
        let upsertHead = try database.statement(
            "INSERT OR REPLACE INTO heads (document, view, property, value, hlc, site, seq) VALUES (?, ?, ?, ?, ?, ?, ?)")
        let hlcValue = Int64(bitPattern: hlc.rawValue)
        var seq = firstSeq
        for edit in edits {
            try insertChange.bind(localSite, at: 1)
            try insertChange.bind(seq, at: 2)
            try insertChange.bind(hlcValue, at: 3)
            try insertChange.bind(documentID, at: 4)
            try insertChange.bind(edit.view, at: 5)
            try insertChange.bind(edit.property.rawValue, at: 6)
            try insertChange.bind(edit.value, at: 7)
            try insertChange.run()
            try upsertHead.bind(documentID, at: 1)
            try upsertHead.bind(edit.view, at: 2)
            try upsertHead.bind(edit.property.rawValue, at: 3)
            try upsertHead.bind(edit.value, at: 4)
            try upsertHead.bind(hlcValue, at: 5)
            try upsertHead.bind(localSite, at: 6)
            try upsertHead.bind(seq, at: 7)
            try upsertHead.run()
            seq += 1
        }
        let lastSeq = seq - 1
        try database.run("UPDATE sites SET max_seq = ? WHERE id = ?", [.integer(lastSeq), .integer(localSite)])
        try database.run("INSERT OR REPLACE INTO meta (key, value) VALUES ('clock', ?)", [.text(String(clock.last.rawValue))])

        let base = try knownVector(documentID: documentID)
        var vector = base
        vector[site] = lastSeq
        let time = Int64(now)
        let version = Version(document: name, vector: vector, kind: .commit, message: message, author: author, time: time)
        let number = (try database.scalar("SELECT max(number) FROM versions WHERE document = ?", [.integer(documentID)])?.integer ?? 0) + 1
        try database.run("""
            INSERT INTO versions (hash, document, number, kind, site, first_seq, last_seq, hlc, vector, base, message, author, time)
            VALUES (?, ?, ?, 'commit', ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [.blob(version.id.bytes), .integer(documentID), .integer(number), .integer(localSite), .integer(firstSeq),
                  .integer(lastSeq), .integer(hlcValue), .blob(vector.encoded), .blob(base.encoded), .text(message), .text(author), .integer(time)])
        let rowID = database.lastInsertRowID
        try database.run("UPDATE documents SET head = ?, known = ?, since_snapshot = since_snapshot + ? WHERE id = ?",
                         [.integer(rowID), .blob(vector.encoded), .integer(Int64(edits.count)), .integer(documentID)])
        try snapshotIfDue(documentID: documentID, versionRowID: rowID) {
            // A single writer's loaded head plus the new edits is the raw state; saves a re-read.
            guard var state = head.loadedState, base.entries.count <= 1 else { return try headState(documentID: documentID) }
            for (offset, edit) in edits.enumerated() {
                let stamp = Stamp(hlc: hlc, site: site, seq: firstSeq + Int64(offset))
                state.apply(view: edit.view, property: edit.property, DocumentState.Entry(value: edit.value, stamp: stamp))
            }
            return state
        }
        return VersionRecord(rowID: rowID, id: version.id, document: name, number: Int(number), kind: .commit, site: site,
                             firstSeq: firstSeq, lastSeq: lastSeq, vector: vector, base: base, message: message, author: author, time: time, tags: [])
    }

    /// The union of a document's version vectors: what its head state folds.
    func knownVector(documentID: Int64) throws -> VersionVector {
        let blob = try database.scalar("SELECT known FROM documents WHERE id = ?", [.integer(documentID)])?.blob
        return blob.flatMap(VersionVector.init(encoded:)) ?? VersionVector()
    }

    func storedClock() throws -> Timestamp {
        let text = try database.scalar("SELECT value FROM meta WHERE key = 'clock'")?.text
        return Timestamp(rawValue: text.flatMap(UInt64.init) ?? 0)
    }

    /// Turns SQLite's busy error into the store's own message.
    func mapBusy<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SQLiteError where error.isBusy {
            throw StoreError.busy(path)
        }
    }
}
