import LayoutSpec
import SpecSync

/// The code step of migration 0003: the rows of `changes` become one packed blob per commit
/// version (`version_changes`, and `version_moves` for its moves), then `changes` and its
/// indexes are dropped. All in the migration's one transaction: an interrupted migration leaves
/// the store as it was. Packed with the frozen forms of `SchemaForms`.
enum PackedChangesMigration {
    static func run(_ database: Database) throws {
        var sites: [Int64: SiteID] = [:]
        try database.query("SELECT id, uuid FROM sites") { row in sites[row.int64(0)] = SiteID(bytes: row.blob(1)) }
        var versions: [(rowID: Int64, document: Int64, site: Int64, first: Int64, last: Int64, hlc: Int64)] = []
        try database.query("SELECT id, document, site, first_seq, last_seq, hlc FROM versions WHERE kind = 'commit' ORDER BY site, first_seq") { row in
            versions.append((row.int64(0), row.int64(1), row.int64(2), row.int64(3), row.int64(4), row.int64(5)))
        }
        let compression = Compression()
        let read = try database.makeStatement("SELECT seq, view, property, value FROM changes WHERE site = ? AND seq BETWEEN ? AND ? ORDER BY seq")
        for version in versions where version.last >= version.first {
            func damaged(_ reason: String) -> StoreError {
                StoreError.corrupt(path: database.path, detail: "version row \(version.rowID) \(reason); nothing was migrated")
            }
            guard let site = sites[version.site] else { throw damaged("names an unknown site") }
            let hlc = Timestamp(rawValue: UInt64(bitPattern: version.hlc))
            try read.bind([.integer(version.site), .integer(version.first), .integer(version.last)])
            var changes: [Change] = []
            while try read.step() {
                guard let property = read.text(2).flatMap(Property.named) else { throw damaged("has a change of an unknown property") }
                changes.append(Change(stamp: Stamp(hlc: hlc, site: site, seq: read.int64(0)), document: "",
                                      view: read.text(1) ?? "", property: property, value: read.text(3)))
            }
            // Every seq of the range is there exactly once, or packing would lose or shift one.
            guard changes.count == Int(version.last - version.first + 1),
                  changes.first?.seq == version.first, changes.last?.seq == version.last else { throw damaged("lacks some of its changes") }
            let moves = changes.filter { $0.property == .parent }.map { (offset: Int($0.seq - version.first), view: $0.view, parent: $0.value) }
            let packed = compression.compress(SchemaForms.changeBlock(changes), level: .write)
            try database.run("INSERT INTO version_changes (version, changes) VALUES (?, ?)", [.integer(version.rowID), .blob(packed)])
            if let moves = SchemaForms.moveBlock(moves).map({ compression.compress($0, level: .write) }) {
                try database.run("INSERT INTO version_moves (version, document, moves) VALUES (?, ?, ?)",
                                 [.integer(version.rowID), .integer(version.document), .blob(moves)])
            }
        }
        try database.execute("DROP TABLE changes")
    }
}
