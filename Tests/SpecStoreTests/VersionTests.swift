import Foundation
import LayoutSpec
import SpecSync
import Testing
@testable import SpecStore

@Suite struct VersionTests {
    @Test func applyMakesOneVersionAndShowGivesTheSpecBack() throws {
        let folder = TemporaryFolder()
        let store = try Store.create(at: folder.path("s.sqlite"))
        let result = try #require(try StoreFixtures.apply(StoreFixtures.login, to: store))
        #expect(result.createdDocument)
        #expect(result.version.number == 1)
        #expect(try StoreFixtures.spec(of: "login", "head", in: store) == StoreFixtures.login)
        // Re-applying the same spec changes nothing and makes no version.
        #expect(try StoreFixtures.apply(StoreFixtures.login, to: store) == nil)
        #expect(try store.log(of: "login").count == 1)
    }

    @Test func everyVersionReadsBackExactly() throws {
        let folder = TemporaryFolder()
        let store = try Store.create(at: folder.path("s.sqlite"))
        var expected: [Spec] = []
        var spec = StoreFixtures.login
        try StoreFixtures.apply(spec, to: store)
        expected.append(spec)
        for round in 1...30 {
            spec.update(2) { $0.width = Double(round) }
            if round % 7 == 0 { spec.update(1) { $0.text = "Title \(round)" } }
            try StoreFixtures.apply(spec, to: store)
            expected.append(spec)
        }
        for (offset, want) in expected.enumerated() {
            #expect(try StoreFixtures.spec(of: "login", String(offset + 1), in: store) == want)
        }
        #expect(try StoreFixtures.spec(of: "login", "head~30", in: store) == expected[0])
    }

    @Test func readsAcrossSnapshotsEqualAFullReplay() throws {
        let folder = TemporaryFolder()
        let store = try Store.create(at: folder.path("s.sqlite"))
        try StoreFixtures.apply(StoreFixtures.login, to: store)
        var generator = SystemRandomNumberGenerator()
        let views = ["title", "form", "email", "ok"]
        for round in 0..<2_600 {
            let view = views[Int(generator.next() % 4)]
            try StoreFixtures.set("login", view, .minWidth, .number(Double(round)), in: store)
        }
        let snapshots = try store.database.scalar("SELECT count(*) FROM snapshots")?.integer ?? 0
        #expect(snapshots >= 2)
        let changes = try allChanges(store)
        for number in [1, 2, 999, 1_000, 1_001, 1_500, 2_001, 2_600] {
            let version = try store.version(of: "login", revision: String(number))
            var replayed = DocumentState()
            for change in changes where version.vector.includes(site: change.site, seq: change.seq) { replayed.apply(change) }
            #expect(try store.state(of: version) == replayed, "version \(number)")
        }
    }

    @Test func revisionsByNumberTagPrefixAndHead() throws {
        let folder = TemporaryFolder()
        let store = try Store.create(at: folder.path("s.sqlite"))
        try StoreFixtures.apply(StoreFixtures.login, to: store)
        try StoreFixtures.set("login", "ok", .width, .number(120), in: store)
        try StoreFixtures.set("login", "ok", .width, .number(140), in: store)
        let second = try store.version(of: "login", revision: "2")
        try store.tag(second, as: "v1")
        #expect(try store.version(of: "login", revision: "v1") == second.with(tags: ["v1"]))
        #expect(try store.version(of: "login", revision: "head~1").number == 2)
        #expect(try store.version(of: "login", revision: String(second.id.hex.prefix(7))).number == 2)
        #expect(try store.version(of: "login", revision: "head").number == 3)
        for bad in ["0", "4", "head~3", "head~x", "nosuchtag", "abc", String(repeating: "f", count: 10)] {
            #expect(throws: StoreError.self, "\(bad)") { try store.version(of: "login", revision: bad) }
        }
        #expect(throws: StoreError.tagExists(document: "login", tag: "v1")) { try store.tag(second, as: "v1") }
        #expect(throws: StoreError.self) { try store.tag(second, as: "12") }
    }

    @Test func logWithViewListsOnlyVersionsThatTouchedIt() throws {
        let folder = TemporaryFolder()
        let store = try Store.create(at: folder.path("s.sqlite"))
        try StoreFixtures.apply(StoreFixtures.login, to: store)
        try StoreFixtures.set("login", "ok", .width, .number(120), in: store)
        try StoreFixtures.set("login", "title", .text, .string("Hi"), in: store)
        #expect(try store.log(of: "login").map(\.number) == [3, 2, 1])
        #expect(try store.log(of: "login", view: "ok").map(\.number) == [2, 1])
        #expect(try store.log(of: "login", view: "title").map(\.number) == [3, 1])
    }

    @Test func versionIdsHashTheirContent() throws {
        let folder = TemporaryFolder()
        let store = try Store.create(at: folder.path("s.sqlite"))
        let result = try #require(try StoreFixtures.apply(StoreFixtures.login, to: store))
        let version = result.version
        let rebuilt = VersionPayload(version: version.version, site: version.site, firstSeq: version.firstSeq, lastSeq: version.lastSeq,
                                     hlc: try store.changes(of: version)[0].stamp.hlc, base: version.base, changes: try store.changes(of: version))
        #expect(rebuilt.id == version.id)
        #expect(version.vector[store.site] == version.lastSeq)
        let exported = try store.payloads(after: VersionVector())
        #expect(exported.map(\.id) == [version.id])
        #expect(exported[0].verified() != nil)
    }

    @Test func aFailingPlanWritesNothing() throws {
        let folder = TemporaryFolder()
        let store = try Store.create(at: folder.path("s.sqlite"))
        try StoreFixtures.apply(StoreFixtures.login, to: store)
        struct Refusal: Error {}
        #expect(throws: Refusal.self) {
            try store.commit(document: "login", message: "x", author: "t") { _ -> [Edit] in throw Refusal() }
        }
        #expect(throws: StoreError.noDocument("nope", suggestion: nil)) {
            try store.commit(document: "nope", message: "x", author: "t") { _ in [] }
        }
        #expect(try store.log(of: "login").count == 1)
        #expect(try store.documentNames() == ["login"])
    }

    private func allChanges(_ store: Store) throws -> [Change] {
        try store.log(of: "login").flatMap { try store.changes(of: $0) }
    }
}

extension VersionRecord {
    func with(tags: [String]) -> VersionRecord {
        var copy = self
        copy.tags = tags
        return copy
    }
}
