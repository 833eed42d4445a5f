import Foundation
import LayoutSpec
import Replication
import SpecStore
import SpecSync
import Testing

/// A version whose content does not match its id is refused on every transport, naming it, and
/// nothing is applied: store to store, a hand-edited bundle, and (HubTests) a tampered hub row.
@Suite struct ContentIDRefusalTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-content-id-\(UUID().uuidString)")
    let now: UInt64 = 1_800_000_000_000

    @Test func aPeerStoreWithAChangedRowIsRefused() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let (a, b) = Replica.pair(root: root, now: now)
        #expect(b.plumb(["set", "login", "a", "text=honest"], now: now + 1) == 0)
        let id = try b.open().head(of: "login").id
        try b.open().forgeStoredValue(#""honest""#, as: #""forged""#)
        #expect(a.plumb(["sync", b.storePath], now: now + 2) == 1)
        #expect(a.lastOutput.contains("version \(id.short) of site \(try b.open().site.short) does not match its content"), "\(a.lastOutput)")
        #expect(a.lastOutput.contains("Nothing was applied"))
        #expect(try a.open().log(of: "login").count == 1)
    }

    /// A clone refused half-way leaves no store that would block `init` or another clone there.
    @Test func aCloneOfAChangedStoreIsRefusedAndLeavesNothing() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let (a, b) = Replica.pair(root: root, now: now)
        #expect(b.plumb(["set", "login", "a", "text=honest"], now: now + 1) == 0)
        try b.open().forgeStoredValue(#""honest""#, as: #""forged""#)
        let target = root.appendingPathComponent("copy").path
        #expect(a.plumb(["clone", b.folder.path, target], now: now + 2) == 1)
        #expect(a.lastOutput.contains("does not match its content"), "\(a.lastOutput)")
        #expect(!FileManager.default.fileExists(atPath: target))
        #expect(a.plumb(["init", target], now: now + 3) == 0, "\(a.lastOutput)")
    }

    @Test func aHandEditedBundleIsRefused() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let (a, b) = Replica.pair(root: root, now: now)
        #expect(a.plumb(["set", "login", "a", "text=honest"], now: now + 1) == 0)
        let file = root.appendingPathComponent("edited.bundle").path
        #expect(a.plumb(["bundle", "create", "-o", file], now: now + 2) == 0)
        // Change one value and write the bundle again with a valid checksum, keeping the ids.
        var bundle = try BundleFile(decoding: Array(try Data(contentsOf: URL(fileURLWithPath: file))))
        let last = bundle.payloads.removeLast()
        let changes = last.changes.map { change in
            Change(stamp: change.stamp, document: change.document, view: change.view, property: change.property,
                   value: change.value == "\"honest\"" ? "\"forged\"" : change.value)
        }
        bundle.payloads.append(VersionPayload(version: last.version, site: last.site, firstSeq: last.firstSeq, lastSeq: last.lastSeq,
                                              hlc: last.hlc, base: last.base, changes: changes, claimedID: last.id))
        _ = FileManager.default.createFile(atPath: file, contents: Data(bundle.encoded()))
        #expect(b.plumb(["bundle", "apply", file], now: now + 3) == 1)
        #expect(b.lastOutput.contains("version \(last.id.short) of site \(last.site.short) in the bundle does not match its content"), "\(b.lastOutput)")
        #expect(try b.open().log(of: "login").count == 1)
    }

    @Test func anOlderBundleWithoutIdsStillApplies() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let (a, b) = Replica.pair(root: root, now: now)
        #expect(a.plumb(["set", "login", "a", "text=old format"], now: now + 1) == 0)
        let bundle = try BundleFile.make(from: try a.open(), since: try b.open().knowledge())
        var out = BinaryWriter()
        out.raw(BundleFile.magic)
        out.varint(UInt64(1))
        out.raw(bundle.creator.bytes)
        out.varint(bundle.knowledge.sorted.count)
        for (site, seq) in bundle.knowledge.sorted { out.raw(site.bytes); out.varint(UInt64(seq)) }
        out.varint(0)
        let pack = VersionPack.encode(bundle.payloads, layout: .withoutIDs)
        out.varint(pack.count)
        out.raw(pack)
        out.raw(SHA256.hash(out.bytes))
        let file = root.appendingPathComponent("format1.bundle").path
        _ = FileManager.default.createFile(atPath: file, contents: Data(out.bytes))
        #expect(b.plumb(["bundle", "apply", file], now: now + 2) == 0, "\(b.lastOutput)")
        #expect(try b.open().head(of: "login").id == (try a.open().head(of: "login").id))
    }
}
