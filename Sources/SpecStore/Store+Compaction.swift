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
    /// move and snapshot blob not yet compacted again at `Compression.Level.compact` (slower,
    /// smaller; a snapshot of the first form also rewritten in the current one), in batches,
    /// each its own transaction that also records how far it got (`meta.compacted_TABLE`),
    /// then returns the freed pages to the file system (`VACUUM`).
    /// Safe to interrupt at any point: every step is whole or not done, and a new run
    /// continues where the last stopped. Contents never change, only their encoding.
    public func compact() throws -> CompactionReport {
        var report = CompactionReport()
        report.bytesBefore = storeBytes()
        try mapErrors {
            report.recompressed += try recompress(table: "version_changes", column: "changes") { blob, row in
                changeLog.recompress(blob, count: Int(row.int64(1)), level: .compact)
            }
            report.recompressed += try recompress(table: "version_moves", column: "moves") { blob, row in
                changeLog.recompress(blob, count: Int(row.int64(1)), level: .compact)
            }
            report.recompressed += try recompress(table: "snapshots", column: "state") { blob, _ in
                changeLog.repackSnapshot(blob, siteNumber: numberIfKnown, level: .compact)
            }
            try database.execute("VACUUM")
            try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        report.bytesAfter = storeBytes()
        return report
    }

    /// Rewrites the blobs of `table` (keyed by `version`) above the last one compacted, in
    /// batches; returns how many. `recompress` gets a blob and its row (column 1: the
    /// version's change count) and returns it compacted, or `nil` when damaged.
    private func recompress(table: String, column: String, _ recompress: ([UInt8], Row) -> [UInt8]?) throws -> Int {
        let key = "compacted_\(table)"
        var done = 0
        while true {
            let batch = try database.writeTransaction { () throws -> Int in
                let after = try database.scalar("SELECT value FROM meta WHERE key = ?", [.text(key)])?.text.flatMap { Int64($0) } ?? 0
                var rows: [(version: Int64, blob: [UInt8])] = []
                var bytes = 0
                try database.query("""
                    SELECT t.version, v.last_seq - v.first_seq + 1, t.\(column) FROM \(table) t JOIN versions v ON v.id = t.version
                    WHERE t.version > ? ORDER BY t.version LIMIT 256
                    """, [.integer(after)]) { row in
                    guard bytes < Store.compactionBatchBytes else { return }
                    let blob = row.blob(2)
                    guard let packed = recompress(blob, row) else { throw damagedBlob(table: table, version: row.int64(0)) }
                    bytes += blob.count
                    rows.append((row.int64(0), packed))
                }
                guard let last = rows.last else { return 0 }
                for row in rows {
                    try database.run("UPDATE \(table) SET \(column) = ? WHERE version = ?", [.blob(row.blob), .integer(row.version)])
                }
                try database.run("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", [.text(key), .text(String(last.version))])
                return rows.count
            }
            if batch == 0 { return done }
            done += batch
        }
    }

    private func damagedBlob(table: String, version: Int64) -> StoreError {
        table == "snapshots"
            ? StoreError.corrupt(path: path, detail: "the snapshot at version row \(version) cannot be read")
            : damagedChanges(version: version)
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
