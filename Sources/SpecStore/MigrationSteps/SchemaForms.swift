import LayoutSpec
import SpecSync

/// The blob forms and id hashes that the migration steps read and write, copied as they stood at
/// schema 8, so that a change to a live codec (`ChangeBlock`, `MoveBlock`, `HeadChunk`,
/// `StateSnapshot`, `TreeSnapshot`, `VersionPayload.contentID`) never changes what an old
/// migration writes, as GRDB's migrations are frozen SQL. Every step from schema 2 to 8 writes
/// these forms, so they share this one copy; a step that must write another form gets a copy of
/// its own. Never edit what is here: a new form is a new migration and a new copy.
package enum SchemaForms {
    // MARK: Version ids (schema 2)

    /// The id of a commit version: SHA-256 of `str("plumb-commit-2") str(document) site
    /// u64(first) u64(last) u64(hlc) u64(time) str(message) str(author) vec(base) u32(count)`,
    /// then per change `u64(seq) str(view) str(property)` and `0x00` or `0x01 str(value)`.
    static func commitID(document: String, site: SiteID, first: Int64, last: Int64, hlc: Timestamp, time: Int64,
                         message: String, author: String, base: VersionVector, changes: [Change]) -> VersionID {
        var out: [UInt8] = []
        func u32(_ value: UInt32) { for shift in stride(from: 24, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) } }
        func u64(_ value: UInt64) { u32(UInt32(truncatingIfNeeded: value >> 32)); u32(UInt32(truncatingIfNeeded: value)) }
        func string(_ text: String) { u32(UInt32(text.utf8.count)); out += text.utf8 }
        func siteID(_ id: SiteID) { u64(id.high); u64(id.low) }
        string("plumb-commit-2"); string(document); siteID(site)
        u64(UInt64(bitPattern: first)); u64(UInt64(bitPattern: last)); u64(hlc.rawValue); u64(UInt64(bitPattern: time))
        string(message); string(author)
        u32(UInt32(base.sorted.count))
        for entry in base.sorted { siteID(entry.site); u64(UInt64(bitPattern: entry.seq)) }
        u32(UInt32(truncatingIfNeeded: changes.count))
        for change in changes {
            u64(UInt64(bitPattern: change.seq)); string(change.view); string(change.property.rawValue)
            if let value = change.value { out.append(1); string(value) } else { out.append(0) }
        }
        return VersionID(bytes: SHA256.hash(out))
    }

    /// The id of a merge version: SHA-256 of `str("plumb-merge-2") str(document) vec(vector)`.
    static func mergeID(document: String, vector: VersionVector) -> VersionID {
        var out: [UInt8] = []
        func u32(_ value: UInt32) { for shift in stride(from: 24, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) } }
        func u64(_ value: UInt64) { u32(UInt32(truncatingIfNeeded: value >> 32)); u32(UInt32(truncatingIfNeeded: value)) }
        for text in ["plumb-merge-2", document] { u32(UInt32(text.utf8.count)); out += text.utf8 }
        u32(UInt32(vector.sorted.count))
        for entry in vector.sorted { u64(entry.site.high); u64(entry.site.low); u64(UInt64(bitPattern: entry.seq)) }
        return VersionID(bytes: SHA256.hash(out))
    }

    // MARK: Shared pieces: a value, a property table

    /// A value: 0 for unset, else its byte count + 1 and its bytes.
    static func writeValue(_ value: String?, to out: inout BinaryWriter) {
        guard let value else { out.varint(0); return }
        out.varint(value.utf8.count + 1)
        out.raw(value.utf8)
    }

    static func readValue(_ reader: inout BinaryReader) -> String?? {
        guard let tag = reader.count(atMost: reader.remaining + 1) else { return nil }
        if tag == 0 { return .some(nil) }
        guard let raw = reader.take(tag - 1), !raw.contains(0), let text = String(validatingUTF8Bytes: raw) else { return nil }
        return .some(text)
    }

    /// Format byte 1, the property count, then each property's name; entries name a property by
    /// its index, in the order first used.
    static func header(_ properties: [Property], to out: inout BinaryWriter) {
        out.raw([1])
        out.varint(properties.count)
        for property in properties { out.string(property.rawValue) }
    }

    static func readHeader(_ reader: inout BinaryReader) -> [Property]? {
        guard reader.take(1)?.first == 1, let count = reader.count(atMost: reader.remaining) else { return nil }
        var properties: [Property] = []
        for _ in 0..<count {
            guard let name = reader.string(), let property = Property.named(name) else { return nil }
            properties.append(property)
        }
        return properties
    }

    /// The index of `property` in `table`, added on first use.
    static func code(_ property: Property, in table: inout [Property]) -> Int {
        if let index = table.firstIndex(of: property) { return index }
        table.append(property)
        return table.count - 1
    }

    // MARK: Packed changes (schema 3): `version_changes`, `version_moves`

    /// A version's changes (seq order): the header, the run count, per run of one view its id
    /// and change count, per change its property index and value.
    static func changeBlock(_ changes: [Change]) -> [UInt8] {
        var table: [Property] = [], body = BinaryWriter(), runs = 0, index = 0
        while index < changes.count {
            var end = index + 1
            while end < changes.count && changes[end].view == changes[index].view { end += 1 }
            runs += 1
            body.string(changes[index].view)
            body.varint(end - index)
            for change in changes[index..<end] {
                body.varint(code(change.property, in: &table))
                writeValue(change.value, to: &body)
            }
            index = end
        }
        var out = BinaryWriter()
        header(table, to: &out)
        out.varint(runs)
        out.raw(body.bytes)
        return out.bytes
    }

    /// A move: its offset from the version's first seq, the view, the parent it set.
    package typealias Move = (offset: Int, view: String, parent: String?)

    /// A version's moves: format 1, the count, per move the offset's difference from the last,
    /// the view and the value; `nil` when there is none.
    static func moveBlock(_ moves: [Move]) -> [UInt8]? {
        guard !moves.isEmpty else { return nil }
        var out = BinaryWriter()
        out.raw([1])
        out.varint(moves.count)
        var previous = 0
        for move in moves {
            out.varint(move.offset - previous)
            previous = move.offset
            out.string(move.view)
            writeValue(move.parent, to: &out)
        }
        return out.bytes
    }

    package static func moves(_ bytes: [UInt8], count: Int) -> [Move]? {
        var reader = BinaryReader(bytes: bytes)
        guard reader.take(1)?.first == 1, let moveCount = reader.count(atMost: reader.remaining) else { return nil }
        var moves: [Move] = [], offset = 0
        for _ in 0..<moveCount {
            guard let delta = reader.count(atMost: count), let view = reader.string(), let parent = readValue(&reader) else { return nil }
            offset += delta
            guard offset < count else { return nil }
            moves.append((offset, view, parent))
        }
        return reader.isAtEnd ? moves : nil
    }

    // MARK: Head chunks (schema 4): `head_chunks`, and the pieces of `PSN2` snapshots

    /// Views of a chunk once cut, and the most a chunk holds before it is cut.
    static let chunkViews = 64, chunkMaximum = 128

    /// Views by id (each with an entry), as chunks and snapshots keep them.
    static func sortedViews(_ state: DocumentState) -> [(id: String, state: ViewState)] {
        state.views.filter { $0.value.count > 0 }.sorted { $0.key < $1.key }.map { (id: $0.key, state: $0.value) }
    }

    /// `sorted` cut into chunks: one when it holds at most `chunkMaximum` views, else pieces of
    /// `chunkViews`.
    static func cut(_ sorted: [(id: String, state: ViewState)]) -> [ArraySlice<(id: String, state: ViewState)>] {
        guard sorted.count > chunkMaximum else { return sorted.isEmpty ? [] : [sorted[...]] }
        return stride(from: 0, to: sorted.count, by: chunkViews).map { sorted[$0..<min($0 + chunkViews, sorted.count)] }
    }

    /// Whether a head's view is a root candidate (`head_roots`): alive, its parent not a view id.
    static func isRootCandidate(_ view: ViewState?) -> Bool {
        guard let view, view[.alive]?.value == "true" else { return false }
        guard let parent = view[.parent]?.value else { return true }
        return !parent.hasPrefix("\"")
    }

    /// The header, the view count, then per view its id (bytes shared with the previous id, then
    /// the rest), its entry count and per entry the property index, the site's local number, the
    /// seq and the hlc as zigzag differences from the previous entry's, and the value.
    static func headChunk(_ views: ArraySlice<(id: String, state: ViewState)>, siteNumber: (SiteID) -> Int64) -> [UInt8] {
        var table: [Property] = [], body = BinaryWriter()
        var previousID: [UInt8] = [], previousSeq: Int64 = 0, previousHLC: Int64 = 0
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
                let hlc = Int64(bitPattern: entry.stamp.hlc.rawValue)
                body.varint(code(property, in: &table))
                body.varint(UInt64(siteNumber(entry.stamp.site)))
                body.signed(entry.stamp.seq &- previousSeq)
                body.signed(hlc &- previousHLC)
                previousSeq = entry.stamp.seq
                previousHLC = hlc
                writeValue(entry.value, to: &body)
            }
        }
        var out = BinaryWriter()
        header(table, to: &out)
        out.varint(views.count)
        out.raw(body.bytes)
        return out.bytes
    }

    /// Folds a head chunk's entries into `state`; false when it is malformed or names a site
    /// `site` does not know.
    package static func readHeadChunk(_ bytes: [UInt8], site: (Int64) -> SiteID?, into state: inout DocumentState) -> Bool {
        var reader = BinaryReader(bytes: bytes)
        guard let properties = readHeader(&reader), let viewCount = reader.count(atMost: reader.remaining) else { return false }
        var previousID: [UInt8] = [], previousSeq: Int64 = 0, previousHLC: Int64 = 0
        for _ in 0..<viewCount {
            guard let shared = reader.count(atMost: previousID.count), let rest = reader.count(atMost: reader.remaining),
                  let tail = reader.take(rest), let entryCount = reader.count(atMost: reader.remaining) else { return false }
            previousID = Array(previousID[..<shared]) + tail
            guard let id = String(validatingUTF8Bytes: previousID) else { return false }
            var entries: [(property: Property, entry: DocumentState.Entry)] = []
            for _ in 0..<entryCount {
                guard let code = reader.count(atMost: properties.count - 1), let number = reader.varint(), number <= UInt64(Int64.max),
                      let siteID = site(Int64(number)), let seqDelta = reader.signed(), let hlcDelta = reader.signed(),
                      let value = readValue(&reader) else { return false }
                previousSeq = previousSeq &+ seqDelta
                previousHLC = previousHLC &+ hlcDelta
                let stamp = Stamp(hlc: Timestamp(rawValue: UInt64(bitPattern: previousHLC)), site: siteID, seq: previousSeq)
                entries.append((properties[code], DocumentState.Entry(value: value, stamp: stamp)))
            }
            if !entries.isEmpty { state.apply(view: id, entries: entries) }
        }
        return reader.isAtEnd
    }

    // MARK: Trees (schema 2): `documents.tree`, `snapshots.tree`

    /// `PTR1`: the last move (0, or 1 and its site, seq, hlc), the overrides' sites (count, 16
    /// bytes each), the overrides by view (count, then id, site index, seq, hlc, 0 or 1 and the
    /// value).
    static func tree(_ tree: TreeResolution) -> [UInt8] {
        var sites: [SiteID] = []
        for entry in tree.overrides.values where !sites.contains(entry.stamp.site) { sites.append(entry.stamp.site) }
        var out = BinaryWriter()
        out.raw(Array("PTR1".utf8))
        if let last = tree.lastMove {
            out.raw([1])
            out.raw(last.site.bytes)
            out.varint(UInt64(last.seq))
            out.varint(last.hlc.rawValue)
        } else {
            out.raw([0])
        }
        out.varint(sites.count)
        for site in sites { out.raw(site.bytes) }
        out.varint(tree.overrides.count)
        for (view, entry) in tree.overrides.sorted(by: { $0.key < $1.key }) {
            out.string(view)
            out.varint(sites.firstIndex(of: entry.stamp.site)!)
            out.varint(UInt64(entry.stamp.seq))
            out.varint(entry.stamp.hlc.rawValue)
            if let value = entry.value { out.raw([1]); out.string(value) } else { out.raw([0]) }
        }
        return out.bytes
    }
}

