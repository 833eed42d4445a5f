import LayoutSpec
@testable import SpecStore
import SpecSync
import Testing

/// The store's blobs: a version's changes (`ChangeBlock`), the head's chunks (`HeadChunk`) and
/// their compression round-trip, and damaged blobs are refused, never trapped on.
struct StorageCodecTests {
    let site = SiteID(high: 0x0102_0304_0506_0708, low: 42)
    let other = SiteID(high: 0xFFFF_0000_0000_0001, low: 7)

    func changes() -> [Change] {
        let hlc = Timestamp(milliseconds: 1_764_489_600_000, counter: 3)
        let edits: [(String, Property, String?)] = [
            ("root", .kind, "\"view\""), ("root", .alive, "true"), ("ok", .kind, "\"button\""), ("ok", .text, "\"Sign in ✓\""),
            ("ok", .marginTop, "12"), ("ok", .backgroundColor, nil), ("root", .width, "375"), ("é-view", .text, "\"\""),
        ]
        return edits.enumerated().map { offset, edit in
            Change(stamp: Stamp(hlc: hlc, site: site, seq: 40 + Int64(offset)), document: "login", view: edit.0, property: edit.1, value: edit.2)
        }
    }

    @Test func aVersionsChangesRoundTrip() throws {
        let original = changes()
        let blob = ChangeBlock.encode(original)
        var decoded: [ChangeBlock.Entry] = []
        #expect(ChangeBlock.decode(blob, count: original.count) { decoded.append($0) })
        #expect(decoded.map(\.offset) == Array(0..<original.count))
        #expect(decoded.map(\.view) == original.map(\.view))
        #expect(decoded.map(\.property) == original.map(\.property))
        #expect(decoded.map(\.value) == original.map(\.value))
    }

    /// Read for some views only, a block gives what the whole decode gives for them, at the same
    /// offsets, and refuses the same damage in the runs it steps over.
    @Test(arguments: [Set<String>(), ["ok"], ["é-view", "root"], ["missing"]])
    func aBlockReadForSomeViewsMatchesTheWholeDecode(views: Set<String>) {
        let original = changes()
        let blob = ChangeBlock.encode(original)
        var decoded: [ChangeBlock.Entry] = []
        #expect(ChangeBlock.decode(blob, count: original.count, views: ViewFilter(views)) { decoded.append($0) })
        let expected = original.enumerated().filter { views.contains($0.element.view) }
        #expect(decoded.map(\.offset) == expected.map(\.offset))
        #expect(decoded.map(\.view) == expected.map(\.element.view))
        #expect(decoded.map(\.value) == expected.map(\.element.value))
        #expect(!ChangeBlock.decode(blob, count: original.count + 1, views: ViewFilter(views)) { _ in })
        for cut in 0..<blob.count {
            #expect(!ChangeBlock.decode(Array(blob[..<cut]), count: original.count, views: ViewFilter(views)) { _ in })
        }
    }

