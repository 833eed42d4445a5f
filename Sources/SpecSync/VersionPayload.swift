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
    /// Its changes, compactly (`ChangeList`): seqs `firstSeq…`, this site and clock.
    public let changes: ChangeList
    /// Why the changes given to `init` were not this version's own (another site, seq, clock
    /// or document than the version's), said by `inconsistency`; `nil` when they were.
    private let stampProblem: String?
    /// The version's global id: as received (from a bundle, a peer, a hub row), or the content
    /// id computed here when `claimedID` was `nil`. `inconsistency` checks a received id.
    public let id: VersionID
    /// True when `id` came from elsewhere and has not been checked against the content.
    public let idIsClaimed: Bool

    /// A payload of `changes` as received or made one by one. Changes that are not this
    /// version's own (another site, seq, clock or document) make it inconsistent
    /// (`inconsistency` says which); the list keeps their views, properties and values.
    public init(version: Version, site: SiteID, firstSeq: Int64, lastSeq: Int64, hlc: Timestamp, base: VersionVector,
                changes: [Change], claimedID: VersionID? = nil) {
        var list = ChangeList(document: version.document, site: site, hlc: hlc, firstSeq: firstSeq, capacity: changes.count)
        var problem: String?
        for (offset, change) in changes.enumerated() {
            if problem == nil {
                if change.site != site || change.seq != firstSeq + Int64(offset) || change.document != version.document {
                    problem = "change \(offset) is not (\(site.short), \(firstSeq + Int64(offset))) of \(version.document)"
                } else if change.stamp.hlc != hlc {
                    problem = "change \(offset) has another clock than its version"
                }
            }
            list.append(view: change.view, property: change.property, value: change.value)
        }
        self.init(version: version, site: site, firstSeq: firstSeq, lastSeq: lastSeq, hlc: hlc, base: base, list: list,
                  stampProblem: problem, claimedID: claimedID)
    }

    /// A payload of a list made for it (its document, site, clock and first seq the version's).
    public init(version: Version, site: SiteID, firstSeq: Int64, lastSeq: Int64, hlc: Timestamp, base: VersionVector,
                changes: ChangeList, claimedID: VersionID? = nil) {
        precondition(changes.document == version.document && changes.site == site && changes.hlc == hlc && changes.firstSeq == firstSeq,
                     "a change list made for another version")
        self.init(version: version, site: site, firstSeq: firstSeq, lastSeq: lastSeq, hlc: hlc, base: base, list: changes,
                  stampProblem: nil, claimedID: claimedID)
    }

    private init(version: Version, site: SiteID, firstSeq: Int64, lastSeq: Int64, hlc: Timestamp, base: VersionVector,
                 list changes: ChangeList, stampProblem: String?, claimedID: VersionID?) {
        self.version = version
        self.site = site
        self.firstSeq = firstSeq
        self.lastSeq = lastSeq
        self.hlc = hlc
        self.base = base
        self.changes = changes
        self.stampProblem = stampProblem
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
                          base: VersionVector, changes: ChangeList) -> VersionID {
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
        for offset in changes.indices {
            hasher.u64(UInt64(bitPattern: firstSeq + Int64(offset)))
            hasher.string(changes.view(at: offset))
            hasher.string(changes.property(at: offset).rawValue)
            if let value = changes.value(at: offset) {
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
        if let stampProblem { return stampProblem }
        for offset in changes.indices {
            if let problem = Change.problem(view: changes.view(at: offset), property: changes.property(at: offset), value: changes.value(at: offset)) {
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
        stampProblem = payload.stampProblem
        id = payload.id
        idIsClaimed = false
    }
}
