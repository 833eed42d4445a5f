import Foundation
import LayoutSpec
import Replication
import SpecStore
import SpecSync
import Testing

@Suite struct SyncBehaviourTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-sync-\(UUID().uuidString)")
    let now: UInt64 = 1_800_000_000_000

    func pair() throws -> (Replica, Replica) {
        let (a, b) = Replica.pair(root: root, now: now)
        #expect(try b.open().log(of: "login").count == 1, "the pair is set up")
        return (a, b)
    }

    @Test func concurrentMovesThatWouldMakeACycleEndInOneTreeEverywhere() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let (a, b) = try pair()
        // a puts c under b; b puts b under c. Either alone is fine; together they are a cycle.
        #expect(a.plumb(["mv", "login", "c", "--parent", "b"], now: now + 10) == 0)
        #expect(b.plumb(["mv", "login", "b", "--parent", "c"], now: now + 20) == 0)
        #expect(a.plumb(["sync", b.storePath], now: now + 30) == 0)
        let left = try StoreReading.fingerprint(try a.open(), "login")
        let right = try StoreReading.fingerprint(try b.open(), "login")
        #expect(left.head == right.head)
        #expect(left.show == right.show)
        // The later move (b under c, stamp now+20) would close the cycle, so it is skipped:
        // c stays under b, and b stays where it was (under body).
        let spec = try StoreReading.spec(try a.open(), "login")
        let parent = Dictionary(uniqueKeysWithValues: spec.views.indices.map { (spec.views[$0].id, spec.parentID(of: $0)) })
        #expect(parent["c"] == "b")
        #expect(parent["b"] == "body")
        #expect(spec.count == 9, "no view lost")
    }

    @Test func concurrentEditsMergeAndTheLoserIsListed() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let (a, b) = try pair()
        #expect(a.plumb(["set", "login", "a", "text=from a", "width=10"], now: now + 10) == 0)
        #expect(b.plumb(["set", "login", "a", "text=from b"], now: now + 20) == 0)
        #expect(b.plumb(["set", "login", "title", "height=30"], now: now + 21) == 0)
        #expect(a.plumb(["sync", b.storePath], now: now + 30) == 0)
        let spec = try StoreReading.spec(try a.open(), "login")
        let view = try #require(spec.views.first { $0.id == "a" })
        #expect(view.text == "from b")
        #expect(view.width == 10, "a's unrelated edit is kept")
        #expect(spec.views.first { $0.id == "title" }?.height == 30)
        #expect(a.plumb(["conflicts", "login", "--json"], now: now + 31) == 0)
        let conflicts = try JSONParser.parse(a.lastOutput)
        guard case .array(let list) = conflicts else { Issue.record("not an array"); return }
        #expect(list.count == 1)
        #expect(list.first?["view"] == .string("a"))
        #expect(list.first?["property"] == .string("text"))
        #expect(list.first?["winner"]?["value"] == .string("from b"))
        #expect(list.first?["loser"]?["value"] == .string("from a"))
        #expect(list.first?["loser"]?["site"] == .string(try a.open().site.hex))
        #expect(a.plumb(["conflicts", "login", "--clear"], now: now + 32) == 0)
        #expect(a.plumb(["conflicts", "login", "--json"], now: now + 33) == 0)
        #expect(try JSONParser.parse(a.lastOutput) == .array([]))
    }

    @Test func syncingBackAndForthDoesNotPileUpMergeVersions() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let (a, b) = try pair()
        #expect(a.plumb(["set", "login", "a", "width=1"], now: now + 10) == 0)
        #expect(b.plumb(["set", "login", "b", "width=2"], now: now + 11) == 0)
        for step in 0..<4 { #expect(a.plumb(["sync", b.storePath], now: now + 20 + UInt64(step)) == 0) }
        for step in 0..<4 { #expect(b.plumb(["sync", a.storePath], now: now + 30 + UInt64(step)) == 0) }
        let left = try a.open().log(of: "login"), right = try b.open().log(of: "login")
        #expect(left.count == 4, "initial, two edits, one merge")
        #expect(left.filter { $0.kind == .merge }.count == 1)
        #expect(left.first?.id == right.first?.id)
    }

    @Test func bundlesOutOfOrderWaitThenApply() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let (a, b) = try pair()
        let first = root.appendingPathComponent("1.bundle").path, second = root.appendingPathComponent("2.bundle").path
        let state = root.appendingPathComponent("state.json").path
        #expect(a.plumb(["set", "login", "a", "width=1"], now: now + 10) == 0)
        #expect(b.plumb(["state", "-o", state], now: now + 11) == 0)
        #expect(a.plumb(["bundle", "create", "-o", first, "--since", state], now: now + 12) == 0)
        #expect(a.plumb(["state", "-o", state], now: now + 13) == 0)
        #expect(a.plumb(["set", "login", "a", "width=2"], now: now + 14) == 0)
        #expect(a.plumb(["bundle", "create", "-o", second, "--since", state], now: now + 15) == 0)
        #expect(b.plumb(["bundle", "apply", second], now: now + 20) == 0)
        #expect(b.lastOutput.contains("1 version waiting for earlier ones"))
        #expect(try b.open().log(of: "login").count == 1)
        #expect(b.plumb(["bundle", "apply", first], now: now + 21) == 0)
        #expect(try b.open().log(of: "login").count == 3)
        #expect(b.plumb(["bundle", "apply", first], now: now + 22) == 0)
        #expect(b.lastOutput.contains("already here"))
        #expect(try StoreReading.fingerprint(try a.open(), "login").show == (try StoreReading.fingerprint(try b.open(), "login").show))
    }

    @Test func aVersionReadsTheSameEverywhere() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let (a, b) = try pair()
        #expect(a.plumb(["set", "login", "a", "width=1"], now: now + 10) == 0)
        #expect(b.plumb(["set", "login", "b", "width=2"], now: now + 11) == 0)
        #expect(b.plumb(["sync", a.storePath], now: now + 20) == 0)
        let storeA = try a.open(), storeB = try b.open()
        for version in try storeA.log(of: "login") {
            let there = try storeB.version(of: "login", revision: String(version.id.hex.prefix(12)))
            #expect(try storeA.state(of: version) == (try storeB.state(of: there)))
        }
    }
}
