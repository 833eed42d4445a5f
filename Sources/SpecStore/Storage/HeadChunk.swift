import LayoutSpec
import SpecSync

/// The head state of some views of a document, as one blob (`head_chunks.data`): every
/// property's winning value with its stamp, for views with consecutive ids. The store keeps a
/// document's head as chunks of up to `HeadChunks.maximumViews` views, zstd-compressed, so that
/// editing one view rewrites one small chunk and the whole head is one copy, compressed.
///
/// ```
/// format (1)                                  a byte
/// property count, then each property's name   varint, strings
/// view count                                  varint
/// per view (ascending id):
///   id: bytes shared with the previous id, then the rest    varint, string
///   entry count                                             varint
///   per entry: property index, site (local number),         varints
///              seq − previous entry's seq, hlc − previous    zigzag varints
///              value                                        varint (0 = unset, else byte count + 1) + bytes
/// ```
///
/// Entries written by one version share their clock and have near seqs, so the deltas are
/// small and compress well.
package enum HeadChunk {
    static let format: UInt8 = 1

    /// The blob of `views` (sorted by id, each with at least one entry). `siteNumber` maps a
    /// stamp's site to the store's local number.
    package static func encode(_ views: ArraySlice<(id: String, state: ViewState)>, siteNumber: (SiteID) -> Int64) -> [UInt8] {
        var table = PropertyTable()
        var body = BinaryWriter(capacity: views.count * 64)
        var previousID: [UInt8] = []
        var previousSeq: Int64 = 0, previousHLC: Int64 = 0
        // Runs of entries by one site are the rule: its number is looked up once a run.
        var lastSite: SiteID?, lastNumber: Int64 = 0
        for (id, state) in views {
            let bytes = Array(id.utf8)
            var shared = 0
            while shared < min(bytes.count, previousID.count) && bytes[shared] == previousID[shared] { shared += 1 }
            body.varint(shared)
            body.varint(bytes.count - shared)
            body.raw(bytes[shared...])
            previousID = bytes
            body.varint(state.count)
            for (property, entry) in state {
                if entry.stamp.site != lastSite {
                    lastSite = entry.stamp.site
                    lastNumber = siteNumber(entry.stamp.site)
                }
                let hlc = Int64(bitPattern: entry.stamp.hlc.rawValue)
                body.varint(table.code(for: property))
                body.varint(UInt64(lastNumber))
                body.signed(entry.stamp.seq &- previousSeq)
                body.signed(hlc &- previousHLC)
                previousSeq = entry.stamp.seq
                previousHLC = hlc
                ChangeBlock.appendValue(entry.value, to: &body)
            }
        }
        var out = BinaryWriter(capacity: body.bytes.count + table.properties.count * 16 + 8)
        table.writeHeader(format: format, to: &out)
        out.varint(views.count)
        out.raw(body.bytes)
        return out.bytes
    }

    /// Folds the chunk's entries into `state` (with `views`, only those views': the others are
    /// stepped over, their values not read, as `ChangeBlock.decode` does); false when the blob
    /// is malformed or names a site or property this store does not know (then `state` may hold
    /// part of the chunk).
    package static func decode(_ bytes: [UInt8], site: (Int64) throws -> SiteID?, views: ViewFilter? = nil,
                       into state: inout DocumentState) rethrows -> Bool {
        var reader = BinaryReader(bytes: bytes)
        guard let properties = PropertyTable.readHeader(format: format, from: &reader),
              let viewCount = reader.count(atMost: reader.remaining) else { return false }
        var previousID: [UInt8] = []
        var previousSeq: Int64 = 0
        var previousHLC: Int64 = 0
        // Runs of entries by one site are the rule: its id is looked up once a run.
        var lastNumber = UInt64.max, lastSite: SiteID?
        for _ in 0..<viewCount {
            guard let shared = reader.count(atMost: previousID.count), let rest = reader.count(atMost: reader.remaining),
                  let tail = reader.take(rest) else { return false }
            previousID.removeSubrange(shared...)
            previousID.append(contentsOf: tail)
            guard let entryCount = reader.count(atMost: reader.remaining) else { return false }
            if let views, !views.contains(previousID[...]) {
                for _ in 0..<entryCount {
                    guard reader.count(atMost: properties.count - 1) != nil, let number = reader.varint(), number <= UInt64(Int64.max),
                          let seqDelta = reader.signed(), let hlcDelta = reader.signed(), ChangeBlock.skipValue(&reader) else { return false }
                    previousSeq = previousSeq &+ seqDelta
                    previousHLC = previousHLC &+ hlcDelta
                }
                continue
            }
            guard let id = String(validatingUTF8Bytes: previousID) else { return false }
            // A view's entries are folded in together (one lookup of the view, not one per
            // entry), in an array of their own that the state keeps.
            var entries: [(property: Property, entry: DocumentState.Entry)] = []
            entries.reserveCapacity(min(entryCount, Property.count))
            for _ in 0..<entryCount {
                guard let code = reader.count(atMost: properties.count - 1), let number = reader.varint(),
                      number <= UInt64(Int64.max) else { return false }
                if number != lastNumber {
                    lastNumber = number
                    lastSite = try site(Int64(number))
                }
                guard let siteID = lastSite, let seqDelta = reader.signed(), let hlcDelta = reader.signed(),
                      let value = ChangeBlock.readValue(&reader) else { return false }
                previousSeq = previousSeq &+ seqDelta
                previousHLC = previousHLC &+ hlcDelta
                let stamp = Stamp(hlc: Timestamp(rawValue: UInt64(bitPattern: previousHLC)), site: siteID, seq: previousSeq)
                entries.append((properties[code], DocumentState.Entry(value: value, stamp: stamp)))
            }
            if !entries.isEmpty { state.apply(view: id, entries: entries) }
        }
        return reader.isAtEnd
    }
}
