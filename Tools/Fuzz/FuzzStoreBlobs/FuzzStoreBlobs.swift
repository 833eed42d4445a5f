import Foundation
import FuzzSupport
import LayoutSpec
import SpecStore
import SpecSync

/// Fuzz target `store-blobs`: every decoder of a blob the store reads back never traps, since
/// `sync`, `clone` and `--store` read stores made elsewhere. The first byte names the blob
/// (`Blob`, taken modulo their count); the rest is the blob, after a varint change count for
/// the blobs whose reader is given one (a version's change count, from its row). Blobs stored
/// compressed are fed uncompressed to their decoder (else nearly every mutation would stop at
/// zstd), and the frames themselves are the `frame` blob. A blob that is accepted must come back
/// the same through its encoder, and a read of some of its views must match the whole read.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStoreBlobs(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let blob = Blob.allCases[Int(data[0]) % Blob.allCases.count]
    let accepted = switch blob {
    case .changeBlock: withCount(bytes, changeBlock)
    case .moveBlock: withCount(bytes, moveBlock)
    case .headChunk: headChunk(bytes)
    case .snapshot: snapshot(bytes)
    case .tree: tree(bytes)
    case .frame: withCount(bytes, frame)
    case .vector: vector(bytes)
    case .firstFormSnapshot: SchemaForms.firstFormSnapshot(bytes) != nil
    case .schemaMoves: withCount(bytes) { SchemaForms.moves($0, count: $1) != nil }
    case .schemaHeadChunk: schemaHeadChunk(bytes)
    }
    if verbose { print("\(blob): \(accepted ? "accepted" : "refused")") }
    return 0
}

/// `FUZZ_VERBOSE=1` prints what each input gave (for replays).
let verbose = ProcessInfo.processInfo.environment["FUZZ_VERBOSE"] != nil

/// What the first byte names: the stored blobs (by table and column) and the forms of earlier
/// schemas that a migration reads (`SchemaForms`).
enum Blob: UInt8, CaseIterable {
    /// `version_changes.changes`, unpacked: count, `ChangeBlock`.
    case changeBlock
    /// `version_moves.moves`, unpacked: count, `MoveBlock`.
    case moveBlock
    /// `head_chunks.data`, unpacked: `HeadChunk`.
    case headChunk
    /// `snapshots.state` as stored (`PSN2`, its pieces zstd frames).
    case snapshot
    /// `documents.tree`, `snapshots.tree`: `TreeSnapshot`.
    case tree
    /// Any compressed blob as stored: count, one zstd frame.
    case frame
    /// `versions.vector`, `versions.base`, `documents.known`: `VersionVector`.
    case vector
    /// A `PSN1` snapshot, unpacked (schema 4 and before).
    case firstFormSnapshot
    /// `version_moves.moves` of an earlier schema, unpacked: count, blob.
    case schemaMoves
    /// `head_chunks.data` and `head_recent.data` of an earlier schema, unpacked.
    case schemaHeadChunk
}

/// Calls `body` (which says whether the blob was accepted) with the blob after a leading varint
/// change count, up to the most the store takes from a row (`Store.changeCount`): the decoders
/// must bound what they allocate by the blob, not by the count.
func withCount(_ bytes: [UInt8], _ body: ([UInt8], Int) -> Bool) -> Bool {
    var reader = BinaryReader(bytes: bytes)
    guard let count = reader.count(atMost: Int(Int32.max)) else { return false }
    return body(Array(bytes[reader.offset...]), count)
}

/// Local site numbers 1 to 8 are known sites; any other is one the store does not number.
func site(_ number: Int64) -> SiteID? {
    (1...8).contains(number) ? SiteID(high: UInt64(number), low: UInt64(number)) : nil
}

func siteNumber(_ site: SiteID) -> Int64 { Int64(site.high) }

/// Some views of a read, for the partial reads: every other one, and one that is in no blob.
func someViews(_ all: [String]) -> Set<String> {
    Set(all.sorted().enumerated().filter { $0.offset % 2 == 0 }.map(\.element) + ["root", "no such view"])
}

