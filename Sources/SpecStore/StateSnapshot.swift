import LayoutSpec
import SpecSync

/// The binary form of a `DocumentState` kept in the `snapshots` table.
///
/// Layout: magic `PSN1`; the sites (count, then 16 bytes each); then per view: its id, the
/// number of its entries and each entry (property name, site index, seq, hlc, value or none).
/// Strings are a varint length and UTF-8 bytes; integers are LEB128 varints.
enum StateSnapshot {
    static let magic: [UInt8] = Array("PSN1".utf8)

    static func encode(_ state: DocumentState) -> [UInt8] {
        var sites: [SiteID: Int] = [:]
        var siteList: [SiteID] = []
        for (_, properties) in state.views {
            for (_, entry) in properties where sites[entry.stamp.site] == nil {
                sites[entry.stamp.site] = siteList.count
                siteList.append(entry.stamp.site)
            }
        }
        var out = magic
        out.reserveCapacity(state.count * 24)
        appendVarint(UInt64(siteList.count), to: &out)
        for site in siteList { out += site.bytes }
        appendVarint(UInt64(state.views.count), to: &out)
        for (view, entries) in state.views {
            appendString(view, to: &out)
            appendVarint(UInt64(entries.count), to: &out)
            for (property, entry) in entries {
                appendString(property.rawValue, to: &out)
                appendVarint(UInt64(sites[entry.stamp.site]!), to: &out)
                appendVarint(UInt64(entry.stamp.seq), to: &out)
                appendVarint(entry.stamp.hlc.rawValue, to: &out)
                if let value = entry.value {
                    out.append(1)
                    appendString(value, to: &out)
                } else {
                    out.append(0)
                }
            }
        }
        return out
    }

    static func decode(_ bytes: [UInt8]) -> DocumentState? {
        var reader = ByteReader(bytes: bytes)
        guard reader.take(4) == magic[...], let siteCount = reader.varint() else { return nil }
        var sites: [SiteID] = []
        for _ in 0..<siteCount {
            guard let raw = reader.take(16), let site = SiteID(bytes: raw) else { return nil }
            sites.append(site)
        }
        guard let viewCount = reader.varint() else { return nil }
        var state = DocumentState(capacity: Int(min(viewCount, 1 << 20)))
        for _ in 0..<viewCount {
            guard let view = reader.string(), let count = reader.varint() else { return nil }
            for _ in 0..<count {
                guard let name = reader.string(), let property = Property.named(name),
                      let siteIndex = reader.varint(), Int(siteIndex) < sites.count,
                      let seq = reader.varint(), let hlc = reader.varint(), let flag = reader.take(1) else { return nil }
                var value: String?
                if flag.first == 1 {
                    guard let text = reader.string() else { return nil }
                    value = text
                }
                let stamp = Stamp(hlc: Timestamp(rawValue: hlc), site: sites[Int(siteIndex)], seq: Int64(seq))
                state.apply(view: view, property: property, DocumentState.Entry(value: value, stamp: stamp))
            }
        }
        return reader.isAtEnd ? state : nil
    }

    private static func appendVarint(_ value: UInt64, to out: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            out.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        out.append(UInt8(value))
    }

    private static func appendString(_ text: String, to out: inout [UInt8]) {
        appendVarint(UInt64(text.utf8.count), to: &out)
        out += text.utf8
    }
}

/// Reads varints, strings and byte runs from a buffer, returning `nil` past its end.
struct ByteReader {
    let bytes: [UInt8]
    var offset = 0

    var isAtEnd: Bool { offset == bytes.count }

    mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, offset + count <= bytes.count else { return nil }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    mutating func varint() -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count, shift < 64 {
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
        return nil
    }

    mutating func string() -> String? {
        guard let count = varint(), count <= UInt64(bytes.count), let raw = take(Int(count)) else { return nil }
        return String(validating: raw, as: UTF8.self)
    }
}
