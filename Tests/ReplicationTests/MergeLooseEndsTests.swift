import Foundation
import LayoutSpec
import Replication
import SpecStore
import SpecSync
import Testing

/// Loose ends of issue 8, each reproduced.
@Suite struct MergeLooseEndsTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-loose-\(UUID().uuidString)")
    let now: UInt64 = 1_800_000_000_000

    @Test(arguments: [
        ["set", "login@1", "a", "width=3"], ["add", "login@1", "x", "--parent", "body"], ["rm", "login@1", "a"],
        ["mv", "login@1", "a", "--parent", "c"], ["conflicts", "login@1"], ["restore", "login@head", "a"],
    ])
    func aRevisionWhereOnlyTheHeadMakesSenseIsAUsageError(_ arguments: [String]) throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let (a, _) = Replica.pair(root: root, now: now)
        #expect(a.plumb(arguments, now: now + 1) == 64, "\(a.lastOutput)")
        #expect(a.lastOutput.contains("works on the head of login, not on a version"), "\(a.lastOutput)")
        #expect(try a.open().log(of: "login").count == 1)
    }

    @Test func waitingVersionsThatCannotBeReadAreReportedAndKept() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let (a, b) = Replica.pair(root: root, now: now)
        try b.open().database.run("INSERT INTO pending_versions (hash, payload) VALUES (?, ?)", [.blob([UInt8](repeating: 7, count: 32)), .blob([1, 2, 3])])
        #expect(a.plumb(["set", "login", "a", "width=3"], now: now + 1) == 0)
        #expect(b.plumb(["sync", a.storePath], now: now + 2) == 0)
        #expect(b.lastOutput.contains("1 waiting version this Plumb cannot read (written by a newer Plumb?), kept"), "\(b.lastOutput)")
        #expect(try b.open().database.scalar("SELECT count(*) FROM pending_versions")?.integer == 1)
        #expect(b.plumb(["sync", a.storePath, "--json"], now: now + 3) == 0)
        #expect(b.lastOutput.contains("\"unreadableWaiting\": 1"), "\(b.lastOutput)")
    }

    /// After a skipped move, `add` and `mv` place views among the siblings really there.
    @Test func placementAfterASkippedMoveUsesTheResolvedSiblings() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let (a, b) = Replica.pair(root: root, now: now)
        #expect(a.plumb(["mv", "login", "c", "--parent", "b"], now: now + 10) == 0)
        #expect(b.plumb(["mv", "login", "b", "--parent", "c"], now: now + 20) == 0)
        #expect(a.plumb(["sync", b.storePath], now: now + 30) == 0)
        // b's move under c was skipped: b stays under body (with a; the order key that move
        // wrote applies, so which comes first depends on the sites' key suffixes), c is under b.
        let before = try childrenOf("body", in: a)
        #expect(Set(before) == ["a", "b"])
        #expect(a.plumb(["add", "login", "x", "--parent", "body", "--index", "2", "--kind", "label"], now: now + 40) == 0)
        #expect(a.plumb(["add", "login", "y", "--parent", "c", "--kind", "label"], now: now + 41) == 0)
        #expect(a.plumb(["mv", "login", "title", "--parent", "body", "--index", "1"], now: now + 42) == 0)
        let after = try childrenOf("body", in: a)
        #expect(after == [before[0], "title", before[1], "x"])
        #expect(try childrenOf("c", in: a) == ["y"])
    }

    func childrenOf(_ id: String, in replica: Replica) throws -> [String] {
        let spec = try StoreReading.spec(try replica.open(), "login")
        let index = try #require(spec.views.firstIndex { $0.id == id })
        return spec.views.indices.filter { spec.parents[$0] == index }.map { spec.views[$0].id }
    }
}
