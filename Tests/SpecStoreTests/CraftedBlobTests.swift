import Foundation
import LayoutSpec
import SpecSync
import Testing
@testable import SpecStore

/// Every decoder of a stored blob (`ChangeBlock`, `MoveBlock`, `HeadChunk`, `StateSnapshot`,
/// `TreeSnapshot`), fed seeded mutations of valid blobs (bytes changed, cut, inserted), returns
/// a value or refuses: it never traps or hangs, since `sync`, `clone` and `--store` read stores
/// made elsewhere.
@Suite struct CraftedBlobTests {
    static let site = SiteID(high: 7, low: 9)

    /// A small state: a few views with structure, values, an unset one.
    static func state() -> DocumentState {
        var state = DocumentState()
        for index in 0..<40 {
            let stamp = Stamp(hlc: Timestamp(rawValue: UInt64(1_000 + index)), site: site, seq: Int64(index + 1))
            state.apply(view: "v\(index)", property: .kind, DocumentState.Entry(value: "\"label\"", stamp: stamp))
            state.apply(view: "v\(index)", property: .parent, DocumentState.Entry(value: index == 0 ? nil : "\"v0\"", stamp: stamp))
            state.apply(view: "v\(index)", property: .text, DocumentState.Entry(value: index % 5 == 0 ? nil : "\"t\(index)\"", stamp: stamp))
        }
        return state
    }

    /// `blob` with a few seeded changes.
    static func mutated(_ blob: [UInt8], _ random: inout StoreFixtures.SeededNumbers) -> [UInt8] {
        var bytes = blob
        for _ in 0...random.next(3) {
            guard !bytes.isEmpty else { break }
            let at = random.next(bytes.count)
            switch random.next(4) {
            case 0: bytes[at] = UInt8(random.next(256))
            case 1: bytes.removeSubrange(at...)
            case 2: bytes.insert(UInt8(random.next(256)), at: at)
            default: bytes[at] = 0xFF
            }
        }
        return bytes
    }

    @Test func mutatedBlobsAreReadOrRefusedNeverTrapped() {
        let state = Self.state()
        let sorted = HeadChunks.sortedViews(of: state)
        let chunk = HeadChunk.encode(sorted[...]) { _ in 1 }
        let changes = sorted.prefix(10).flatMap { view in
            view.state.map { Change(stamp: $0.entry.stamp, document: "d", view: view.id, property: $0.property, value: $0.entry.value) }
        }
        let block = ChangeBlock.encode(changes)
        let moves = MoveBlock.encode(changes.enumerated().filter { $0.element.property == .parent }
            .map { MoveBlock.Entry(offset: $0.offset, view: $0.element.view, parent: $0.element.value) })!
        let log = ChangeLog()
        let snapshot = log.packSnapshot(state, siteNumber: { _ in 1 })
        var tree = TreeResolution()
        tree.advance(with: [TreeResolution.Move(view: "v3", parent: "\"v2\"", stamp: Stamp(hlc: Timestamp(rawValue: 5_000), site: Self.site, seq: 99))],
                     from: state)
        let treeBlob = TreeSnapshot.encode(tree)
        let site: (Int64) -> SiteID? = { $0 == 1 ? Self.site : nil }
        var random = StoreFixtures.SeededNumbers(seed: 35)
        var refused = 0
        for _ in 0..<2_000 {
            var into = DocumentState()
            if !HeadChunk.decode(Self.mutated(chunk, &random), site: site, into: &into) { refused += 1 }
            if !ChangeBlock.decode(Self.mutated(block, &random), count: changes.count, { _ in }) { refused += 1 }
            if MoveBlock.decode(Self.mutated(moves, &random), count: changes.count) == nil { refused += 1 }
            if log.unpackSnapshot(Self.mutated(snapshot, &random), site: site) == nil { refused += 1 }
            if log.unpackSnapshot(Self.mutated(snapshot, &random), site: site, views: ["v3", "v30"]) == nil { refused += 1 }
            if TreeSnapshot.decode(Self.mutated(treeBlob, &random)) == nil { refused += 1 }
        }
        #expect(refused > 2_000, "most mutations are refused")
        // The originals read back.
        var whole = DocumentState()
        #expect(HeadChunk.decode(chunk, site: site, into: &whole) && whole == state)
        #expect(log.unpackSnapshot(snapshot, site: site) == state)
        #expect(TreeSnapshot.decode(treeBlob) == tree)
    }

    /// A flag byte is 0 or 1: any other value is damage, not read as "none".
    @Test func aTreeFlagOtherThanZeroOrOneIsRefused() throws {
        let stamp = Stamp(hlc: Timestamp(rawValue: 5_000), site: Self.site, seq: 99)
        // No last move and an override to no value: both flags 0, the override's the last byte.
        let tree = TreeResolution(overrides: ["v3": DocumentState.Entry(value: nil, stamp: stamp)], lastMove: nil)
        let blob = TreeSnapshot.encode(tree)
        #expect(TreeSnapshot.decode(blob) == tree)
        var lastMove = blob
        lastMove[4] = 2
        #expect(TreeSnapshot.decode(lastMove) == nil)
        var present = blob
        present[present.count - 1] = 7
        #expect(TreeSnapshot.decode(present) == nil)
    }
}
