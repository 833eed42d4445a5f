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
    /// The version's global id (hashed once, here).
    public let id: VersionID

    public init(version: Version, site: SiteID, firstSeq: Int64, lastSeq: Int64, hlc: Timestamp, base: VersionVector, changes: [Change]) {
        self.version = version
        self.site = site
        self.firstSeq = firstSeq
        self.lastSeq = lastSeq
        self.hlc = hlc
        self.base = base
        self.changes = changes
        id = version.id
    }
    public var document: String { version.document }

    /// Why this payload cannot be a version, or `nil` when it is consistent: its changes are
    /// exactly `firstSeq…lastSeq` of its site, of its document, and its vector is its base plus
    /// its own changes.
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
}