extension SchemaForms {
    // MARK: Snapshots: `PSN1` (before schema 5) read, `PSN2` written

    /// The state a first-form snapshot holds (`PSN1`, unpacked): the sites by id (count, 16 bytes
    /// each), the view count, per view its id, its entry count and per entry the property's
    /// name, the site's index, seq, hlc, 0 or 1 and the value. `nil` when malformed.
    package static func firstFormSnapshot(_ bytes: [UInt8]) -> DocumentState? {
        var reader = BinaryReader(bytes: bytes)
        guard reader.take(4) == Array("PSN1".utf8)[...], let siteCount = reader.count(atMost: reader.remaining / 16) else { return nil }
        var sites: [SiteID] = []
        for _ in 0..<siteCount {
            guard let raw = reader.take(16), let site = SiteID(bytes: raw) else { return nil }
            sites.append(site)
        }
        guard let viewCount = reader.count(atMost: reader.remaining) else { return nil }
        var state = DocumentState()
        for _ in 0..<viewCount {
            guard let view = reader.string(), let count = reader.count(atMost: reader.remaining) else { return nil }
            var entries: [(property: Property, entry: DocumentState.Entry)] = []
            for _ in 0..<count {
                guard let name = reader.string(), let property = Property.named(name), let index = reader.count(atMost: sites.count - 1),
                      let seq = reader.varint(), seq <= UInt64(Int64.max), let hlc = reader.varint(), let flag = reader.take(1) else { return nil }
                var value: String?
                if flag.first == 1 {
                    guard let text = reader.string() else { return nil }
                    value = text
                }
                let stamp = Stamp(hlc: Timestamp(rawValue: hlc), site: sites[index], seq: Int64(seq))
                entries.append((property, DocumentState.Entry(value: value, stamp: stamp)))
            }
            if !entries.isEmpty { state.apply(view: view, entries: entries) }
        }
        return reader.isAtEnd ? state : nil
    }

    /// Views a `PSN2` piece holds.
    static let pieceViews = 1_024

    /// `PSN2`: the view count, then pieces of `pieceViews` views by id, each its least and
    /// greatest id and its head chunk packed by `pack`, each a varint length and the bytes.
    static func snapshot(_ state: DocumentState, siteNumber: (SiteID) -> Int64, pack: ([UInt8]) -> [UInt8]) -> [UInt8] {
        let views = sortedViews(state)
        var out = BinaryWriter()
        out.raw(Array("PSN2".utf8))
        out.varint(views.count)
        for start in stride(from: 0, to: views.count, by: pieceViews) {
            let piece = views[start..<min(start + pieceViews, views.count)]
            for bytes in [Array(piece.first!.id.utf8), Array(piece.last!.id.utf8), pack(headChunk(piece, siteNumber: siteNumber))] {
                out.varint(bytes.count)
                out.raw(bytes)
            }
        }
        return out.bytes
    }
}
