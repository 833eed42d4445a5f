import LayoutSpec
import SpecSync

extension HeadChunk {
    /// A chunk written view by view, in ascending id order: by `encode`, and by `rewrite`, which
    /// copies the views it does not change from the stored bytes.
    struct Writer {
        private var table: PropertyTable
        private var body: BinaryWriter
        private var previousID: [UInt8] = []
        private var previousSeq: Int64 = 0
        private var previousHLC: Int64 = 0
        private(set) var viewCount = 0

        /// `table`: the stored chunk's properties when views are copied from it (their entries
        /// keep their codes; a property new to the chunk is added after them).
        init(capacity: Int, table: [Property] = []) {
            self.table = PropertyTable(table)
            body = BinaryWriter(capacity: capacity)
            previousID.reserveCapacity(Identifier.maxLength)
        }

        /// Views copied as stored: `span` holds `views` whole views written after a view `id`
        /// ending at `seq` and `hlc` (where this writer is too), the last of them `lastID`,
        /// ending at `lastSeq` and `lastHLC`.
        mutating func copy(_ span: ArraySlice<UInt8>, views: Int, lastID: [UInt8], lastSeq: Int64, lastHLC: Int64) {
            guard views > 0 else { return }
            body.raw(span)
            previousID.removeAll(keepingCapacity: true)
            previousID.append(contentsOf: lastID)
            previousSeq = lastSeq
            previousHLC = lastHLC
            viewCount += views
        }

        /// Whether the next view's stored bytes, written after `id` ending at `seq` and `hlc`,
        /// can be copied as they are: this writer ends at the same place.
        func continues(id: [UInt8], seq: Int64, hlc: Int64) -> Bool {
            previousSeq == seq && previousHLC == hlc && previousID == id
        }

        /// Starts a view: its id (after the previous view's), then `entries` entries.
        mutating func view(id: UnsafeBufferPointer<UInt8>, entries: Int) {
            var shared = 0
            let common = min(id.count, previousID.count)
            while shared < common && id[shared] == previousID[shared] { shared += 1 }
            body.varint(shared)
            body.varint(id.count - shared)
            body.raw(UnsafeBufferPointer(rebasing: id[shared...]))
            previousID.removeAll(keepingCapacity: true)
            previousID.append(contentsOf: id)
            body.varint(entries)
            viewCount += 1
        }

        /// One entry of the view: its property, its stamp (the site by local number), then its
        /// value by `value`.
        mutating func entry(_ property: Property, site: Int64, seq: Int64, hlc: Int64) {
            body.varint(table.code(for: property))
            body.varint(UInt64(site))
            body.signed(seq &- previousSeq)
            body.signed(hlc &- previousHLC)
            previousSeq = seq
            previousHLC = hlc
        }

        /// The entry's value as text, `nil` for unset.
        mutating func value(_ text: String?) { ChangeBlock.appendValue(text, to: &body) }

        /// The entry's value as stored bytes, `nil` for unset (`ChangeBlock.appendValue`'s form).
        mutating func value(bytes: ArraySlice<UInt8>?) {
            guard let bytes else { body.varint(0); return }
            body.varint(bytes.count + 1)
            body.raw(bytes)
        }

        /// The chunk: its property table, its view count, its views.
        func bytes() -> [UInt8] {
            var out = BinaryWriter(capacity: body.bytes.count + table.properties.count * 16 + 8)
            table.writeHeader(format: format, to: &out)
            out.varint(viewCount)
            out.raw(body.bytes)
            return out.bytes
        }
    }

    /// Stored entries of a view as its state (`nil` when there are none).
    static func kept(_ id: String, _ entries: [(property: Property, entry: DocumentState.Entry)]) -> ViewState? {
        var state = DocumentState()
        if !entries.isEmpty { state.apply(view: id, entries: entries) }
        return state.views[id]
    }

