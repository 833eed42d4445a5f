import Foundation
import LayoutSpec
@testable import SpecStore
import SpecSync
import Testing

/// The head's recent rows (`head_recent`): commits of a few views write them, readers put them
/// in place of the chunks' entries, and folds (past `Store.foldsAt`, before a larger write, in
/// `plumb gc`) move them into the chunks without changing the head.
struct HeadRecentTests {
    func rows(_ store: Store, _ documentID: Int64) throws -> (rows: Int64, counted: Int64) {
        let rows = try store.database.scalar("SELECT count(*) FROM head_recent WHERE document = ?", [.integer(documentID)])?.integer ?? -1
        let counted = try store.database.scalar("SELECT recent_views FROM documents WHERE id = ?", [.integer(documentID)])?.integer ?? -1
        return (rows, counted)
    }

    /// The head as the fold of every change the document has, `head_roots` its candidates, and
    /// point lookups of `sample` its values.
    func expectHeadIsTheFold(_ store: Store, _ documentID: Int64, sample: [String], _ comment: String) throws {
        var folded = DocumentState()
        _ = try store.replay(documentID: documentID, from: VersionVector(), to: try store.knownVector(documentID: documentID), into: &folded)
        #expect(try store.headState(documentID: documentID) == folded, "\(comment)")
        var roots: [String] = []
        try store.database.query("SELECT view FROM head_roots WHERE document = ? ORDER BY view", [.integer(documentID)]) { roots.append($0.text(0) ?? "") }
        #expect(roots == folded.views.keys.filter { HeadChunks.isRootCandidate(folded.views[$0]) }.sorted(), "\(comment)")
        var found: [String: [String?]] = [:]
        _ = try store.commit(document: "d", message: "-", author: "test") { head in
            for view in sample { found[view] = try [head.value(view, .width), head.value(view, .alive), head.value(view, .parent)] }
            return []
        }
        for view in sample {
            #expect(found[view] == [folded.entry(view, .width)?.value, folded.entry(view, .alive)?.value, folded.entry(view, .parent)?.value],
                    "\(view), \(comment)")
        }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func oneViewCommitsKeepTheHeadTheFoldOfEveryChangeThroughFolds(seed: UInt64) throws {
        var random = StoreFixtures.SeededNumbers(seed: seed)
        func next(_ bound: Int) -> Int { random.next(bound) }
        let folder = TemporaryFolder()
        let (store, documentID) = try StoreFixtures.labels(in: folder)
        var folds = 0, last: Int64 = 0, touched: [String] = []
        for round in 0..<240 {
            // Views between the stored ones (ending in 5) are new: some live only in recent rows.
            let id = "m\(next(310) * 10 + 5 * next(2))"
            touched.append(id)
            let edits: [Edit]
            switch next(5) {
            case 0: edits = [Edit(view: id, property: .kind, value: "\"label\""), Edit(view: id, property: .alive, value: "true"),
                             Edit(view: id, property: .parent, value: "\"root\"")]
            case 1: edits = [Edit(view: id, property: .parent, value: next(2) == 0 ? nil : "\"root\"")]
            case 2: edits = [Edit(view: id, property: .alive, value: next(2) == 0 ? "false" : "true")]
            default: edits = [Edit(view: id, property: .width, value: String(round))]
            }
            _ = try store.commit(document: "d", message: "round \(round)", author: "test") { _ in edits }
            let (rows, counted) = try rows(store, documentID)
            #expect(rows == counted, "the count of recent rows, seed \(seed) round \(round)")
            if rows < last { folds += 1 }
            last = rows
            if round % 20 == 19 {
                try expectHeadIsTheFold(store, documentID, sample: touched.suffix(20) + ["root", "m0"], "seed \(seed) round \(round)")
            }
        }
        #expect(folds >= 2, "300 views in 5 chunks fold at \(Store.foldsAt(chunks: 5)) rows")
        // A commit of more views than a recent write takes folds first, then writes its chunks.
        _ = try store.commit(document: "d", message: "many", author: "test") { _ in
            (0..<20).map { Edit(view: "m\($0 * 10)", property: .width, value: "9") }
        }
        #expect(try rows(store, documentID) == (0, 0))
        try expectHeadIsTheFold(store, documentID, sample: touched.suffix(20) + ["m10"], "seed \(seed) after a larger commit")
        _ = try store.commit(document: "d", message: "one more", author: "test") { _ in [Edit(view: "m20", property: .width, value: "8")] }
        #expect(try rows(store, documentID) == (1, 1))
        _ = try store.compact()
        #expect(try rows(store, documentID) == (0, 0), "gc folds the recent rows")
        try expectHeadIsTheFold(store, documentID, sample: touched.suffix(20) + ["m20"], "seed \(seed) after gc")
    }

    @Test func aDocumentDeletedInRecentRowsIsDeletedAndBack() throws {
        let folder = TemporaryFolder()
        let store = try Store.create(at: folder.path("s.sqlite"))
        try StoreFixtures.apply(StoreFixtures.spec(#"{"plumb": 1, "name": "d", "root": {"id": "root", "kind": "stack", "children": [{"id": "a", "kind": "label"}]}}"#), to: store)
        let documentID = try #require(try store.documentID("d"))
        #expect(try !store.isDeleted("d"))
        _ = try store.commit(document: "d", message: "rm", author: "test") { _ in
            [Edit(view: "root", property: .alive, value: "false"), Edit(view: "a", property: .alive, value: "false")]
        }
        #expect(try rows(store, documentID).rows == 2)
        #expect(try store.isDeleted("d"))
        #expect(try store.hasView("a", in: "d"))
        _ = try store.commit(document: "d", message: "new", author: "test") { _ in
            [Edit(view: "b", property: .kind, value: "\"label\""), Edit(view: "b", property: .alive, value: "true")]
        }
        #expect(try !store.isDeleted("d"), "a view that only a recent row holds is alive")
        #expect(try store.hasView("b", in: "d"))
        #expect(try store.viewIDs(of: "d") == ["a", "b", "root"])
        #expect(try !store.hasView("c", in: "d"))
    }

    /// A recent row whose blob holds another view (or none, or several) is damage: reads and
    /// gc say so in words, and gc deletes nothing.
    @Test func aRecentRowHoldingAnotherViewIsDamage() throws {
        let folder = TemporaryFolder()
        let store = try Store.create(at: folder.path("s.sqlite"))
        try StoreFixtures.apply(StoreFixtures.login, to: store)
        try StoreFixtures.set("login", "ok", .width, .number(130), in: store)
        try StoreFixtures.set("login", "email", .width, .number(140), in: store)
        let documentID = try #require(try store.documentID("login"))
        try store.database.run("UPDATE head_recent SET data = (SELECT data FROM head_recent WHERE view = 'email') WHERE view = 'ok'")
        let before = try rows(store, documentID)
        #expect(before.rows >= 2)
        #expect(throws: StoreError.self) { try store.headState(documentID: documentID) }
        #expect(throws: StoreError.self) { try store.viewIDs(of: "login") }
        #expect(throws: StoreError.self) { try store.compact() }
        #expect(try rows(store, documentID) == before, "gc folded nothing")
        do {
            _ = try store.headState(documentID: documentID)
        } catch {
            #expect("\(error)".contains("the recent head row of view ok is damaged"), "\(error)")
        }
    }
}