    /// Many wanted ids of one length are found by hash; ids of other lengths or bytes are not.
    @Test func aViewFilterFindsExactlyItsViews() {
        let many = Set((0..<50).map { "v\($0 + 10)" })
        let filter = ViewFilter(many.union(["é-view", "x"]))
        for id in many.union(["é-view", "x"]) { #expect(filter.contains(Array(id.utf8)[...])) }
        for id in ["v9", "v60", "é-vie", "y", "", "a-much-longer-view-id"] { #expect(!filter.contains(Array(id.utf8)[...])) }
    }

    @Test func aBlockWithAnotherCountOrDamageIsRefused() {
        let original = changes()
        let blob = ChangeBlock.encode(original)
        #expect(!ChangeBlock.decode(blob, count: original.count - 1) { _ in })
        #expect(!ChangeBlock.decode(blob, count: original.count + 1) { _ in })
        for cut in 0..<blob.count {
            #expect(!ChangeBlock.decode(Array(blob[..<cut]), count: original.count) { _ in })
        }
        var unknown = blob
        if let index = unknown.firstIndex(of: UInt8(ascii: "k")) { unknown[index] = UInt8(ascii: "q") }  // "kind" → "qind"
        #expect(!ChangeBlock.decode(unknown, count: original.count) { _ in })
    }

    func state() -> DocumentState {
        var state = DocumentState()
        for change in changes() { state.apply(change) }
        state.apply(view: "ok", property: .width, DocumentState.Entry(value: "80", stamp: Stamp(hlc: Timestamp(rawValue: 5), site: other, seq: 2)))
        for index in 0..<300 {
            state.apply(view: "n\(index)", property: .height, DocumentState.Entry(value: String(index), stamp: Stamp(hlc: Timestamp(rawValue: 9), site: site, seq: Int64(index))))
        }
        return state
    }

    @Test func headChunksRoundTrip() {
        let original = state()
        let sorted = original.views.sorted { $0.key < $1.key }.map { (id: $0.key, state: $0.value) }
        let numbers: [SiteID: Int64] = [site: 1, other: 2]
        let sites: [Int64: SiteID] = [1: site, 2: other]
        var decoded = DocumentState()
        for start in stride(from: 0, to: sorted.count, by: 100) {
            let blob = HeadChunk.encode(sorted[start..<min(start + 100, sorted.count)]) { numbers[$0]! }
            #expect(HeadChunk.decode(blob, site: { sites[$0] }, into: &decoded))
        }
        #expect(decoded == original)
    }

    @Test func aDamagedChunkIsRefused() {
        let sorted = state().views.sorted { $0.key < $1.key }.map { (id: $0.key, state: $0.value) }
        let blob = HeadChunk.encode(sorted[...]) { $0 == site ? 1 : 2 }
        for cut in stride(from: 0, to: blob.count, by: 7) {
            var state = DocumentState()
            #expect(!HeadChunk.decode(Array(blob[..<cut]), site: { $0 == 1 ? site : other }, into: &state))
        }
        var state = DocumentState()
        #expect(!HeadChunk.decode(blob, site: { $0 == 1 ? site : nil }, into: &state), "an unknown site")
    }

    @Test func compressionRoundTripsAndRefusesDamageAndHugeClaims() {
        let compression = Compression()
        let raw = ChangeBlock.encode(changes() + changes() + changes())
        let frame = compression.compress(raw)
        #expect(compression.decompress(frame, limit: raw.count) == raw)
        #expect(compression.decompress(frame, limit: raw.count - 1) == nil, "over the limit")
        #expect(compression.decompress(Array(frame.dropLast()), limit: 1 << 20) == nil)
        #expect(compression.decompress([1, 2, 3, 4, 5, 6, 7, 8], limit: 1 << 20) == nil)
        #expect(compression.decompress(compression.compress(raw, level: .compact), limit: raw.count) == raw)
    }

    /// An empty frame decodes to nothing, from two threads at once too (ThreadSanitizer watches
    /// for writes into the shared empty storage), and a damaged one is still refused.
    @Test func anEmptyFrameIsNothingAndStillChecked() async {
        let frame = Compression().compress([])
        #expect(!frame.isEmpty)
        await withTaskGroup(of: [UInt8]?.self) { group in
            for _ in 0..<2 { group.addTask { Compression().decompress(frame, limit: 0) } }
            for await bytes in group { #expect(bytes == []) }
        }
        #expect(Compression().decompress(Array(frame.dropLast()), limit: 0) == nil)
    }

    @Test func aSnapshotPackedInPiecesReadsBackWhole() throws {
        var big = state()
        for index in 0..<(5 * StateSnapshot.pieceViews) {
            big.apply(view: "wide\(index)", property: .text,
                      DocumentState.Entry(value: "\"" + String(repeating: "w", count: 40) + "\"", stamp: Stamp(hlc: Timestamp(rawValue: 11), site: other, seq: Int64(index))))
        }
        let numbers: [SiteID: Int64] = [site: 1, other: 2]
        let sites: [Int64: SiteID] = [1: site, 2: other]
        var pieces = 0
        _ = StateSnapshot.encode(HeadChunks.sortedViews(of: big), siteNumber: { numbers[$0]! }) { pieces += 1; return $0 }
        #expect(pieces == 6, "pieces of \(StateSnapshot.pieceViews) views, each packed on its own")
        let log = ChangeLog()
        let blob = log.packSnapshot(big, siteNumber: { numbers[$0]! })
        #expect(log.unpackSnapshot(blob, site: { sites[$0] }) == big)
        #expect(log.unpackSnapshot(blob, site: { _ in nil }) == nil, "a site the store does not number")
        // A reader of a few views gets theirs, from whichever piece holds them.
        let few = try #require(log.unpackSnapshot(blob, site: { sites[$0] }, views: ["ok", "wide5000", "absent", "wide5000a", "zz"]))
        #expect(few.views.count == 2)
        #expect(few.value("ok", .width) == "80")
        #expect(few.value("wide5000", .text) == big.value("wide5000", .text))
        // Any few views, read alone, are what the whole state holds of them.
        let ids = big.views.keys.sorted()
        for round in 0..<20 {
            let chosen = Set((0..<(round % 6)).map { ids[($0 * 997 + round * 131) % ids.count] })
            let read = try #require(log.unpackSnapshot(blob, site: { sites[$0] }, views: chosen))
            #expect(Set(read.views.keys) == chosen)
            for id in chosen { #expect(read.views[id] == big.views[id]) }
        }
        // Packed again tighter (`plumb gc`), it holds the same.
        let compact = try #require(log.repackSnapshot(blob, level: .compact))
        #expect(compact.count < blob.count)
        #expect(log.unpackSnapshot(compact, site: { sites[$0] }) == big)
        // Cut short, with a byte more, or with a piece's frame damaged, it is refused.
        #expect(log.unpackSnapshot(Array(blob.dropLast()), site: { sites[$0] }) == nil)
        #expect(log.unpackSnapshot(blob + [0], site: { sites[$0] }) == nil)
        #expect(log.unpackSnapshot(StateSnapshot.magic + [0x05], site: { sites[$0] }) == nil, "five views said, none there")
        #expect(log.unpackSnapshot(StateSnapshot.magic + [0x00], site: { sites[$0] }) == DocumentState(), "no view at all")
        var damaged = blob
        damaged[damaged.count - 8] ^= 0xFF
        #expect(log.unpackSnapshot(damaged, site: { sites[$0] }) == nil)
        let firstPiece = try #require(StateSnapshot.pieces(blob)?.pieces.first)
        var early = blob
        early[firstPiece.packed.endIndex - 8] ^= 0xFF
        #expect(log.unpackSnapshot(early, site: { sites[$0] }) == nil, "a damaged first piece")
        #expect(log.repackSnapshot(damaged, level: .compact) == nil)
    }

    /// A first-form (`PSN1`) snapshot of one entry, `root.width = 12`, by `site`.
    func firstFormSnapshot(siteIndex: UInt64, seq: UInt64) -> [UInt8] {
        var out = BinaryWriter()
        out.raw(Array("PSN1".utf8))
        out.varint(1)
        out.raw(site.bytes)
        out.varint(1)
        out.string("root")
        out.varint(1)
        out.string("width")
        out.varint(siteIndex)
        out.varint(seq)
        out.varint(5)
        out.raw([1])
        out.string("12")
        return out.bytes
    }

    /// A snapshot of the first form (`PSN1`), as migration 0008 reads it (`SchemaForms`), whose
    /// entry names a site index or a seq too large for an integer is refused, not trapped on
    /// (the varints read as 64-bit unsigned numbers).
    @Test(arguments: [(UInt64.max, UInt64(1)), (UInt64(0), UInt64.max), (UInt64(1) << 63, UInt64(1))])
    func aSnapshotWithOutOfRangeNumbersIsRefused(siteIndex: UInt64, seq: UInt64) {
        #expect(SchemaForms.firstFormSnapshot(firstFormSnapshot(siteIndex: 0, seq: 1))?.value("root", .width) == "12",
                "the same bytes with sane numbers read")
        #expect(SchemaForms.firstFormSnapshot(firstFormSnapshot(siteIndex: siteIndex, seq: seq)) == nil)
    }
}
