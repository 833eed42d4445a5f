import LayoutSpec
@testable import SpecStore
import SpecSync

extension Store {
    /// Changes every stored change value `old` to `new` in place, keeping version ids: a
    /// tampered store, for the refusal tests.
    func forgeStoredValue(_ old: String, as new: String) throws {
        var rows: [(version: Int64, first: Int64, last: Int64, blob: [UInt8])] = []
        try database.query("SELECT v.id, v.first_seq, v.last_seq, c.changes FROM versions v JOIN version_changes c ON c.version = v.id") { row in
            rows.append((row.int64(0), row.int64(1), row.int64(2), row.blob(3)))
        }
        for row in rows {
            var changes: [Change] = []
            try changeTable.unpack(row.blob, version: row.version, count: row.last - row.first + 1) { entry in
                changes.append(Change(stamp: Stamp(hlc: Timestamp(rawValue: 0), site: site, seq: row.first + Int64(entry.offset)), document: "",
                                      view: entry.view, property: entry.property, value: entry.value == old ? new : entry.value))
            }
            try database.run("UPDATE version_changes SET changes = ? WHERE version = ?",
                             [.blob(changeLog.pack(changes, firstSeq: row.first).changes), .integer(row.version)])
        }
    }
}
