import Foundation
import LayoutSpec
import SpecSync
import Testing
@testable import SpecStore

/// Migration 0008: a store of schema 7 comes out with every blob in its one current form and the
/// same head, every version reading as before.
@Suite struct CurrentFormsMigrationTests {
    /// Takes a store of this schema back to schema 7 as the release before left such stores:
    /// `head_recent` (with its counter) and `snapshot_texts` back, migration 0008 not applied.
    static func backToSchemaSeven(_ database: Database) throws {
        try database.execute("""
            CREATE TABLE head_recent (document INTEGER NOT NULL, view TEXT NOT NULL, data BLOB NOT NULL,
                                      PRIMARY KEY (document, view)) WITHOUT ROWID;
            ALTER TABLE documents ADD COLUMN recent_views INTEGER NOT NULL DEFAULT 0;
            CREATE TABLE snapshot_texts (version INTEGER PRIMARY KEY REFERENCES snapshots (version), text BLOB NOT NULL);
            DROP TABLE conflict_resolutions;
            ALTER TABLE sites DROP COLUMN name;
            ALTER TABLE sites DROP COLUMN named_at;
            ALTER TABLE remotes DROP COLUMN read_url;
            DELETE FROM plumb_migrations WHERE version >= 8;
            """)
    }

    /// Head entries that stood in recent rows (the release before's overlay of its chunks) are
    /// folded into the chunks: views whose entries were all in a row, new views that were in a row
    /// alone, and entries that stood over older ones in the chunk. The head reads the same, each
    /// view in one chunk, the root candidates the head's.
    @Test func recentRowsAreFoldedIntoTheChunks() throws {
        let folder = TemporaryFolder()
        let path = folder.path("s.sqlite")
        var expected = DocumentState()
        var expectedSpec: Spec?
        do {
            let (store, documentID) = try StoreFixtures.labels(in: folder)
            _ = try store.commit(document: "d", message: "new", author: "test") { _ in
                [Edit(view: "m15", property: .kind, value: "\"label\""), Edit(view: "m15", property: .alive, value: "true"),
                 Edit(view: "m15", property: .parent, value: "\"root\""), Edit(view: "m15", property: .order, value: "\"a\""),
                 Edit(view: "m20", property: .text, value: "\"Recent\""), Edit(view: "m2990", property: .width, value: "7")]
            }
            expected = try store.headTable.state(document: documentID)
            expectedSpec = try StoreFixtures.spec(of: "d", "head", in: store)
            try Self.backToSchemaSeven(store.database)
            // m15 lives in its recent row alone; m20's and m2990's last edits stand over older
            // entries in their chunks.
            let stale = DocumentState.Entry(value: "\"old\"", stamp: Stamp(hlc: Timestamp(rawValue: 1), site: store.site, seq: 1))
            var rows: [(String, [(property: Property, entry: DocumentState.Entry)])] = []
            try store.database.query("SELECT id, data FROM head_chunks WHERE document = ?", [.integer(documentID)]) { row in
                var chunk = DocumentState()
                let decoded = try HeadChunk.decode(store.changeLog.unpackChunk(row.blob(1)) ?? [], site: store.sites.site(numbered:), into: &chunk)
                #expect(decoded)
                guard chunk.views["m15"] != nil || chunk.views["m20"] != nil || chunk.views["m2990"] != nil else { return }
                if let m15 = chunk.views["m15"] { rows.append(("m15", Array(m15).map { ($0.0, $0.1) })) }
                for (view, property) in [("m20", Property.text), ("m2990", .width)] where chunk.views[view] != nil {
                    rows.append((view, [(property, expected.entry(view, property)!)]))
                    chunk.replace(view: view, property: property, with: stale)
                }
                let kept = HeadChunks.sortedViews(of: chunk).filter { $0.id != "m15" }
                let bytes = HeadChunk.encode(kept[...]) { try! store.sites.number(of: $0)! }
                try store.database.run("UPDATE head_chunks SET data = ? WHERE id = ?", [.blob(store.changeLog.packChunk(bytes)), .integer(row.int64(0))])
            }
            try store.database.run("DELETE FROM head_roots WHERE view = 'm15'")
            #expect(rows.count == 3)
            for (view, entries) in rows {
                var one = DocumentState()
                one.apply(view: view, entries: entries)
                let bytes = HeadChunk.encode(HeadChunks.sortedViews(of: one)[...]) { try! store.sites.number(of: $0)! }
                try store.database.run("INSERT INTO head_recent (document, view, data) VALUES (?, ?, ?)", [.integer(documentID), .text(view), .blob(bytes)])
            }
        }
        let store = try Store.open(at: path)
        let documentID = try #require(try store.documentID("d"))
        #expect(try store.headTable.state(document: documentID) == expected)
        #expect(try StoreFixtures.spec(of: "d", "head", in: store) == expectedSpec)
        var roots: [String] = []
        try store.database.query("SELECT view FROM head_roots WHERE document = ? ORDER BY view", [.integer(documentID)]) { roots.append($0.text(0) ?? "") }
        #expect(roots == expected.views.keys.filter { HeadChunks.isRootCandidate(expected.views[$0]) }.sorted())
        var stored = 0
        try store.database.query("SELECT data FROM head_chunks WHERE document = ?", [.integer(documentID)]) { row in
            var chunk = DocumentState()
            let decoded = try HeadChunk.decode(store.changeLog.unpackChunk(row.blob(0)) ?? [], site: store.sites.site(numbered:), into: &chunk)
            #expect(decoded)
            stored += chunk.views.count
        }
        #expect(stored == expected.views.count, "each view in one chunk")
        #expect(try store.database.scalar("SELECT count(*) FROM sqlite_master WHERE name IN ('head_recent', 'snapshot_texts')")?.integer == 0)
        #expect(try store.database.scalar("SELECT count(*) FROM pragma_table_info('documents') WHERE name = 'recent_views'")?.integer == 0)
        #expect(try store.integrityCheck() == ["ok"])
    }

