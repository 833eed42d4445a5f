import Foundation
import Replication
import SpecStore
import SpecSync
import Testing

/// A store's name (`plumb site name`) travels with sync, bundles and clones, the later name
/// winning everywhere, and conflicts name stores by it (issue 37).
@Suite struct SiteNameSyncTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-site-names-\(UUID().uuidString)")
    let now: UInt64 = 1_800_000_000_000

    @Test func aNameTravelsBySyncBundleAndCloneAndTheLaterOneWins() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let (a, b) = Replica.pair(root: root, now: now)
        let site = try a.open().site
        #expect(a.plumb(["site", "name", "Anna's laptop"], now: now + 10) == 0, "\(a.lastOutput)")
        #expect(try b.open().name(of: site) == nil)
        #expect(b.plumb(["sync", a.storePath], now: now + 20) == 0)
        #expect(try b.open().name(of: site) == "Anna's laptop")

        // A later rename reaches a store by bundle; a clone carries every name.
        #expect(a.plumb(["site", "name", "Anna's desk"], now: now + 30) == 0)
        let bundle = root.appendingPathComponent("a.plumb").path
        #expect(a.plumb(["bundle", "create", "-o", bundle], now: now + 31) == 0)
        #expect(try BundleFile(decoding: Array(try Data(contentsOf: URL(fileURLWithPath: bundle)))).names.map(\.name) == ["Anna's desk"])
        #expect(b.plumb(["bundle", "apply", bundle], now: now + 32) == 0, "\(b.lastOutput)")
        #expect(try b.open().name(of: site) == "Anna's desk")
        let c = Replica(name: "c", root: root)
        #expect(b.plumb(["clone", b.folder.path, c.folder.path], now: now + 33) == 0)
        #expect(try c.open().name(of: site) == "Anna's desk")

        // An older name, arriving late, changes nothing; a cleared name passes on as cleared.
        #expect(try b.open().importSiteNames([SiteName(site: site, name: "Anna's laptop", time: Int64(now + 10))]) == 0)
        #expect(try b.open().name(of: site) == "Anna's desk")
        #expect(a.plumb(["site", "name", ""], now: now + 40) == 0)
        #expect(a.plumb(["sync", b.storePath], now: now + 41) == 0)
        #expect(try b.open().name(of: site) == nil)
        #expect(b.plumb(["site", "list"], now: now + 42) == 0)
        #expect(b.lastOutput.contains("\(site.short)  (no name)"), "\(b.lastOutput)")
    }

    @Test func aNameSetOnAMachineWhoseClockIsBehindStillWins() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let (a, b) = Replica.pair(root: root, now: now)
        #expect(a.plumb(["site", "name", "first"], now: now + 1_000) == 0)
        // The clock went back: the new name is still later than the one it replaces.
        #expect(a.plumb(["site", "name", "second"], now: now) == 0)
        #expect(b.plumb(["sync", a.storePath], now: now + 2_000) == 0)
        #expect(try b.open().name(of: try a.open().site) == "second")
    }

    @Test func namesThatCannotNameAStoreAreRefusedInWords() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let (a, _) = Replica.pair(root: root, now: now)
        for (name, words) in [(" padded", "space"), ("tab\there", "control"), (String(repeating: "x", count: 65), "64 bytes")] {
            #expect(a.plumb(["site", "name", name], now: now + 1) == 1)
            #expect(a.lastOutput.contains(words), "\(a.lastOutput)")
        }
        #expect(try a.open().siteNames().isEmpty, "nothing stored")
        // A bundle carrying such a name is refused whole, as any damaged bundle.
        let bundle = BundleFile(creator: try a.open().site, knowledge: VersionVector(), documents: [], payloads: [],
                                names: [SiteName(site: try a.open().site, name: "bad\u{7}", time: 1)])
        #expect(throws: BundleError.corrupt("site names")) { try BundleFile(decoding: bundle.encoded()) }
    }

    @Test func conflictsNameStoresAndOneConflictCanBeDismissed() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let (a, b) = Replica.pair(root: root, now: now)
        #expect(a.plumb(["site", "name", "Anna's laptop"], now: now + 1) == 0)
        #expect(b.plumb(["site", "name", "CI box"], now: now + 2) == 0)
        // One person on two stores: each side is named by its store.
        a.author = "anna"
        b.author = "anna"
        #expect(a.plumb(["set", "login", "a", "text=from a"], now: now + 10) == 0)
        #expect(b.plumb(["set", "login", "a", "text=from b"], now: now + 20) == 0)
        #expect(b.plumb(["set", "login", "title", "text=also b"], now: now + 21) == 0)
        #expect(a.plumb(["set", "login", "title", "text=also a"], now: now + 22) == 0)
        #expect(a.plumb(["sync", b.storePath], now: now + 30) == 0)
        let listing = try conflicts(a)
        #expect(listing.contains("(anna on CI box, ") && listing.contains("(anna on Anna's laptop, "), "\(listing)")
        #expect(try a.open().openConflictCount(of: "login") == 2)

        #expect(a.plumb(["conflicts", "login", "--dismiss", "nowhere"], now: now + 40) == 1)
        #expect(a.lastOutput.contains("no open conflict of nowhere; open: a.text, title.text"), "\(a.lastOutput)")
        #expect(try a.open().openConflictCount(of: "login") == 2, "nothing settled")
        #expect(a.plumb(["conflicts", "login", "--dismiss", "a.text"], now: now + 41) == 0, "\(a.lastOutput)")
        #expect(try a.open().openConflictCount(of: "login") == 1)
        let after = try conflicts(a)
        #expect(after.contains("[dismissed on Anna's laptop, "), "\(after)")
        #expect(a.plumb(["conflicts", "login", "--dismiss", "a.text"], now: now + 42) == 1, "already settled")
        #expect(a.plumb(["sync", b.storePath], now: now + 50) == 0)
        #expect(try b.open().openConflictCount(of: "login") == 1, "the dismissal travels")
    }

    private func conflicts(_ replica: Replica) throws -> String {
        #expect(replica.plumb(["conflicts", "login"], now: now + 100) == 0)
        return replica.lastOutput
    }
}
