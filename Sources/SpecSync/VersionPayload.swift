import LayoutSpec

/// A commit version with all its changes: what every transport moves (store to store, bundle,
/// hub). A version is applied whole or not at all.
public struct VersionPayload: Sendable, Equatable {
    public let version: Version
    /// The site that made it; its changes are `(site, firstSeq…lastSeq)`.
    public let site: SiteID
    public let firstSeq: Int64
    public let lastSeq: Int64
    public let hlc: Timestamp
    /// The document's vector before this version: the versions it builds on. A store applies a
    /// version only once it holds every version this names.
    public let base: VersionVector
    public let changes: [Change]
    /// The version's global id: as received (from a bundle, a peer, a hub row), or the content
    /// id computed here when `claimedID` was `nil`. `inconsistency` checks a received id.
    public let id: VersionID
    /// True when `id` came from elsewhere and has not been checked against the content.
    public let idIsClaimed: Bool

    public init(version: Version, site: SiteID, firstSeq: Int64, lastSeq: Int64, hlc: Timestamp, base: VersionVector,
                changes: [Change], claimedID: VersionID? = nil) {
        self.version = version
        self.site = site
        self.firstSeq = firstSeq
        self.lastSeq = lastSeq
        self.hlc = hlc
        self.base = base
        self.changes = changes
        idIsClaimed = claimedID != nil
        id = claimedID ?? VersionPayload.contentID(version: version, site: site, firstSeq: firstSeq, lastSeq: lastSeq,
                                                    hlc: hlc, base: base, changes: changes)
    }
    public var document: String { version.document }

    /// The id this content hashes to (docs/store.md#version-ids):
    /// `str("plumb-commit-2") str(document) site u64(first_seq) u64(last_seq) u64(hlc) u64(time)
    /// str(message) str(author) vec(base) u32(change count)`, then per change in seq order
    /// `u64(seq) str(view) str(property)` and `0x00` (unset) or `0x01 str(value)`.
    public var contentID: VersionID {
        idIsClaimed ? VersionPayload.contentID(version: version, site: site, firstSeq: firstSeq, lastSeq: lastSeq,
                                               hlc: hlc, base: base, changes: changes) : id
    }

    static func contentID(version: Version, site: SiteID, firstSeq: Int64, lastSeq: Int64, hlc: Timestamp,
                          base: VersionVector, changes: [Change]) -> VersionID {
        var hasher = ContentHasher()
        hasher.string("plumb-commit-2")
        hasher.string(version.document)
        hasher.site(site)
        hasher.u64(UInt64(bitPattern: firstSeq))
        hasher.u64(UInt64(bitPattern: lastSeq))
        hasher.u64(hlc.rawValue)
        hasher.u64(UInt64(bitPattern: version.time))
        hasher.string(version.message)
        hasher.string(version.author)
        hasher.vector(base)
        hasher.u32(UInt32(truncatingIfNeeded: changes.count))
        // In the order given: a consistent payload's changes are in seq order (checked first).
        for change in changes {
            hasher.u64(UInt64(bitPattern: change.seq))
            hasher.string(change.view)
            hasher.string(change.property.rawValue)
            if let value = change.value {
                hasher.byte(1)
                hasher.string(value)
            } else {
                hasher.byte(0)
            }
        }
        return hasher.finish()
    }

    /// Why this payload cannot be a version, or `nil` when it is consistent: its changes are
    /// exactly `firstSeq…lastSeq` of its site, of its document, and its vector is its base plus
    /// its own changes. (Whether a received id is its content's: `verified()`.)
    public var inconsistency: String? {
        guard version.kind == .commit else { return "only commit versions travel" }
        guard firstSeq >= 1, lastSeq >= firstSeq, changes.count == Int(lastSeq - firstSeq + 1) else {
            return "its changes do not match its seq range \(firstSeq)…\(lastSeq)"
        }
        for (offset, change) in changes.enumerated() {
            guard change.site == site, change.seq == firstSeq + Int64(offset), change.document == document else {
                return "change \(offset) is not (\(site.short), \(firstSeq + Int64(offset))) of \(document)"
            }
            guard change.stamp.hlc == hlc else { return "change \(offset) has another clock than its version" }
            if let problem = Change.problem(view: change.view, property: change.property, value: change.value) {
                return "change \(offset): \(problem)"
            }
        }
        var expected = base
        expected[site] = lastSeq
        guard expected == version.vector, base[site] < firstSeq else { return "its vector is not its base plus its own changes" }
        guard Identifier.isValid(document) else { return "bad document name" }
        if let problem = Change.headerProblem(message: version.message, author: version.author) { return problem }
        return nil
    }

    /// This payload with its id checked: `nil` when the content does not hash to the claimed
    /// id. A payload whose id was computed here is returned as it is.
    public func verified() -> VersionPayload? {
        guard idIsClaimed else { return self }
        guard contentID == id else { return nil }
        return VersionPayload(checked: self)
    }

    private init(checked payload: VersionPayload) {
        version = payload.version
        site = payload.site
        firstSeq = payload.firstSeq
        lastSeq = payload.lastSeq
        hlc = payload.hlc
        base = payload.base
        changes = payload.changes
        id = payload.id
        idIsClaimed = false
    }
}
