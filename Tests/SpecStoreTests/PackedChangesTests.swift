import Foundation
import LayoutSpec
@testable import SpecStore
import SpecSync
import Testing

/// Each commit version's changes stored as one packed blob (`version_changes`), its moves as
/// another (`version_moves`): what goes in comes out, and a damaged blob is an error in words.
struct PackedChangesTests {
    @Test func movesRoundTripAndDamageIsRefused() {
        let moves = [MoveBlock.Entry(offset: 0, view: "a", parent: "\"root\""), MoveBlock.Entry(offset: 3, view: "é", parent: nil),
                     MoveBlock.Entry(offset: 9, view: "b", parent: "\"a\"")]
        let blob = MoveBlock.encode(moves)!
        #expect(MoveBlock.decode(blob, count: 10) == moves)
        #expect(MoveBlock.decode(blob, count: 9) == nil, "an offset past the version's changes")
        for cut in 0..<blob.count { #expect(MoveBlock.decode(Array(blob[..<cut]), count: 10) == nil) }
        #expect(MoveBlock.encode([]) == nil)
    }

    @Test func aCommitStoresOneBlobAndItsMoves() throws {
        let folder = TemporaryFolder()
        let store = try Store.create(at: folder.path("s.sqlite"))
        let first = try #require(try StoreFixtures.apply(StoreFixtures.login, to: store)).version
        try StoreFixtures.set("login", "ok", .width, .number(120), in: store)
        #expect(try store.database.scalar("SELECT count(*) FROM version_changes")?.integer == 2)
        #expect(try store.database.scalar("SELECT count(*) FROM version_moves")?.integer == 1, "the set moved nothing")
        let changes = try store.changes(of: first)
        #expect(changes.count == Int(first.changeCount))
        #expect(changes.map(\.seq) == Array(first.firstSeq...first.lastSeq))
        let moves = try store.changeTable.moves(documentID: try #require(try store.documentID("login")), within: first.vector)
        #expect(moves.map(\.view).sorted() == changes.filter { $0.property == .parent }.map(\.view).sorted())
    }

    @Test func aDamagedBlobIsAnErrorInWords() throws {
        let folder = TemporaryFolder()
        let path = folder.path("s.sqlite")
        let store = try Store.create(at: path)
        let first = try #require(try StoreFixtures.apply(StoreFixtures.login, to: store)).version
        try StoreFixtures.set("login", "ok", .width, .number(120), in: store)
        try store.database.run("UPDATE version_changes SET changes = substr(changes, 1, length(changes) - 3) WHERE version = ?",
                               [.integer(first.rowID)])
        for read in [{ _ = try store.changes(of: first) }, { _ = try store.state(of: first) }, { _ = try store.payloads(after: VersionVector()) }] {
            do {
                try read()
                Issue.record("a damaged blob was read")
            } catch let error as StoreError {
                #expect("\(error)".contains("the changes of version \(first.id.hex.prefix(12)) are missing or damaged"), "\(error)")
            }
        }
    }

    /// A version or conflict row naming a site number the store does not list is damage in
    /// words for every reader of versions, never a trap; a site another process listed since
    /// the store was opened is read.
    @Test func anUnlistedSiteNumberIsAnErrorInWords() throws {
        let folder = TemporaryFolder()
        let path = folder.path("s.sqlite")
        let store = try Store.create(at: path)
        try StoreFixtures.apply(StoreFixtures.login, to: store)
        let other = try Store.open(at: path)
        try other.database.run("INSERT INTO sites (id, uuid) VALUES (77, ?)", [.blob(SiteID(high: 7, low: 7).bytes)])
        try other.database.run("UPDATE versions SET site = 77")
        #expect(try store.log(of: "login").first?.site == SiteID(high: 7, low: 7), "listed by another connection")
        try other.database.run("UPDATE versions SET site = 999")
        let reopened = try Store.open(at: path)
        for read in [{ _ = try reopened.log(of: "login") }, { _ = try reopened.head(of: "login") }] {
            do {
                try read()
                Issue.record("a version of an unlisted site was read")
            } catch let error as StoreError {
                #expect("\(error)".contains("site number 999 is named but not listed"), "\(error)")
            }
        }
    }

    /// A version row whose seq range no version can have is damage in words for the version
    /// readers and for `plumb gc`, never a trap.
    @Test(arguments: [Int64(-5), 1_000_000_000_000, Int64.max])
    func aDamagedSeqRangeIsAnErrorInWords(lastSeq: Int64) throws {
        let folder = TemporaryFolder()
        let store = try Store.create(at: folder.path("s.sqlite"))
        let first = try #require(try StoreFixtures.apply(StoreFixtures.login, to: store)).version
        try store.database.run("UPDATE versions SET last_seq = ? WHERE id = ?",
                               [.integer(lastSeq < 0 ? first.firstSeq + lastSeq : lastSeq), .integer(first.rowID)])
        #expect(throws: StoreError.self) { _ = try store.log(of: "login") }
        if lastSeq < 0 {
            #expect(throws: StoreError.self) { _ = try store.compact() }
        } else {
            _ = try? store.compact()  // the blob itself is sound: recompressing it is no trap either
        }
    }

    @Test func compactionKeepsEveryVersionAndContinuesWhereItStopped() throws {
        let folder = TemporaryFolder()
        let store = try Store.create(at: folder.path("s.sqlite"))
        try StoreFixtures.apply(StoreFixtures.login, to: store)
        for width in 1...30 { try StoreFixtures.set("login", "ok", .width, .number(Double(width)), in: store) }
        let versions = try store.log(of: "login")
        let before = try versions.map { try store.state(of: $0) }
        let report = try store.compact()
        #expect(report.recompressed >= versions.count)
        #expect(report.bytesBefore > 0 && report.bytesAfter > 0 && report.bytesAfter <= report.bytesBefore, "\(report)")
        #expect(try versions.map { try store.state(of: $0) } == before)
        #expect(try store.log(of: "login", view: "ok").count == versions.count)
        #expect(try store.compact().recompressed == 0, "a second run has nothing left to do")
        try StoreFixtures.set("login", "ok", .width, .number(99), in: store)
        #expect(try store.compact().recompressed == 2, "only the new version's blob and the head chunk it rewrote")
        #expect(try store.integrityCheck() == ["ok"])
    }

    /// `plumb gc` packs the head's chunks tighter too, every run over all of them: a commit
    /// puts back the chunk it touches at the write level, and the next run packs it again.
    @Test func compactionPacksTheHeadsChunks() throws {
        let folder = TemporaryFolder()
        let store = try Store.create(at: folder.path("s.sqlite"))
        let labels = (0..<300).map { #"{"id": "m\#($0)", "kind": "label", "text": "Label number \#($0 * 7919 % 1000)", "width": \#($0 % 37)}"# }
        try StoreFixtures.apply(StoreFixtures.spec(#"{"plumb": 1, "name": "big", "root": {"id": "root", "kind": "stack", "children": [\#(labels.joined(separator: ","))]}}"#), to: store)
        let documentID = try #require(try store.documentID("big"))
        func chunks() throws -> [Int64: [UInt8]] {
            var found: [Int64: [UInt8]] = [:]
            try store.database.query("SELECT id, data FROM head_chunks") { found[$0.int64(0)] = $0.blob(1) }
            return found
        }
        let head = try store.headTable.state(document: documentID)
        let written = try chunks()
        let report = try store.compact()
        let packed = try chunks()
        #expect(packed.keys == written.keys)
        #expect(packed.values.reduce(0) { $0 + $1.count } < written.values.reduce(0) { $0 + $1.count }, "smaller")
        #expect(report.recompressed >= packed.filter { written[$0.key] != $0.value }.count + 1)
        #expect(try store.headTable.state(document: documentID) == head)
        #expect(try store.compact().recompressed == 0, "a second run has nothing left to do")
        try StoreFixtures.set("big", "m150", .width, .number(99), in: store)
        let afterEdit = try chunks()
        #expect(afterEdit.count == packed.count && afterEdit.filter { packed[$0.key] != $0.value }.count == 1, "one edit writes one chunk again")
        #expect(try store.compact().recompressed == 2, "the new version's blob and the chunk the edit wrote")
        #expect(try chunks().values.reduce(0) { $0 + $1.count } < written.values.reduce(0) { $0 + $1.count })
        #expect(try store.integrityCheck() == ["ok"])
    }

    /// A commit that adds a view whose id comes right before one it edits: each is in the chunk
    /// once, a point lookup finds the edit, and the root candidates follow both.
    @Test func aCommitAddingAViewBeforeOneItEditsKeepsEachOnce() throws {
        let folder = TemporaryFolder()
        let store = try Store.create(at: folder.path("s.sqlite"))
        try StoreFixtures.apply(StoreFixtures.spec(#"{"plumb": 1, "name": "d", "root": {"id": "root", "kind": "stack", "children": [{"id": "m1", "kind": "label", "text": "x"}]}}"#), to: store)
        _ = try store.commit(document: "d", message: "wrap", author: "test") { _ in
            [Edit(view: "rn", property: .kind, value: "\"stack\""), Edit(view: "rn", property: .alive, value: "true"),
             Edit(view: "root", property: .parent, value: "\"rn\"")]
        }
        let documentID = try #require(try store.documentID("d"))
        let data = try #require(try store.database.scalar("SELECT data FROM head_chunks WHERE document = ?", [.integer(documentID)])?.blob)
        var chunk = DocumentState()
        #expect(try HeadChunk.decode(try #require(store.changeLog.unpackChunk(data)), site: store.sites.site(numbered:), into: &chunk))
        #expect(chunk.views.count == 3)
        var roots: [String] = []
        try store.database.query("SELECT view FROM head_roots WHERE document = ?", [.integer(documentID)]) { roots.append($0.text(0) ?? "") }
        #expect(roots == ["rn"])
        var parent: String?, root: String?
        _ = try store.commit(document: "d", message: "-", author: "test") { head -> [Edit] in
            parent = try head.value("root", .parent)
            root = try head.root()
            return []
        }
        #expect(parent == "\"rn\"" && root == "rn", "a fresh head's point lookups")
        #expect(try StoreFixtures.spec(of: "d", "head", in: store).views.map(\.id).sorted() == ["m1", "rn", "root"])
    }

    /// Seeded runs of small commits over a head of several chunks (new views among the stored
    /// ones, edits, views taken out of the tree and put back at the top): after each, the head
    /// is the fold of every change, each view is in it once, the root candidates are the fold's,
    /// and a fresh head's point lookups read what the fold holds.
    @Test(arguments: [UInt64(1), 2, 3, 4])
    func smallCommitsKeepTheHeadTheFoldOfEveryChange(seed: UInt64) throws {
        var random = StoreFixtures.SeededNumbers(seed: seed)
        func next(_ bound: Int) -> Int { random.next(bound) }
        let folder = TemporaryFolder()
        let (store, documentID) = try StoreFixtures.labels(in: folder)
        for round in 0..<30 {
            let edits: [Edit] = (0...next(9)).flatMap { _ -> [Edit] in
                let id = "m\(next(310) * 10 + 5 * next(2))"
                switch next(4) {
                case 0: return [Edit(view: id, property: .kind, value: "\"label\""), Edit(view: id, property: .alive, value: "true"),
                                Edit(view: id, property: .parent, value: "\"root\"")]
                case 1: return [Edit(view: id, property: .parent, value: next(2) == 0 ? nil : "\"root\"")]
                default: return [Edit(view: id, property: .width, value: String(round))]
                }
            }
            var seen = Set<PropertyKey>()
            let unique = edits.reversed().filter { seen.insert(PropertyKey(view: $0.view, property: $0.property)).inserted }
            _ = try store.commit(document: "d", message: "round \(round)", author: "test") { _ in unique }
            var folded = DocumentState()
            _ = try store.replay(documentID: documentID, from: VersionVector(), to: try store.documentTable.known(of: documentID), into: &folded)
            #expect(try store.headTable.state(document: documentID) == folded, "seed \(seed) round \(round)")
            var stored = 0, chunkViews = Set<String>()
            try store.database.query("SELECT data FROM head_chunks WHERE document = ?", [.integer(documentID)]) { row in
                let bytes = store.changeLog.unpackChunk(row.blob(0)) ?? []
                var chunk = DocumentState()
                let decoded = try HeadChunk.decode(bytes, site: store.sites.site(numbered:), into: &chunk)
                #expect(decoded)
                stored += chunk.views.count
                chunkViews.formUnion(chunk.views.keys)
            }
            #expect(stored == chunkViews.count, "each view in one chunk, seed \(seed) round \(round)")
            #expect(chunkViews.count == folded.views.count, "each view once, seed \(seed) round \(round)")
            var roots: [String] = []
            try store.database.query("SELECT view FROM head_roots WHERE document = ? ORDER BY view", [.integer(documentID)]) { roots.append($0.text(0) ?? "") }
            #expect(roots == folded.views.keys.filter { HeadChunks.isRootCandidate(folded.views[$0]) }.sorted(), "seed \(seed) round \(round)")
            let sample = edits.map(\.view) + ["root", "m0"]
            var found: [String: String?] = [:]
            _ = try store.commit(document: "d", message: "-", author: "test") { head -> [Edit] in
                for view in sample { found[view] = try head.value(view, .width) }
                return []
            }
            for view in sample { #expect(found[view] == .some(folded.entry(view, .width)?.value), "\(view), seed \(seed) round \(round)") }
        }
    }

    @Test func chunksSplitAndTheHeadStaysTheFoldOfEveryChange() throws {
        let folder = TemporaryFolder()
        let store = try Store.create(at: folder.path("s.sqlite"))
        let labels = (0..<1_300).map { #"{"id": "m\#($0)", "kind": "label", "text": "L\#($0)"}"# }.joined(separator: ",")
        let spec = StoreFixtures.spec(#"{"plumb": 1, "name": "big", "root": {"id": "root", "kind": "stack", "children": [\#(labels)]}}"#)
        try StoreFixtures.apply(spec, to: store)
        let documentID = try #require(try store.documentID("big"))
        #expect(try store.database.scalar("SELECT count(*) FROM head_chunks WHERE document = ?", [.integer(documentID)])?.integer
                == Int64((1_301 + HeadChunks.targetViews - 1) / HeadChunks.targetViews), "1,301 views in chunks of the target size")
        try StoreFixtures.set("big", "m700", .width, .number(7), in: store)
        try store.commit(document: "big", message: "add", author: "test") { _ in
            ["a0", "zz", "m9999"].flatMap { id in
                [Edit(view: id, property: .kind, value: "\"label\""), Edit(view: id, property: .alive, value: "true"),
                 Edit(view: id, property: .parent, value: "\"root\""), Edit(view: id, property: .order, value: "\"\(id)\"")]
            }
        }
        var folded = DocumentState()
        _ = try store.replay(documentID: documentID, from: VersionVector(), to: try store.documentTable.known(of: documentID), into: &folded)
        #expect(try store.headTable.state(document: documentID) == folded)
        #expect(try store.hasView("a0", in: "big") && store.hasView("m9999", in: "big") && !store.hasView("m9998", in: "big"))
        #expect(try store.viewIDs(of: "big").count == 1_304)
        #expect(try StoreFixtures.spec(of: "big", "head", in: store).views.count == 1_304)
        #expect(try store.database.scalar("SELECT group_concat(view) FROM head_roots WHERE document = ?", [.integer(documentID)])?.text == "root")
    }

    /// A merge writes each chunk it touches from the whole head it holds, without reading the
    /// stored chunk: what it stores is the fold of every change, cut in id order, with the
    /// root candidates following, the same head the other store wrote commit by commit.
    @Test func aMergeWritesTheChunksItTouchesFromTheWholeHead() throws {
        let folder = TemporaryFolder()
        let a = try Store.create(at: folder.path("a.sqlite")), b = try Store.create(at: folder.path("b.sqlite"))
        let labels = (0..<1_300).map { #"{"id": "m\#($0)", "kind": "label", "text": "L\#($0)"}"# }.joined(separator: ",")
        try StoreFixtures.apply(StoreFixtures.spec(#"{"plumb": 1, "name": "big", "root": {"id": "root", "kind": "stack", "children": [\#(labels)]}}"#), to: a)
        _ = try b.importVersions(try a.payloads(after: try b.knowledge()))
        // Scattered edits over most chunks, views before the first chunk and after the last,
        // one more top view (a root candidate) and the root made a child (no longer one).
        _ = try b.commit(document: "big", message: "edits", author: "test") { _ in
            stride(from: 0, to: 1_300, by: 37).map { Edit(view: "m\($0)", property: .width, value: String($0)) }
        }
        _ = try b.commit(document: "big", message: "add", author: "test") { _ in
            ["a0", "zz", "m9999"].flatMap { id in
                [Edit(view: id, property: .kind, value: id == "zz" ? "\"stack\"" : "\"label\""), Edit(view: id, property: .alive, value: "true"),
                 Edit(view: id, property: .parent, value: id == "zz" ? nil : "\"root\""), Edit(view: id, property: .order, value: "\"\(id)\"")]
            } + [Edit(view: "root", property: .parent, value: "\"zz\"")]
        }
        let report = try a.importVersions(try b.payloads(after: try a.knowledge()))
        #expect(report.versions == 2)
        let documentID = try #require(try a.documentID("big"))
        var folded = DocumentState()
        _ = try a.replay(documentID: documentID, from: VersionVector(), to: try a.documentTable.known(of: documentID), into: &folded)
        #expect(try a.headTable.state(document: documentID) == folded)
        #expect(try b.headTable.state(document: try #require(try b.documentID("big"))) == folded)
        // Each chunk holds the views from its first id to the next chunk's, at most the maximum.
        var chunks: [(first: String, ids: [String])] = []
        try a.database.query("SELECT id, first_view, data FROM head_chunks WHERE document = ? ORDER BY first_view", [.integer(documentID)]) { row in
            var state = DocumentState()
            try a.headTable.decodeChunk(rowID: row.int64(0), into: &state)
            chunks.append((row.text(1) ?? "", state.views.keys.sorted()))
        }
        #expect(chunks.allSatisfy { $0.ids.first == $0.first && $0.ids.count <= HeadChunks.maximumViews })
        #expect(chunks.flatMap(\.ids) == folded.views.keys.sorted())
        var roots: [String] = []
        try a.database.query("SELECT view FROM head_roots WHERE document = ? ORDER BY view", [.integer(documentID)]) { roots.append($0.text(0) ?? "") }
        #expect(roots == ["zz"])
        #expect(try StoreFixtures.spec(of: "big", "head", in: a).views.count == 1_304)
    }
}
