import LayoutSpec
import SpecSync

/// The text `plumb show` prints (the nested shape) for a snapshot's version, kept beside the
/// snapshot (`snapshot_texts`): a read of a later version that changed plain properties only is
/// this text with those views written again (`SpecCodec.rewriteText`), not a whole state
/// decoded, projected and written, as git reads a version by inflating its blob.
///
/// Stored as a header (`magic`, the newest clock among the snapshot's entries, the byte count
/// of the kept text and that of the text it stands for, 8 bytes each, big-endian), then the
/// text as `SpecCodec.writeKeptText` keeps it (each line's indentation as a count: a third of
/// the bytes to inflate, search and hold) in one zstd frame with its checksum
/// (`ChangeLog.packText`). The form names the writer: a change to what `SpecEncoder` writes
/// for a state, or to how it is kept, changes the form, and a text of another form is not read
/// (the whole state is). `PTX1`, the first form, kept the text itself.
enum SnapshotText {
    static let magic = Array("PTX2".utf8)
    /// The form, the newest clock, the kept text's byte count and the text's.
    static let headerSize = magic.count + 24

    /// What a stored text's header says, and where its frame starts.
    struct Header {
        var newest: UInt64, count: UInt64, shown: UInt64
    }

    static func header(newest: UInt64, count: Int, shown: Int) -> [UInt8] {
        func bigEndian(_ value: UInt64) -> [UInt8] { withUnsafeBytes(of: value.bigEndian, Array.init) }
        return magic + bigEndian(newest) + bigEndian(UInt64(count)) + bigEndian(UInt64(shown))
    }

    /// Whether the blob is a text of the form this Plumb reads.
    static func isCurrentForm(_ blob: [UInt8]) -> Bool { blob.starts(with: magic) }

    /// The first form, `PTX1`: the newest clock and the text's byte count, then the text itself
    /// (not kept) in one frame. `plumb gc` keeps it again in this form.
    static let firstMagic = Array("PTX1".utf8)

    /// A text of the first form: its newest clock, its byte count and where its frame starts;
    /// `nil` when the blob is not one or is cut short.
    static func firstFormHeader(of blob: [UInt8]) -> (newest: UInt64, count: UInt64, frame: Int)? {
        guard blob.count > firstMagic.count + 16, blob.starts(with: firstMagic) else { return nil }
        func bigEndian(at offset: Int) -> UInt64 { blob[offset ..< offset + 8].reduce(0) { $0 << 8 | UInt64($1) } }
        return (bigEndian(at: firstMagic.count), bigEndian(at: firstMagic.count + 8), firstMagic.count + 16)
    }

    /// The header of a blob of the current form; `nil` when it is cut short.
    static func header(of blob: [UInt8]) -> Header? {
        guard blob.count > headerSize, isCurrentForm(blob) else { return nil }
        func bigEndian(at offset: Int) -> UInt64 { blob[offset ..< offset + 8].reduce(0) { $0 << 8 | UInt64($1) } }
        return Header(newest: bigEndian(at: magic.count), count: bigEndian(at: magic.count + 8), shown: bigEndian(at: magic.count + 16))
    }

    /// The newest clock among the state's entries: a change newer than it wins over every
    /// value the text shows.
    static func newestClock(of state: DocumentState) -> UInt64 {
        var newest: UInt64 = 0
        for (_, entries) in state.views {
            for (_, entry) in entries { newest = max(newest, entry.stamp.hlc.rawValue) }
        }
        return newest
    }

    /// The views of the state as a spec, when a reader may take their nested text for its
    /// version's: `nil` when the document has no root view, has detached views (a read warns
    /// of each) or nests deeper than the nested shape goes (a read shows it flat).
    static func views(name: String, raw: DocumentState, tree: TreeResolution) -> Materializer.Views? {
        let document = ResolvedDocument(name: name, raw: raw, tree: tree)
        guard document.projection.detached.isEmpty,
              let views = try? Materializer.views(named: name, projection: document.projection),
              views.depth <= SpecCodec.maxNestingDepth else { return nil }
        return views
    }
}
