import LayoutSpec
import SpecSync

/// The stored form of commit versions' changes: each version's changes as one compressed
/// `ChangeBlock` (`version_changes`), and its moves again as one compressed `MoveBlock`
/// (`version_moves`) when it has any. Owns the compression contexts, reused for every blob.
package final class ChangeLog {
    private let compression = Compression()

    package init() {}

    /// The blobs of one version's changes (in seq order, consecutive from `firstSeq`): the
    /// changes, and the moves among them (`nil` when none).
    func pack<Changes: RandomAccessCollection<Change>>(_ changes: Changes, firstSeq: Int64, level: Compression.Level = .write)
        -> (changes: [UInt8], moves: [UInt8]?) where Changes.Index == Int {
        var moves: [MoveBlock.Entry] = []
        for change in changes where change.property == .parent {
            moves.append(MoveBlock.Entry(offset: Int(change.seq - firstSeq), view: change.view, parent: change.value))
        }
        return (compression.compress(ChangeBlock.encode(changes), level: level),
                MoveBlock.encode(moves).map { compression.compress($0, level: level) })
    }

    /// The uncompressed `ChangeBlock` of a stored blob of `count` changes; `nil` when damaged.
    package func block(_ blob: [UInt8], count: Int) -> [UInt8]? {
        compression.decompress(blob, limit: Self.limit(count: count))
    }

    /// Calls `body` with each change of a stored blob of `count` changes (of `views` only, when
    /// given), in seq order; false when the blob is damaged (then `body` may have seen some).
    func unpack(_ blob: [UInt8], count: Int, views: ViewFilter? = nil, _ body: (ChangeBlock.Entry) throws -> Void) rethrows -> Bool {
        guard let block = block(blob, count: count) else { return false }
        return try ChangeBlock.decode(block, count: count, views: views, body)
    }

    /// The moves of a stored `version_moves` blob of a version of `count` changes; `nil` when damaged.
    func unpackMoves(_ blob: [UInt8], count: Int) -> [MoveBlock.Entry]? {
        compression.decompress(blob, limit: Self.limit(count: count)).flatMap { MoveBlock.decode($0, count: count) }
    }

    /// The same bytes as a frame compressed at `level` (`plumb gc`); `nil` when damaged.
    func recompress(_ blob: [UInt8], count: Int, level: Compression.Level) -> [UInt8]? {
        compression.decompress(blob, limit: Self.limit(count: count)).map { compression.compress($0, level: level) }
    }

    /// A head chunk's bytes as stored: one zstd frame.
    func packChunk(_ bytes: [UInt8], level: Compression.Level = .chunk) -> [UInt8] {
        compression.compress(bytes, level: level)
    }

    /// The `HeadChunk` bytes of a stored chunk; `nil` when damaged.
    package func unpackChunk(_ blob: [UInt8]) -> [UInt8]? {
        compression.decompress(blob, limit: Self.snapshotLimit)
    }

    /// A state's snapshot as stored (`StateSnapshot`): each piece's chunk one zstd frame, so the
    /// uncompressed snapshot is never all held.
    package func packSnapshot(_ state: DocumentState, siteNumber: (SiteID) -> Int64, level: Compression.Level = .write) -> [UInt8] {
        StateSnapshot.encode(HeadChunks.sortedViews(of: state), siteNumber: siteNumber) { compression.compress($0, level: level) }
    }

    /// The state a stored snapshot holds (with `views`, only those views' entries); `nil` when
    /// it is damaged or names a site `site` does not know.
    package func unpackSnapshot(_ blob: [UInt8], site: (Int64) throws -> SiteID?, views: Set<String>? = nil) rethrows -> DocumentState? {
        try StateSnapshot.decode(blob, site: site, views: views) { unpackChunk($0) }
    }

    /// The largest snapshot piece or head chunk a reader unpacks: a million views' state is
    /// about 250 MB.
    package static let snapshotLimit = 1 << 30

    /// A stored snapshot with each piece packed again at `level` (`plumb gc`); `nil` when damaged.
    package func repackSnapshot(_ blob: [UInt8], level: Compression.Level) -> [UInt8]? {
        StateSnapshot.repacked(blob) { piece in unpackChunk(piece).map { compression.compress($0, level: level) } }
    }

    /// The most bytes `count` changes can take unpacked (each at most a view id, a property
    /// index and a value of `Change.maxValueBytes`), so that a damaged size in a frame's
    /// header cannot make a reader allocate more.
    package static func limit(count: Int) -> Int {
        guard count > 0 else { return 0 }
        let perChange = Change.maxValueBytes + 4_096
        return count >= (1 << 31) / perChange ? 1 << 31 : count * perChange + 4_096
    }
}
