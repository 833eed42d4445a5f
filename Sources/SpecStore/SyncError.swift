import SpecSync

/// Why versions from elsewhere were refused. Nothing of the transfer is applied.
public enum SyncError: Error, CustomStringConvertible, Equatable, Sendable {
    /// A change's clock is too far ahead of this machine's wall clock.
    case clockSkew(site: SiteID, aheadMilliseconds: UInt64, allowedMilliseconds: UInt64)
    /// The other store has this store's site id: one was copied from the other.
    case sameSite(SiteID)
    /// Changes under a `(site, seq)` this store already holds, with other content.
    case contradiction(site: SiteID, seq: Int64)
    /// The data is not a consistent set of versions.
    case malformed(String)

    public var description: String {
        switch self {
        case .clockSkew(let site, let ahead, let allowed):
            "site \(site.short) sent changes stamped \(ahead / 1000) s ahead of this machine's clock (at most \(allowed / 1000) s allowed): that machine's clock is probably wrong, and its changes would win every later merge. Check both clocks; to accept them anyway, raise --max-clock-skew. Nothing was applied."
        case .sameSite(let site):
            "both stores have site id \(site.short): one is a copy of the other, and their changes would collide. Give this store a new identity with `plumb reidentify`, or make copies with `plumb clone`. Nothing was applied."
        case .contradiction(let site, let seq):
            "changes of site \(site.short) at seq \(seq) differ from the ones this store holds under the same (site, seq); refusing to merge them. Nothing was applied."
        case .malformed(let detail):
            "the versions received are not consistent (\(detail)). Nothing was applied."
        }
    }
}

/// What an import did.
public struct ImportReport: Sendable, Equatable {
    /// Versions applied now (including ones that had been waiting).
    public var versions = 0
    public var changes = 0
    public var documents: Set<String> = []
    /// Versions received that this store already had.
    public var alreadyHeld = 0
    /// Versions kept until the versions they build on arrive.
    public var waiting = 0
    /// Merge versions made because concurrent work came together.
    public var merges = 0
    /// Concurrent writes that lost (listed by `plumb conflicts`).
    public var conflicts = 0

    public init() {}
}
