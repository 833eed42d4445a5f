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
    /// A version whose content does not hash to its id: changed after it was made.
    case idMismatch(id: VersionID, site: SiteID)

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
        case .idMismatch(let id, let site):
            "version \(id.short) of site \(site.short) does not match its content: it was changed after it was made (or damaged on the way). Nothing was applied; ask for it again from a store that holds it whole."
        }
    }
}