    /// The chunk `bytes` with the views `ids` (ascending) written as `update` makes each one
    /// from its stored entries (`nil` when the chunk does not hold it; an update of `nil` keeps
    /// the view as it was), in one walk of the chunk. The views not updated keep their stored
    /// bytes: runs of them are copied whole, and only the first view after an update is written
    /// again (its id and stamps follow the view before it). The property table is the stored
    /// one, with any property new to the chunk added at its end. `site` reads a stored site
    /// number, `siteNumber` numbers an update's sites. The bytes and their view count; `nil` when
    /// `bytes` is malformed or an updated view names an unknown site.
    static func rewrite(_ bytes: [UInt8], views ids: [String], site: (Int64) -> SiteID?, siteNumber: (SiteID) -> Int64,
                        update: (String, [(property: Property, entry: DocumentState.Entry)]?) throws -> ViewState?) rethrows
        -> (bytes: [UInt8], views: Int)? {
        var reader = BinaryReader(bytes: bytes)
        guard let properties = PropertyTable.readHeader(format: format, from: &reader),
              let viewCount = reader.count(atMost: reader.remaining) else { return nil }
        var writer = Writer(capacity: bytes.count + ids.count * 64, table: properties)
        var next = 0
        func write(_ id: String, _ state: ViewState) {
            var id = id
            id.withUTF8 { writer.view(id: $0, entries: state.count) }
            for (property, entry) in state {
                writer.entry(property, site: siteNumber(entry.stamp.site), seq: entry.stamp.seq,
                             hlc: Int64(bitPattern: entry.stamp.hlc.rawValue))
                writer.value(entry.value)
            }
        }
        // Where the reader is: the last view read, and its last entry's stamp.
        var id: [UInt8] = [], seq: Int64 = 0, hlc: Int64 = 0
        var nextID: [UInt8] = []
        id.reserveCapacity(Identifier.maxLength)
        nextID.reserveCapacity(Identifier.maxLength)
        // The run of stored views not yet copied: `runViews` of them from `runStart`, ending
        // where the reader is when it is copied.
        var runStart = reader.offset, runViews = 0
        func copyRun(to end: Int) {
            writer.copy(bytes[runStart..<end], views: runViews, lastID: id, lastSeq: seq, lastHLC: hlc)
            runViews = 0
        }
        for _ in 0..<viewCount {
            let viewStart = reader.offset
            guard let shared = reader.count(atMost: id.count), let rest = reader.count(atMost: reader.remaining),
                  let tail = reader.take(rest), let entryCount = reader.count(atMost: reader.remaining) else { return nil }
            nextID.removeAll(keepingCapacity: true)
            nextID.append(contentsOf: id[..<shared])
            nextID.append(contentsOf: tail)
            // The updated views before this one or this one: the run so far is copied first.
            if next < ids.count, !nextID.lexicographicallyPrecedes(ids[next].utf8) {
                copyRun(to: viewStart)
                while next < ids.count, ids[next].utf8.lexicographicallyPrecedes(nextID) {
                    if let state = try update(ids[next], nil) { write(ids[next], state) }
                    next += 1
                }
            }
            let updated = next < ids.count && ids[next].utf8.elementsEqual(nextID)
            if updated {
                guard let stored = readEntries(entryCount, from: &reader, properties: properties, seq: &seq, hlc: &hlc, site: site) else { return nil }
                // An update of nil keeps the stored entries (made into a view only then).
                if let state = try update(ids[next], stored) ?? kept(ids[next], stored) { write(ids[next], state) }
                next += 1
                swap(&id, &nextID)
                continue
            }
            // A view not updated joins the run when there is one, or when the writer is where the
            // reader was before it; else (after an update) it is written again, after which the
            // two agree.
            let joins = runViews > 0 || writer.continues(id: id, seq: seq, hlc: hlc)
            if !joins { nextID.withUnsafeBufferPointer { writer.view(id: $0, entries: entryCount) } }
            for _ in 0..<entryCount {
                guard let code = reader.count(atMost: properties.count - 1), let number = reader.varint(), number <= UInt64(Int64.max),
                      let seqDelta = reader.signed(), let hlcDelta = reader.signed(),
                      let tag = reader.count(atMost: reader.remaining + 1) else { return nil }
                seq = seq &+ seqDelta
                hlc = hlc &+ hlcDelta
                let start = reader.offset
                guard tag == 0 || reader.skip(tag - 1) else { return nil }
                guard !joins else { continue }
                writer.entry(properties[code], site: Int64(number), seq: seq, hlc: hlc)
                writer.value(bytes: tag == 0 ? nil : bytes[start..<reader.offset])
            }
            swap(&id, &nextID)
            if joins {
                if runViews == 0 { runStart = viewStart }
                runViews += 1
            }
        }
        guard reader.isAtEnd else { return nil }
        copyRun(to: reader.offset)
        for index in ids[next...].indices {
            if let state = try update(ids[index], nil) { write(ids[index], state) }
        }
        return (writer.bytes(), writer.viewCount)
    }
}
