import LayoutSpec
import SpecSync

/// The binary form of a `DocumentState` kept in the `snapshots` table.
///
/// Layout: magic `PSN1`; the sites (count, then 16 bytes each); then per view: its id, the
/// number of its entries and each entry (property name, site index, seq, hlc, value or none).
/// Strings are a varint length and UTF-8 bytes; integers are LEB128 varints (`BinaryWriter`).
enum StateSnapshot {
    static let magic: [UInt8] = Array("PSN1".utf8)

    static func encode(_ state: DocumentState) -> [UInt8] {
        var bytes: [UInt8] = []
        encode(state) { bytes += $0 }
        return bytes
    }

    /// The snapshot of `state` handed to `emit` in pieces of about `pieceSize` bytes, in order:
    /// the same pieces on every call for one unchanged state (its views keep their places).
    static func encode(_ state: DocumentState, _ emit: ([UInt8]) -> Void) {
        var sites: [SiteID: Int] = [:]
        var siteList: [SiteID] = []
        for (_, properties) in state.views {
            for (_, entry) in properties where sites[entry.stamp.site] == nil {
                sites[entry.stamp.site] = siteList.count
                siteList.append(entry.stamp.site)
            }
        }
        var out = BinaryWriter(capacity: pieceSize + 4096)
        out.raw(magic)
        out.varint(siteList.count)
        for site in siteList { out.raw(site.bytes) }
        out.varint(state.views.count)
        for (view, entries) in state.views {
            out.string(view)
            out.varint(entries.count)
            for (property, entry) in entries {
                out.string(property.rawValue)
                writeEntry(entry, siteIndex: sites[entry.stamp.site]!, to: &out)
            }
            if out.bytes.count >= pieceSize {
                emit(out.bytes)
                out.removeAll()
            }
        }
        emit(out.bytes)
    }

    static let pieceSize = 1 << 16

    /// One entry as both snapshots hold it (`TreeSnapshot` too): site index, seq, hlc, then
    /// 0 for no value or 1 and the value's text.
    static func writeEntry(_ entry: DocumentState.Entry, siteIndex: Int, to out: inout BinaryWriter) {
        out.varint(siteIndex)
        out.varint(UInt64(entry.stamp.seq))
        out.varint(entry.stamp.hlc.rawValue)
        if let value = entry.value {
            out.raw([1])
            out.string(value)
        } else {
            out.raw([0])
        }
    }

    static func decode(_ bytes: [UInt8]) -> DocumentState? { decode(bytes, keeping: nil) }

    /// The entries of `views` only: the other views' entries are skipped, not decoded, so a
    /// reader of a few views pays a scan of the bytes, not the whole state.
    static func decode(_ bytes: [UInt8], views: Set<String>) -> DocumentState? {
        let wanted = ViewFilter(views)
        return decode(bytes) { wanted.contains($0) }
    }

    private static func decode(_ bytes: [UInt8], keeping keep: ((ArraySlice<UInt8>) -> Bool)?) -> DocumentState? {
        var reader = BinaryReader(bytes: bytes)
        guard reader.take(4) == magic[...], let siteCount = reader.varint() else { return nil }
        var sites: [SiteID] = []
        for _ in 0..<siteCount {
            guard let raw = reader.take(16), let site = SiteID(bytes: raw) else { return nil }
            sites.append(site)
        }
        guard let viewCount = reader.varint() else { return nil }
        var state = DocumentState(capacity: keep == nil ? Int(min(viewCount, 1 << 20)) : 0)
        for _ in 0..<viewCount {
            guard let length = reader.count(atMost: reader.remaining), let name = reader.take(length), !name.contains(0),
                  let count = reader.varint() else { return nil }
            guard keep?(name) ?? true else {
                for _ in 0..<count {
                    guard skipEntry(&reader, siteCount: sites.count) else { return nil }
                }
                continue
            }
            guard let view = String(validatingUTF8Bytes: name) else { return nil }
            // An array of the view's own, which the state keeps.
            var entries: [(property: Property, entry: DocumentState.Entry)] = []
            entries.reserveCapacity(Int(min(count, UInt64(Property.count))))
            for _ in 0..<count {
                guard let length = reader.count(atMost: reader.remaining), let name = reader.take(length),
                      let property = property(named: name),
                      let siteIndex = reader.count(atMost: sites.count - 1),
                      let seq = reader.varint(), seq <= UInt64(Int64.max), let hlc = reader.varint(), let flag = reader.take(1) else { return nil }
                var value: String?
                if flag.first == 1 {
                    guard let text = reader.string() else { return nil }
                    value = text
                }
                let stamp = Stamp(hlc: Timestamp(rawValue: hlc), site: sites[siteIndex], seq: Int64(seq))
                entries.append((property, DocumentState.Entry(value: value, stamp: stamp)))
            }
            state.apply(view: view, entries: entries)
        }
        return reader.isAtEnd ? state : nil
    }

    /// The property whose name is these UTF-8 bytes, found without making a string.
    private static func property(named name: ArraySlice<UInt8>) -> Property? {
        guard name.count < propertiesByLength.count else { return nil }
        return propertiesByLength[name.count].first { $0.name.elementsEqual(name) }?.property
    }

    /// Every property by the byte count of its name.
    private static let propertiesByLength: [[(name: [UInt8], property: Property)]] = {
        var table = Array(repeating: [(name: [UInt8], property: Property)](), count: 1 + (Property.allCases.map(\.rawValue.utf8.count).max() ?? 0))
        for property in Property.allCases { table[property.rawValue.utf8.count].append((Array(property.rawValue.utf8), property)) }
        return table
    }()

    /// Steps over one entry, checking only its framing.
    private static func skipEntry(_ reader: inout BinaryReader, siteCount: Int) -> Bool {
        guard let length = reader.count(atMost: reader.remaining), reader.take(length) != nil,
              reader.count(atMost: siteCount - 1) != nil,
              reader.varint() != nil, reader.varint() != nil, let flag = reader.take(1) else { return false }
        if flag.first == 1 {
            guard let length = reader.count(atMost: reader.remaining), reader.take(length) != nil else { return false }
        }
        return true
    }
}
