import SpecSync

/// A commit version's `parent` changes as one blob (`version_moves.moves`), so that a whole
/// tree replay (`Store.moves`) reads the moves of a document without its other changes:
///
/// ```
/// format (1)                      a byte
/// move count                      varint
/// per move (in seq order):
///   offset from the version's first seq − previous offset    varint
///   view                                                    string
///   parent                                                  varint (0 = unset, else byte count + 1) + bytes
/// ```
///
/// Stored zstd-compressed (`Compression`), like `ChangeBlock`.
package enum MoveBlock {
    static let format: UInt8 = 1

    /// One move as stored: its offset from the version's first seq and what it set.
    package struct Entry: Equatable {
        package let offset: Int
        package let view: String
        package let parent: String?
    }

    /// The blob of `moves` (offsets ascending); `nil` when there are none.
    package static func encode(_ moves: [Entry]) -> [UInt8]? {
        guard !moves.isEmpty else { return nil }
        var out = BinaryWriter(capacity: moves.count * 24 + 8)
        out.raw([format])
        out.varint(moves.count)
        var previous = 0
        for move in moves {
            out.varint(move.offset - previous)
            previous = move.offset
            out.string(move.view)
            ChangeBlock.appendValue(move.parent, to: &out)
        }
        return out.bytes
    }

    /// The moves of a blob; `nil` when it is malformed or an offset reaches `count` (the
    /// version's change count).
    package static func decode(_ bytes: [UInt8], count: Int) -> [Entry]? {
        var reader = BinaryReader(bytes: bytes)
        guard reader.take(1)?.first == format, let moveCount = reader.count(atMost: reader.remaining) else { return nil }
        var moves: [Entry] = []
        moves.reserveCapacity(moveCount)
        var offset = 0
        for _ in 0..<moveCount {
            guard let delta = reader.count(atMost: count), let view = reader.string(), let parent = ChangeBlock.readValue(&reader) else { return nil }
            offset += delta
            guard offset < count else { return nil }
            moves.append(Entry(offset: offset, view: view, parent: parent))
        }
        return reader.isAtEnd ? moves : nil
    }
}
