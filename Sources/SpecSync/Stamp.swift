/// Who wrote a change and when: the key of the last-writer-wins rule.
///
/// Ordered by `(hlc, site, seq)`: the clock first, then the site id to break ties between
/// stores, then `seq` (only equal within one version of one site, where it keeps the order the
/// author made the changes in).
public struct Stamp: Hashable, Comparable, Sendable {
    public let hlc: Timestamp
    public let site: SiteID
    public let seq: Int64

    public init(hlc: Timestamp, site: SiteID, seq: Int64) {
        self.hlc = hlc
        self.site = site
        self.seq = seq
    }

    public static func < (lhs: Stamp, rhs: Stamp) -> Bool {
        if lhs.hlc != rhs.hlc { return lhs.hlc < rhs.hlc }
        if lhs.site != rhs.site { return lhs.site < rhs.site }
        return lhs.seq < rhs.seq
    }
}