    /// A state in the first snapshot form (`PSN1`), as stores before schema 5 kept it.
    static func firstForm(_ state: DocumentState) -> [UInt8] {
        var sites: [SiteID] = []
        for (_, view) in state.views { for (_, entry) in view where !sites.contains(entry.stamp.site) { sites.append(entry.stamp.site) } }
        var out = BinaryWriter()
        out.raw(Array("PSN1".utf8))
        out.varint(sites.count)
        for site in sites { out.raw(site.bytes) }
        out.varint(state.views.count)
        for (id, view) in state.views {
            out.string(id)
            out.varint(view.count)
            for (property, entry) in view {
                out.string(property.rawValue)
                out.varint(sites.firstIndex(of: entry.stamp.site)!)
                out.varint(UInt64(entry.stamp.seq))
                out.varint(entry.stamp.hlc.rawValue)
                if let value = entry.value { out.raw([1]); out.string(value) } else { out.raw([0]) }
            }
        }
        return out.bytes
    }

    /// Snapshots of the first form (bare, as before schema 3, or one zstd frame) become `PSN2`,
    /// and trees left `NULL` (before schema 2) become the replay of their moves: every version
    /// reads as before, and only current forms are left.
    @Test(arguments: [false, true])
    func firstFormSnapshotsAndMissingTreesAreRewritten(compressed: Bool) throws {
        let folder = TemporaryFolder()
        let path = folder.path("s.sqlite")
        var expected: [Spec] = []
        do {
            let (store, documentID) = try StoreFixtures.labels(in: folder)
            _ = try store.commit(document: "d", message: "group", author: "test") { _ in
                [Edit(view: "g", property: .kind, value: "\"stack\""), Edit(view: "g", property: .alive, value: "true"),
                 Edit(view: "g", property: .parent, value: "\"root\""), Edit(view: "g", property: .order, value: "\"a\""),
                 Edit(view: "m10", property: .parent, value: "\"g\""), Edit(view: "m20", property: .parent, value: "\"g\"")]
            }
            try StoreFixtures.set("d", "m30", .width, .number(5), in: store)
            expected = try (1...3).map { try StoreFixtures.spec(of: "d", "\($0)", in: store) }
            var snapshots: [(Int64, DocumentState)] = []
            try store.database.query("SELECT version FROM snapshots") { snapshots.append(($0.int64(0), DocumentState())) }
            #expect(!snapshots.isEmpty, "the import took a snapshot")
            for (version, _) in snapshots {
                let state = try store.snapshotTable.read(version: version).state
                let bytes = Self.firstForm(state)
                try store.database.run("UPDATE snapshots SET state = ?, tree = NULL WHERE version = ?",
                                       [.blob(compressed ? Compression().compress(bytes) : bytes), .integer(version)])
            }
            try store.database.run("UPDATE documents SET tree = NULL")
            try Self.backToSchemaSeven(store.database)
        }
        let store = try Store.open(at: path)
        #expect(try (1...3).map { try StoreFixtures.spec(of: "d", "\($0)", in: store) } == expected)
        try store.database.query("SELECT state, tree FROM snapshots") { row in
            #expect(row.blob(0).starts(with: StateSnapshot.magic))
            #expect(TreeSnapshot.decode(row.blob(1)) != nil)
        }
        #expect(TreeSnapshot.decode(try store.database.scalar("SELECT tree FROM documents")?.blob ?? []) != nil)
        #expect(try store.integrityCheck() == ["ok"])
    }
}
