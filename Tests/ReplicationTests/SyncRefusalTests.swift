import Foundation
import LayoutSpec
import Replication
import SpecStore
import SpecSync
import Testing

/// Every refusal of the sync issue: a clear message, and nothing applied.
@Suite struct SyncRefusalTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-refusal-\(UUID().uuidString)")
    let now: UInt64 = 1_800_000_000_000

    func pair() throws -> (Replica, Replica) {
        let (a, b) = Replica.pair(root: root, now: now)
        #expect(try b.open().log(of: "login").count == 1, "the pair is set up")
        return (a, b)
    }

    @Test func changesFromAClockFarAheadAreRefused() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let (a, b) = try pair()
        #expect(b.plumb(["set", "login", "a", "text=future"], now: now + 3_600_000) == 0)
        #expect(a.plumb(["sync", b.storePath], now: now) == 1)
        #expect(a.lastOutput.contains("site \(try b.open().site.short)"))
        #expect(a.lastOutput.contains("ahead of this machine's clock"))
        #expect(try a.open().log(of: "login").count == 1)
        // Within the allowed skew (or with a larger allowance) it goes through.
        #expect(a.plumb(["sync", b.storePath, "--max-clock-skew", "7200"], now: now) == 0)
        #expect(try a.open().log(of: "login").count == 2)
    }

    @Test func aCopiedStoreIsRefusedUntilReidentified() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let (a, _) = try pair()
        let copy = Replica(name: "copy", root: root)
        try FileManager.default.createDirectory(at: copy.folder.appendingPathComponent(".plumb"), withIntermediateDirectories: true)
        try a.open().database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        try FileManager.default.copyItem(atPath: a.storePath, toPath: copy.storePath)
        #expect(copy.plumb(["set", "login", "a", "text=copy"], now: now + 1) == 0)
        #expect(copy.plumb(["sync", a.storePath], now: now + 2) == 1)
        #expect(copy.lastOutput.contains("plumb reidentify"))
        #expect(copy.lastOutput.contains("plumb clone"))
        // A bundle from the copy carries changes under a's site that a never made.
        let bundle = root.appendingPathComponent("copy.bundle").path
        #expect(copy.plumb(["bundle", "create", "-o", bundle], now: now + 3) == 0)
        #expect(a.plumb(["bundle", "apply", bundle], now: now + 4) == 1)
        #expect(a.lastOutput.contains("one is a copy of the other"))
        #expect(try a.open().log(of: "login").count == 1)
        #expect(copy.plumb(["reidentify"], now: now + 5) == 0)
        #expect(copy.plumb(["set", "login", "a", "text=copy2"], now: now + 6) == 0)
        // The copy's old edit (under a's id, seq 2) still contradicts nothing a holds: a never used seq 2.
        #expect(copy.plumb(["sync", a.storePath], now: now + 7) == 1, "the first copy edit is still under a's site id")
    }

    @Test func contradictingChangesUnderOneSiteAndSeqAreRefused() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let (a, c) = try pair()
        let copy = Replica(name: "copy", root: root)
        try FileManager.default.createDirectory(at: copy.folder.appendingPathComponent(".plumb"), withIntermediateDirectories: true)
        try a.open().database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        try FileManager.default.copyItem(atPath: a.storePath, toPath: copy.storePath)
        #expect(a.plumb(["set", "login", "a", "text=original"], now: now + 1) == 0)
        #expect(copy.plumb(["set", "login", "a", "text=impostor"], now: now + 1) == 0)
        #expect(c.plumb(["sync", a.storePath], now: now + 2) == 0)
        let bundle = root.appendingPathComponent("impostor.bundle").path
        #expect(copy.plumb(["bundle", "create", "-o", bundle], now: now + 3) == 0)
        let before = try c.open().log(of: "login").count
        #expect(c.plumb(["bundle", "apply", bundle], now: now + 4) == 1)
        #expect(c.lastOutput.contains("differ from the ones this store holds"))
        #expect(try c.open().log(of: "login").count == before)
    }

    /// A copy that wrote on and passed its changes to a third store: the original and the third
    /// store hold different changes under one (site, seq), and sync must refuse, not go quiet.
    @Test func aCopysChangesReachingAThirdStoreAreCaught() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let (a, third) = try pair()
        let copy = Replica(name: "copy", root: root)
        try FileManager.default.createDirectory(at: copy.folder.appendingPathComponent(".plumb"), withIntermediateDirectories: true)
        try a.open().database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        try FileManager.default.copyItem(atPath: a.storePath, toPath: copy.storePath)
        #expect(copy.plumb(["set", "login", "a", "text=copy"], now: now + 1) == 0)
        #expect(third.plumb(["sync", copy.storePath], now: now + 2) == 0)
        #expect(a.plumb(["set", "login", "a", "text=original"], now: now + 3) == 0)
        #expect(a.plumb(["sync", third.storePath], now: now + 4) == 1)
        #expect(a.lastOutput.contains("differ from the ones this store holds"), "\(a.lastOutput)")
    }

    @Test func damagedBundlesAreRefused() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let (a, b) = try pair()
        #expect(a.plumb(["set", "login", "a", "text=bundled"], now: now + 1) == 0)
        let file = root.appendingPathComponent("good.bundle").path
        #expect(a.plumb(["bundle", "create", "-o", file], now: now + 2) == 0)
        let good = try Array(Data(contentsOf: URL(fileURLWithPath: file)))
        var flipped = good
        flipped[good.count / 2] ^= 0x40
        var newer = BinaryWriter()
        newer.raw(BundleFile.magic)
        newer.varint(BundleFile.formatVersion + 1)
        newer.raw([UInt8](repeating: 0, count: 64))
        newer.raw(SHA256.hash(newer.bytes))
        let cases: [([UInt8], String)] = [
            (Array(good.prefix(good.count - 10)), "damaged"),
            (Array(good.prefix(9)), "cut short"),
            (flipped, "checksum"),
            (newer.bytes, "newer Plumb"),
            (Array("hello".utf8), "not a Plumb bundle"),
        ]
        for (bytes, message) in cases {
            let path = root.appendingPathComponent("bad.bundle").path
            _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
            #expect(b.plumb(["bundle", "apply", path], now: now + 3) == 1)
            #expect(b.lastOutput.contains(message), "\(message): \(b.lastOutput)")
        }
        #expect(try b.open().log(of: "login").count == 1)
        #expect(b.plumb(["bundle", "apply", file], now: now + 4) == 0)
        #expect(try b.open().log(of: "login").count == 2)
    }
}

@Suite struct OverlappingVersionTests {
    /// Two versions of one site claiming the same seq, in one transfer: a contradiction, refused
    /// with the sync message (not a database error), nothing applied.
    @Test func overlappingVersionsInOneTransferAreRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-overlap-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = try Store.create(at: folder.appendingPathComponent("s.sqlite").path)
        let site = SiteID(high: 7, low: 7)
        func payload(_ first: Int64, _ last: Int64) -> VersionPayload {
            let hlc = Timestamp(milliseconds: store.clock(), counter: 0)
            let changes = (first...last).map { seq in
                Change(stamp: Stamp(hlc: hlc, site: site, seq: seq), document: "d", view: "v\(seq)", property: .width, value: String(first))
            }
            var vector = VersionVector()
            vector[site] = last
            let version = Version(document: "d", vector: vector, kind: .commit, message: "m\(first)", author: "a", time: 0)
            return VersionPayload(version: version, site: site, firstSeq: first, lastSeq: last, hlc: hlc, base: VersionVector(), changes: changes)
        }
        #expect(throws: SyncError.contradiction(site: site, seq: 2)) {
            try store.importVersions([payload(1, 2), payload(2, 3)])
        }
        #expect(try store.documentNames().isEmpty)
    }
}
