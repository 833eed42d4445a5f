import LayoutSpec
import SpecSync

/// The stored form of a `DocumentState` in the `snapshots` table.
///
/// ```
/// magic `PSN2`                                        4 bytes
/// view count                                          varint
/// pieces of up to `pieceViews` views, ascending id order, each:
///   the least and the greatest of its ids, as bytes    varint length, bytes (twice)
///   its `HeadChunk` blob, packed (one zstd frame)      varint length, bytes
/// ```
///
/// The views are stored as the head is (`HeadChunk`: a property table, ids sharing their
/// prefixes, stamps as differences, sites by local number), and each piece is compressed on its
/// own, so a reader of a few views unpacks and decodes only the pieces whose id range holds one
/// of them. The first form (`PSN1`) is rewritten in this one by migration 0008.
enum StateSnapshot {
    static let magic: [UInt8] = Array("PSN2".utf8)
    /// Views a piece holds: a reader of one view of 100,000 unpacks a hundredth of the snapshot,
    /// and a piece is large enough to compress nearly as well as the whole.
    static let pieceViews = 1_024

    /// The snapshot of a state's `views` (`HeadChunks.sortedViews`), each piece's chunk packed by
    /// `pack`. `siteNumber` maps a stamp's site to the store's local number.
    static func encode(_ views: [(id: String, state: ViewState)], siteNumber: (SiteID) -> Int64,
                       pack: ([UInt8]) -> [UInt8]) -> [UInt8] {
        var out = BinaryWriter()
        out.raw(magic)
        out.varint(views.count)
        for start in stride(from: 0, to: views.count, by: pieceViews) {
            let piece = views[start..<min(start + pieceViews, views.count)]
            let ids = piece.map { Array($0.id.utf8) }
            writePiece(least: ids.min { $0.lexicographicallyPrecedes($1) }![...], greatest: ids.max { $0.lexicographicallyPrecedes($1) }![...],
                       packed: pack(HeadChunk.encode(piece, siteNumber: siteNumber)), to: &out)
        }
        return out.bytes
    }

    private static func writePiece(least: ArraySlice<UInt8>, greatest: ArraySlice<UInt8>, packed: [UInt8], to out: inout BinaryWriter) {
        for bytes in [least, greatest, packed[...]] {
            out.varint(bytes.count)
            out.raw(bytes)
        }
    }

    /// One piece of a `PSN2` snapshot: its least and greatest ids, its packed chunk.
    typealias Piece = (least: ArraySlice<UInt8>, greatest: ArraySlice<UInt8>, packed: ArraySlice<UInt8>)

    /// The pieces of a `PSN2` snapshot, in order; `nil` when the framing is malformed.
    static func pieces(_ blob: [UInt8]) -> (viewCount: UInt64, pieces: [Piece])? {
        var reader = BinaryReader(bytes: blob)
        guard reader.take(4) == magic[...], let viewCount = reader.varint() else { return nil }
        var pieces: [Piece] = []
        while !reader.isAtEnd {
            guard let leastLength = reader.count(atMost: reader.remaining), let least = reader.take(leastLength),
                  let greatestLength = reader.count(atMost: reader.remaining), let greatest = reader.take(greatestLength),
                  let length = reader.count(atMost: reader.remaining), let packed = reader.take(length) else { return nil }
            pieces.append((least, greatest, packed))
        }
        return (viewCount, pieces)
    }

    /// Room for the views of a snapshot that says it holds `viewCount` in `pieces` pieces: no
    /// more than the pieces can hold, whatever it says.
    static func room(viewCount: UInt64, pieces: Int) -> Int {
        Int(min(viewCount, UInt64(pieces) * UInt64(pieceViews), 1 << 20))
    }

    /// The state a `PSN2` snapshot holds; with `views`, only those views' entries (pieces whose
    /// id range holds none are not unpacked, the other views of a piece skipped, not decoded).
    /// `unpack` gives a piece's chunk from what is stored; `site` maps a local site number to its
    /// id. `nil` when the snapshot is damaged or names a site the store does not know.
    static func decode(_ blob: [UInt8], site: (Int64) throws -> SiteID?, views: Set<String>? = nil,
                       unpack: ([UInt8]) -> [UInt8]?) rethrows -> DocumentState? {
        guard let (viewCount, pieces) = pieces(blob) else { return nil }
        guard let views else {
            var state = DocumentState(capacity: room(viewCount: viewCount, pieces: pieces.count))
            return try decode(pieces[...], site: site, unpack: unpack, into: &state) && holdsAll(state, viewCount) ? state : nil
        }
        let filter = ViewFilter(views)
        // The wanted ids as bytes, in byte order, for the pieces' ranges.
        let sortedWanted = views.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
        var state = DocumentState()
        for piece in pieces where holds(sortedWanted, from: piece.least, through: piece.greatest) {
            guard let chunk = unpack(Array(piece.packed)), try HeadChunk.decode(chunk, site: site, views: filter, into: &state) else { return nil }
        }
        return state
    }

    /// Folds every view of `pieces` into `state`; false when one is damaged or names a site
    /// `site` does not know.
    static func decode(_ pieces: ArraySlice<Piece>, site: (Int64) throws -> SiteID?, unpack: ([UInt8]) -> [UInt8]?,
                       into state: inout DocumentState) rethrows -> Bool {
        for piece in pieces {
            guard let chunk = unpack(Array(piece.packed)), try HeadChunk.decode(chunk, site: site, into: &state) else { return false }
        }
        return true
    }

    /// Whether a snapshot read whole holds the views it says it holds (each in one piece, each
    /// with an entry).
    static func holdsAll(_ state: DocumentState, _ viewCount: UInt64) -> Bool {
        UInt64(state.views.count) == viewCount
    }

    /// A `PSN2` snapshot with each piece packed again by `repack` (`plumb gc`); `nil` when it is
    /// not one, or damaged.
    static func repacked(_ blob: [UInt8], _ repack: ([UInt8]) -> [UInt8]?) -> [UInt8]? {
        guard let (viewCount, pieces) = pieces(blob) else { return nil }
        var out = BinaryWriter(capacity: blob.count)
        out.raw(magic)
        out.varint(viewCount)
        for piece in pieces {
            guard let packed = repack(Array(piece.packed)) else { return nil }
            writePiece(least: piece.least, greatest: piece.greatest, packed: packed, to: &out)
        }
        return out.bytes
    }

    /// Whether one of `ids` (in byte order) lies in `least ... greatest`.
    private static func holds(_ ids: [[UInt8]], from least: ArraySlice<UInt8>, through greatest: ArraySlice<UInt8>) -> Bool {
        // The first id not below `least`, by bisection.
        var low = 0, high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle].lexicographicallyPrecedes(least) { low = middle + 1 } else { high = middle }
        }
        return low < ids.count && !greatest.lexicographicallyPrecedes(ids[low])
    }
}
