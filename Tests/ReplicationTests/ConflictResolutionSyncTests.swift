import Foundation
import LayoutSpec
import Replication
import SpecStore
import SpecSync
import Testing

/// What was done about a conflict (kept, restored, dismissed) leaves the open count in the
/// store that did it and travels with sync to every store that holds the conflict: store to
/// store, by bundle, and to a store that records the conflict only later.
@Suite struct ConflictResolutionSyncTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-resolutions-\(UUID().uuidString)")
    let now: UInt64 = 1_800_000_000_000

    /// a and b set `a.text` concurrently and sync both ways: both hold the conflict (b's later
    /// write wins, a's loses). `c`, a clone taken before, has neither write.
    private func conflicted() throws -> (Replica, Replica, Replica) {
        let (a, b) = Replica.pair(root: root, now: now)
        let c = Replica(name: "c", root: root)
        #expect(a.plumb(["clone", a.folder.path, c.folder.path], now: now) == 0)
        #expect(a.plumb(["set", "login", "a", "text=from a"], now: now + 10) == 0)
        #expect(b.plumb(["set", "login", "a", "text=from b"], now: now + 20) == 0)
        #expect(a.plumb(["sync", b.storePath], now: now + 30) == 0)
        #expect(try a.open().openConflictCount(of: "login") == 1)
        #expect(try b.open().openConflictCount(of: "login") == 1)
        return (a, b, c)
    }

    private func key(_ store: Store) throws -> ConflictResolution.Key {
        ConflictResolution.Key(try #require(try store.conflicts(of: "login").first))
    }

    @Test func aKeepInOneStoreSettlesTheConflictInTheOtherAfterSync() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let (a, b, _) = try conflicted()
        let store = try a.open()
        try store.settle([try key(store)], as: .kept)
        #expect(try store.openConflictCount(of: "login") == 0)
        #expect(try b.open().openConflictCount(of: "login") == 1, "b has not synced yet")

        let report = try StoreSync.sync(local: try b.open(), remote: try a.open())
        #expect(report.resolutionsReceived == 1 && report.resolutionsSent == 0)
        let other = try b.open()
        #expect(try other.openConflictCount(of: "login") == 0)
        let shown = try #require(try other.resolutions(of: "login")[try key(other)])
        #expect(shown.state == .kept && shown.site == store.site, "b shows a's keep, by a")
        #expect(try other.conflicts(of: "login").count == 1, "still listed, marked")

        // Syncing again adds nothing: a grow-only set.
        let again = try StoreSync.sync(local: try b.open(), remote: try a.open())
        #expect(again.resolutionsReceived == 0 && again.resolutionsSent == 0)
    }

    @Test func aDismissTravelsByBundleAndBothDismissalsEndEqualEverywhere() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let (a, b, _) = try conflicted()
        // Both dismiss it independently, then a's bundle reaches b and b's store reaches a.
        try a.open().settle([try key(try a.open())], as: .dismissed)
        try b.open().settle([try key(try b.open())], as: .dismissed)
        let bundle = root.appendingPathComponent("a.plumb").path
        #expect(a.plumb(["bundle", "create", "-o", bundle], now: now + 40) == 0)
        let decoded = try BundleFile(decoding: Array(try Data(contentsOf: URL(fileURLWithPath: bundle))))
        #expect(decoded.resolutions.count == 1 && decoded.resolutions[0].state == .dismissed)
        #expect(b.plumb(["bundle", "apply", bundle], now: now + 41) == 0, "\(b.lastOutput)")
        #expect(try b.open().conflictResolutions().count == 2)
        _ = try StoreSync.sync(local: try a.open(), remote: try b.open())
        #expect(Set(try a.open().conflictResolutions()) == Set(try b.open().conflictResolutions()))
        #expect(try a.open().resolutions(of: "login") == (try b.open().resolutions(of: "login")), "both show the same one")
    }

    @Test func aResolutionThatArrivesBeforeItsConflictSettlesItWhenItIsRecorded() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let (a, b, c) = try conflicted()
        try a.open().settle([try key(try a.open())], as: .dismissed)
        // c gets a's resolutions first (a bundle of nothing new but them)...
        let state = root.appendingPathComponent("c-state.json").path
        #expect(c.plumb(["state", "-o", state], now: now + 40) == 0)
        let bundle = root.appendingPathComponent("resolutions.plumb").path
        #expect(a.plumb(["bundle", "create", "-o", bundle, "--since", state], now: now + 41) == 0)
        #expect(c.plumb(["bundle", "apply", bundle], now: now + 42) == 0, "\(c.lastOutput)")
        #expect(try c.open().conflictResolutions().count == 1)
        // ...then c makes its own concurrent write and syncs with b: c records its own loss
        // and b's, and a's dismissal settles the one it names.
        #expect(c.plumb(["set", "login", "a", "text=from c"], now: now + 15) == 0)
        #expect(c.plumb(["sync", b.storePath], now: now + 50) == 0, "\(c.lastOutput)")
        let store = try c.open()
        let conflicts = try store.conflicts(of: "login")
        let dismissed = try key(try a.open())
        #expect(conflicts.contains { ConflictResolution.Key($0) == dismissed }, "c holds a's conflict: \(conflicts)")
        #expect(try store.openConflictCount(of: "login") == conflicts.count - 1, "all but the dismissed one are open")
    }

    @Test func dismissAllIsPassedOnAsDismissals() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let (a, b, _) = try conflicted()
        #expect(a.plumb(["conflicts", "login", "--clear"], now: now + 40) == 0)
        #expect(try a.open().conflicts(of: "login").isEmpty)
        #expect(a.plumb(["sync", b.storePath], now: now + 50) == 0)
        #expect(try b.open().openConflictCount(of: "login") == 0)
        #expect(try b.open().resolutions(of: "login").values.map(\.state) == [.dismissed])
    }
}