func changeBlock(_ bytes: [UInt8], count: Int) -> Bool {
    var entries: [ChangeBlock.Entry] = []
    guard ChangeBlock.decode(bytes, count: count, { entries.append($0) }) else {
        _ = ChangeBlock.decode(bytes, count: count, views: ViewFilter(["root"])) { _ in }
        return false
    }
    let changes = entries.map { entry in
        Change(stamp: Stamp(hlc: Timestamp(rawValue: 1), site: site(1)!, seq: Int64(entry.offset) + 1), document: "fuzz",
               view: entry.view, property: entry.property, value: entry.value)
    }
    var again: [ChangeBlock.Entry] = []
    guard ChangeBlock.decode(ChangeBlock.encode(changes), count: count, { again.append($0) }), same(again, entries) else {
        fatalError("an accepted change block does not survive encoding")
    }
    let wanted = someViews(entries.map(\.view))
    var part: [ChangeBlock.Entry] = []
    guard ChangeBlock.decode(bytes, count: count, views: ViewFilter(wanted), { part.append($0) }),
          same(part, entries.filter { wanted.contains($0.view) }) else {
        fatalError("a read of some views of a change block differs from the whole read")
    }
    return true
}

func same(_ one: [ChangeBlock.Entry], _ other: [ChangeBlock.Entry]) -> Bool {
    one.count == other.count && zip(one, other).allSatisfy {
        $0.offset == $1.offset && $0.view == $1.view && $0.property == $1.property && $0.value == $1.value
    }
}

func moveBlock(_ bytes: [UInt8], count: Int) -> Bool {
    guard let moves = MoveBlock.decode(bytes, count: count) else { return false }
    let again = MoveBlock.encode(moves).flatMap { MoveBlock.decode($0, count: count) } ?? []
    guard again == moves else { fatalError("an accepted move block does not survive encoding") }
    return true
}

func headChunk(_ bytes: [UInt8]) -> Bool {
    var state = DocumentState()
    guard HeadChunk.decode(bytes, site: site, into: &state) else {
        var part = DocumentState()
        _ = HeadChunk.decode(bytes, site: site, views: ViewFilter(["root"]), into: &part)
        return false
    }
    var again = DocumentState()
    let sorted = HeadChunks.sortedViews(of: state)
    guard HeadChunk.decode(HeadChunk.encode(sorted[...], siteNumber: siteNumber), site: site, into: &again), again == state else {
        fatalError("an accepted head chunk does not survive encoding")
    }
    let wanted = someViews(Array(state.views.keys))
    var part = DocumentState()
    guard HeadChunk.decode(bytes, site: site, views: ViewFilter(wanted), into: &part), part == only(wanted, of: state) else {
        fatalError("a read of some views of a head chunk differs from the whole read")
    }
    return true
}

/// The views of `state` named in `views`.
func only(_ views: Set<String>, of state: DocumentState) -> DocumentState {
    var result = DocumentState()
    for (id, view) in state.views where views.contains(id) { result.replace(view: id, with: view) }
    return result
}

func snapshot(_ bytes: [UInt8]) -> Bool {
    let log = ChangeLog()
    _ = log.repackSnapshot(bytes, level: .chunk)
    guard let state = log.unpackSnapshot(bytes, site: site) else {
        _ = log.unpackSnapshot(bytes, site: site, views: ["root"])
        return false
    }
    guard log.unpackSnapshot(log.packSnapshot(state, siteNumber: siteNumber), site: site) == state else {
        fatalError("an accepted snapshot does not survive encoding")
    }
    // A read of some views may see less than the whole read does (it trusts each piece's id
    // range), so it is only read here, not compared.
    _ = log.unpackSnapshot(bytes, site: site, views: someViews(Array(state.views.keys)))
    return true
}

func tree(_ bytes: [UInt8]) -> Bool {
    guard let tree = TreeSnapshot.decode(bytes) else { return false }
    guard TreeSnapshot.decode(TreeSnapshot.encode(tree)) == tree else { fatalError("an accepted tree does not survive encoding") }
    return true
}

func frame(_ bytes: [UInt8], count: Int) -> Bool {
    let log = ChangeLog()
    _ = log.unpackChunk(bytes)
    guard let unpacked = log.block(bytes, count: count) else { return false }
    guard unpacked.count <= ChangeLog.limit(count: count) else { fatalError("a frame unpacked past its limit") }
    guard log.block(Compression().compress(unpacked), count: count) == unpacked else { fatalError("a frame does not survive packing") }
    return true
}

func vector(_ bytes: [UInt8]) -> Bool {
    guard let vector = VersionVector(encoded: bytes) else { return false }
    guard VersionVector(encoded: vector.encoded) == vector else { fatalError("an accepted vector does not survive encoding") }
    return true
}

func schemaHeadChunk(_ bytes: [UInt8]) -> Bool {
    var state = DocumentState()
    return SchemaForms.readHeadChunk(bytes, site: site, into: &state)
}

#if !FUZZING
@main struct Replay {
    static func main() { FuzzReplay.run(fuzzStoreBlobs) }
}
#endif
