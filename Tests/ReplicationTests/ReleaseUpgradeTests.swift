import Foundation
import LayoutSpec
import Replication
import SpecStore
import SpecSync
import Testing

/// A store and a bundle made by the release before content-addressed ids
/// (Fixtures/release-0.1.0-README.md): the store is upgraded in place, keeping what it held.
@Suite struct ReleaseUpgradeTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-upgrade-\(UUID().uuidString)")
    let now: UInt64 = 1_800_000_100_000

    /// A copy of the old store, in a folder of its own.
    func oldStore() throws -> Replica {
        try ReleaseFixtures.replica(of: "release-0.1.0-store.sqlite", in: root)
    }

    @Test func migrationRewritesIdsAndKeepsNumbersTagsConflictsAndWaitingVersions() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let replica = try oldStore()
        let oldIDs = try Database(path: replica.storePath, mode: .readOnly).ids()
        #expect(oldIDs.count == 6)
        let store = try replica.open()
        let log = try store.log(of: "login")
        #expect(log.map(\.number) == [6, 5, 4, 3, 2, 1])
        #expect(log.map(\.kind) == [.merge, .commit, .commit, .commit, .commit, .commit])
        #expect(log.first { $0.number == 1 }?.tags == ["first"])
        // Every id is its content's now, and none is the old one.
        for version in log {
            #expect(oldIDs[version.number] != version.id.hex)
            if version.kind == .merge {
                #expect(version.id == Version.mergeID(document: "login", vector: version.vector))
            }
        }
        for payload in try store.payloads(after: VersionVector()) {
            #expect(payload.verified() != nil, "version \(payload.id.short) does not hash to its id")
        }
        #expect(try store.version(of: "login", revision: "first").number == 1)
        let conflicts = try store.conflicts(of: "login")
        #expect(conflicts.map { "\($0.view).\($0.property)" } == ["title.text"])
        #expect(conflicts.first?.winner.value == "\"Hello\"")
        // The skipped move still resolves: form stays where it was, grid goes under it.
        let spec = try StoreReading.spec(store, "login")
        let parents = Dictionary(uniqueKeysWithValues: spec.views.indices.map { (spec.views[$0].id, spec.parentID(of: $0)) })
        #expect(parents["grid"] == "form")
        #expect(parents["form"] == "root")
        #expect(try store.integrityCheck() == ["ok"])

        // The format 1 bundle (no ids) still applies, and lets the waiting version in.
        #expect(replica.plumb(["bundle", "apply", try ReleaseFixtures.url("release-0.1.0-one.bundle").path], now: now) == 0, "\(replica.lastOutput)")
        #expect(replica.lastOutput.contains("applied 2 versions"), "\(replica.lastOutput)")
        let after = try StoreReading.spec(try replica.open(), "login")
        #expect(after.views.first { $0.id == "ok" }?.width == 80)
    }

    @Test func syncRefusesAnOlderPeerAndNamesTheUpgrade() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let old = try oldStore()
        let before = try Data(contentsOf: URL(fileURLWithPath: old.storePath))
        let fresh = Replica(name: "fresh", root: root)
        #expect(fresh.plumb(["init", fresh.folder.path], now: now) == 0)
        #expect(fresh.plumb(["sync", old.storePath], now: now) == 1)
        #expect(fresh.lastOutput.contains("written by an older Plumb (schema 1"), "\(fresh.lastOutput)")
        #expect(fresh.lastOutput.contains("plumb --store \(old.storePath) upgrade"), "\(fresh.lastOutput)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: old.storePath)) == before, "the peer was not touched")
        #expect(old.plumb(["upgrade"], now: now) == 0)
        #expect(old.lastOutput.contains("upgraded from schema 1 to 11"), "\(old.lastOutput)")
        #expect(old.plumb(["upgrade"], now: now) == 0)
        #expect(old.lastOutput.contains("already up to date"))
        #expect(fresh.plumb(["sync", old.storePath], now: now) == 0, "\(fresh.lastOutput)")
        #expect(try StoreReading.fingerprint(try fresh.open(), "login").show == (try StoreReading.fingerprint(try old.open(), "login").show))
    }
}

extension Database {
    /// Version ids by local number, as hex.
    func ids() throws -> [Int: String] {
        var ids: [Int: String] = [:]
        try query("SELECT number, hash FROM versions") { row in ids[Int(row.int64(0))] = Hex.encode(row.blob(1)) }
        return ids
    }
}
