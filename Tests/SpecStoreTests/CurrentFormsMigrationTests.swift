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
            expected = try store.headState(documentID: documentID)
            expectedSpec = try StoreFixtures.spec(of: "d", "head", in: store)
            try Self.backToSchemaSeven(store.database)
            // m15 lives in its recent row alone; m20's and m2990's last edits stand over older
            // entries in their chunks.
            let stale = DocumentState.Entry(value: "\"old\"", stamp: Stamp(hlc: Timestamp(rawValue: 1), site: store.site, seq: 1))
            var rows: [(String, [(property: Property, entry: DocumentState.Entry)])] = []
            try store.database.query("SELECT id, data FROM head_chunks WHERE document = ?", [.integer(documentID)]) { row in
                var chunk = DocumentState()
                #expect(HeadChunk.decode(store.changeLog.unpackChunk(row.blob(1)) ?? [], site: store.site(number:), into: &chunk))
                guard chunk.views["m15"] != nil || chunk.views["m20"] != nil || chunk.views["m2990"] != nil else { return }
                if let m15 = chunk.views["m15"] { rows.append(("m15", Array(m15).map { ($0.0, $0.1) })) }
                for (view, property) in [("m20", Property.text), ("m2990", .width)] where chunk.views[view] != nil {
                    rows.append((view, [(property, expected.entry(view, property)!)]))
                    chunk.replace(view: view, property: property, with: stale)
                }
                let kept = HeadChunks.sortedViews(of: chunk).filter { $0.id != "m15" }
                let bytes = HeadChunk.encode(kept[...]) { store.numberIfKnown($0)! }
                try store.database.run("UPDATE head_chunks SET data = ? WHERE id = ?", [.blob(store.changeLog.packChunk(bytes)), .integer(row.int64(0))])
            }
            try store.database.run("DELETE FROM head_roots WHERE view = 'm15'")
            #expect(rows.count == 3)
            for (view, entries) in rows {
                var one = DocumentState()
                one.apply(view: view, entries: entries)
                let bytes = HeadChunk.encode(HeadChunks.sortedViews(of: one)[...]) { store.numberIfKnown($0)! }
                try store.database.run("INSERT INTO head_recent (document, view, data) VALUES (?, ?, ?)", [.integer(documentID), .text(view), .blob(bytes)])
            }
        }
        let store = try Store.open(at: path)
        let documentID = try #require(try store.documentID("d"))
        #expect(try store.headState(documentID: documentID) == expected)
        #expect(try StoreFixtures.spec(of: "d", "head", in: store) == expectedSpec)
        var roots: [String] = []
        try store.database.query("SELECT view FROM head_roots WHERE document = ? ORDER BY view", [.integer(documentID)]) { roots.append($0.text(0) ?? "") }
        #expect(roots == expected.views.keys.filter { HeadChunks.isRootCandidate(expected.views[$0]) }.sorted())
        var stored = 0
        try store.database.query("SELECT data FROM head_chunks WHERE document = ?", [.integer(documentID)]) { row in
            var chunk = DocumentState()
            #expect(HeadChunk.decode(store.changeLog.unpackChunk(row.blob(0)) ?? [], site: store.site(number:), into: &chunk))
            stored += chunk.views.count
        }
        #expect(stored == expected.views.count, "each view in one chunk")
        #expect(try store.database.scalar("SELECT count(*) FROM sqlite_master WHERE name IN ('head_recent', 'snapshot_texts')")?.integer == 0)
        #expect(try store.database.scalar("SELECT count(*) FROM pragma_table_info('documents') WHERE name = 'recent_views'")?.integer == 0)
        #expect(try store.integrityCheck() == ["ok"])
    }
}
