import Glibc

/// What `compact()` did.
public struct CompactionReport: Sendable {
    /// Blobs compressed again at `Compression.Level.compact`.
    public var recompressed = 0
    /// The store's size (the file and its write-ahead log), bytes, before and after.
    public var bytesBefore: Int64 = 0
    public var bytesAfter: Int64 = 0
}

extension Store {
    /// Most bytes of blobs one compaction transaction rewrites, so an interrupted `plumb gc`
    /// loses little work and a busy store waits little.
    static let compactionBatchBytes = 8 << 20

    /// `plumb gc`: packs the store tighter, as `git gc` does. Compresses every packed change,
    /// move, snapshot and head chunk blob not yet compacted again at `Compression.Level.compact`
    /// (slower, smaller), in
    /// batches, each its own transaction that also records how far it got
    /// (`meta.compacted_TABLE`), then returns the freed pages to the file system (`VACUUM`).
    /// A head chunk that a later commit
    /// rewrites is back at `Level.chunk` until the next run. Safe to interrupt at any point:
    /// every step is whole or not done, and a new run continues where the last stopped.
    /// Contents never change, only their encoding.
    public func compact() throws -> CompactionReport {
        try compact(whole: true)
    }

    /// Commit versions made since the last compaction got, past which `compactIfDue` runs.
    public static let autoCompactionVersions: Int64 = 1_000

    /// A step of `plumb gc` small enough for a write command to take on its way out, when
    /// `autoCompactionVersions` commit versions or more (made here or received) are past where
    /// the last run got (as `git gc --auto` packs once loose objects pile up): one batch
    /// (`recompress`, up to 256 blobs or `autoCompactionBytes`) of the oldest of those
    /// versions' blobs, moves and snapshots compressed again. The head's chunks (which every run goes over whole) and `VACUUM` (which rewrites the file) are left
    /// to `plumb gc`. It does not wait for a lock: when another
    /// process writes, it is left for the next command. `nil` when not due (one read of the
    /// last commit version and of how far the last run got) or skipped.
    public func compactIfDue() throws -> CompactionReport? {
        let due = try mapErrors { () throws -> Bool in
            let last = try database.scalar("SELECT max(version) FROM version_changes")?.integer ?? 0
            let done = try database.scalar("SELECT value FROM meta WHERE key = 'compacted_version_changes'")?.text.flatMap { Int64($0) } ?? 0
            return last - done >= Store.autoCompactionVersions
        }
        guard due else { return nil }
        try database.execute("PRAGMA busy_timeout = 0")
        defer { try? database.execute("PRAGMA busy_timeout = \(Store.busyTimeout)") }
        do {
            return try compact(whole: false)
        } catch StoreError.busy {
            return nil
        }
    }

    /// Most bytes of blobs a batch of `compactIfDue` rewrites, the blob that passes it included:
    /// a write command's step stays short.
    static let autoCompactionBytes = 128 << 10

