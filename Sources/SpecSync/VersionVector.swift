/// For each site, the highest `seq` included. A version's state is the last-writer-wins fold
/// of exactly the changes its vector includes.
public struct VersionVector: Hashable, Sendable {
    public private(set) var entries: [SiteID: Int64]

    public init(_ entries: [SiteID: Int64] = [:]) {
        self.entries = entries.filter { $0.value > 0 }
    }

    public subscript(site: SiteID) -> Int64 {
        get { entries[site] ?? 0 }
        set { entries[site] = newValue > 0 ? newValue : nil }
    }

    /// True when the change `(site, seq)` is included.
    public func includes(site: SiteID, seq: Int64) -> Bool { seq <= self[site] }

    /// True when every change this vector includes, `other` includes too.
    public func isIncluded(in other: VersionVector) -> Bool {
        entries.allSatisfy { other[$0.key] >= $0.value }
    }

    /// The least vector including both.
    public func union(_ other: VersionVector) -> VersionVector {
        VersionVector(entries.merging(other.entries, uniquingKeysWith: max))
    }

    /// Entries sorted by site: the canonical order for hashing and encoding.
    public var sorted: [(site: SiteID, seq: Int64)] {
        entries.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Compact binary form: 24 bytes per site (16 site, 8 seq big-endian), sorted by site.
    public var encoded: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(entries.count * 24)
        for (site, seq) in sorted {
            bytes += site.bytes
            bytes += (0..<8).map { UInt8(truncatingIfNeeded: UInt64(seq) >> (56 - 8 * $0)) }
        }
        return bytes
    }

    /// Reads `encoded`.
    public init?(encoded bytes: [UInt8]) {
        guard bytes.count % 24 == 0 else { return nil }
        var entries: [SiteID: Int64] = [:]
        entries.reserveCapacity(bytes.count / 24)
        var offset = 0
        while offset < bytes.count {
            guard let site = SiteID(bytes: bytes[offset..<offset + 16]) else { return nil }
            var seq: UInt64 = 0
            for byte in bytes[offset + 16..<offset + 24] { seq = seq << 8 | UInt64(byte) }
            // As `init(_:)` keeps them: only positive seqs are entries (a later one of a site wins).
            let value = Int64(bitPattern: seq)
            entries[site] = value > 0 ? value : nil
            offset += 24
        }
        self.entries = entries
    }
}
