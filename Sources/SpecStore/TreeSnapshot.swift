import LayoutSpec
import SpecSync

/// The binary form of a `TreeResolution`, kept beside each head (`documents.tree`) and each
/// snapshot (`snapshots.tree`) so reading a state never replays the document's moves.
///
/// Layout: magic `PTR1`; the last move (0 = none, else 1 and its site, seq, hlc); the sites of
/// the overrides (count, then 16 bytes each); the overrides (count, then per view its id, site
/// index, seq, hlc and value: 0 = none, else 1 and the text). Integers are LEB128 varints.
package enum TreeSnapshot {
    static let magic: [UInt8] = Array("PTR1".utf8)

    package static func encode(_ tree: TreeResolution) -> [UInt8] {
        var sites: [SiteID: Int] = [:]
        var siteList: [SiteID] = []
        for entry in tree.overrides.values where sites[entry.stamp.site] == nil {
            sites[entry.stamp.site] = siteList.count
            siteList.append(entry.stamp.site)
        }
        var out = BinaryWriter(capacity: 16 + tree.overrides.count * 24)
        out.raw(magic)
        if let last = tree.lastMove {
            out.raw([1])
            out.raw(last.site.bytes)
            out.varint(UInt64(last.seq))
            out.varint(last.hlc.rawValue)
        } else {
            out.raw([0])
        }
        out.varint(siteList.count)
        for site in siteList { out.raw(site.bytes) }
        out.varint(tree.overrides.count)
        for (view, entry) in tree.overrides.sorted(by: { $0.key < $1.key }) {
            out.string(view)
            out.varint(sites[entry.stamp.site]!)
            out.varint(UInt64(entry.stamp.seq))
            out.varint(entry.stamp.hlc.rawValue)
            if let value = entry.value {
                out.raw([1])
                out.string(value)
            } else {
                out.raw([0])
            }
        }
        return out.bytes
    }

    package static func decode(_ bytes: [UInt8]) -> TreeResolution? {
        var reader = BinaryReader(bytes: bytes)
        guard reader.take(4) == magic[...], let flag = reader.take(1)?.first, flag <= 1 else { return nil }
        var lastMove: Stamp?
        if flag == 1 {
            guard let raw = reader.take(16), let site = SiteID(bytes: raw), let seq = reader.varint(), seq <= UInt64(Int64.max),
                  let hlc = reader.varint() else { return nil }
            lastMove = Stamp(hlc: Timestamp(rawValue: hlc), site: site, seq: Int64(seq))
        }
        guard let siteCount = reader.count(atMost: reader.remaining / 16) else { return nil }
        var sites: [SiteID] = []
        for _ in 0..<siteCount {
            guard let raw = reader.take(16), let site = SiteID(bytes: raw) else { return nil }
            sites.append(site)
        }
        guard let count = reader.count(atMost: reader.remaining) else { return nil }
        var overrides: [String: DocumentState.Entry] = [:]
        for _ in 0..<count {
            guard let view = reader.string(), let siteIndex = reader.count(atMost: sites.count - 1),
                  let seq = reader.varint(), seq <= UInt64(Int64.max), let hlc = reader.varint(),
                  let present = reader.take(1)?.first, present <= 1 else { return nil }
            var value: String?
            if present == 1 {
                guard let text = reader.string() else { return nil }
                value = text
            }
            overrides[view] = DocumentState.Entry(value: value, stamp: Stamp(hlc: Timestamp(rawValue: hlc), site: sites[siteIndex], seq: Int64(seq)))
        }
        return reader.isAtEnd ? TreeResolution(overrides: overrides, lastMove: lastMove) : nil
    }
}