    private func compact(whole: Bool) throws -> CompactionReport {
        var report = CompactionReport()
        report.bytesBefore = storeBytes()
        let batches = whole ? Int.max : 1, bytes = whole ? Store.compactionBatchBytes : Store.autoCompactionBytes
        try mapErrors {
            report.recompressed += try recompress(BlobColumn(table: "version_changes", column: "changes"), batches: batches, bytes: bytes) { blob, row in
                changeLog.recompress(blob, count: Int(row.int64(1)), level: .compact)
            }
            report.recompressed += try recompress(BlobColumn(table: "version_moves", column: "moves"), batches: batches, bytes: bytes) { blob, row in
                changeLog.recompress(blob, count: Int(row.int64(1)), level: .compact)
            }
            report.recompressed += try recompress(BlobColumn(table: "snapshots", column: "state"), batches: batches, bytes: bytes) { blob, _ in
                changeLog.repackSnapshot(blob, level: .compact)
            }
            guard whole else { return }
            report.recompressed += try recompress(BlobColumn(table: "head_chunks", column: "data", key: "id", extra: "0", join: "", marked: false)) { blob, _ in
                changeLog.unpackChunk(blob).map { changeLog.packChunk($0, level: .compact) }
            }
            try database.execute("VACUUM")
            try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        report.bytesAfter = storeBytes()
        return report
    }

    /// A column of blobs `plumb gc` compacts: rows ordered by `key`, with `extra` as column 1 of
    /// each (by default the version's change count, the bound of its unpacked blob). With
    /// `marked`, a run records the last row it did and the next starts after it; without (the
    /// head's chunks, whose rows a commit replaces and whose numbers SQLite may give again),
    /// every run goes over every row and rewrites those that come out different.
    private struct BlobColumn {
        var table: String, column: String, key = "version"
        var extra = "v.last_seq - v.first_seq + 1", join = "JOIN versions v ON v.id = t.version"
        var marked = true
    }

    /// Rewrites the blobs of a column not yet compacted, in up to `batches` batches of up to
    /// 256 blobs or `bytes` (the blob that passes it included); returns how many. `recompress`
    /// gets a blob and its row (column 1: `extra`) and returns it compacted, or `nil` when
    /// damaged.
    private func recompress(_ blobs: BlobColumn, batches: Int = .max, bytes limit: Int = Store.compactionBatchBytes,
                            _ recompress: ([UInt8], Row) -> [UInt8]?) throws -> Int {
        let (table, column, key) = (blobs.table, blobs.column, blobs.key)
        let mark = "compacted_\(table)"
        var done = 0, cursor: Int64 = 0
        for _ in 0..<batches {
            let batch = try database.writeTransaction { () throws -> (rows: Int, rewritten: Int) in
                let after = blobs.marked
                    ? try database.scalar("SELECT value FROM meta WHERE key = ?", [.text(mark)])?.text.flatMap { Int64($0) } ?? 0
                    : cursor
                var rows: [(key: Int64, blob: [UInt8]?)] = []
                var bytes = 0
                try database.query("""
                    SELECT t.\(key), \(blobs.extra), t.\(column) FROM \(table) t \(blobs.join)
                    WHERE t.\(key) > ? ORDER BY t.\(key) LIMIT 256
                    """, [.integer(after)]) { row in
                    guard bytes < limit else { return }
                    let blob = row.blob(2)
                    guard let packed = recompress(blob, row) else { throw damagedBlob(table: table, row: row.int64(0)) }
                    bytes += blob.count
                    rows.append((row.int64(0), blobs.marked || packed != blob ? packed : nil))
                }
                guard let last = rows.last else { return (0, 0) }
                var rewritten = 0
                for case let (key: row, blob: blob?) in rows {
                    try database.run("UPDATE \(table) SET \(column) = ? WHERE \(key) = ?", [.blob(blob), .integer(row)])
                    rewritten += 1
                }
                if blobs.marked {
                    try database.run("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", [.text(mark), .text(String(last.key))])
                }
                cursor = last.key
                return (rows.count, rewritten)
            }
            if batch.rows == 0 { break }
            done += batch.rewritten
        }
        return done
    }

    private func damagedBlob(table: String, row: Int64) -> StoreError {
        switch table {
        case "snapshots": StoreError.corrupt(path: path, detail: "the snapshot at version row \(row) cannot be read")
        case "head_chunks": StoreError.corrupt(path: path, detail: "head chunk \(row) is damaged")
        default: changeTable.damagedChanges(version: row)
        }
    }

    /// The bytes of the store file and its write-ahead log.
    func storeBytes() -> Int64 {
        // By stat(2): FoundationEssentials gives the size attribute as another integer type,
        // which read as Int64 made every size 0.
        [path, path + "-wal"].reduce(0) { total, file in
            var info = stat()
            return total + (stat(file, &info) == 0 ? Int64(info.st_size) : 0)
        }
    }
}
