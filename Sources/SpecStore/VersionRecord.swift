import SpecSync

/// A version as this store holds it: the global version plus its local number and tags.
public struct VersionRecord: Hashable, Sendable {
    /// The store's row id.
    public let rowID: Int64
    public let id: VersionID
    public let document: String
    /// This store's number for the version, counting from 1 per document.
    public let number: Int
    public let kind: Version.Kind
    /// The site that made it, and its own changes' seq range on that site.
    public let site: SiteID
    public let firstSeq: Int64
    public let lastSeq: Int64
    public let vector: VersionVector
    /// The document's vector before this version.
    public let base: VersionVector
    public let message: String
    public let author: String
    /// Unix milliseconds.
    public let time: Int64
    public var tags: [String]

    /// The version as it travels (without its changes).
    public var version: Version {
        Version(document: document, vector: vector, kind: kind, message: message, author: author, time: time)
    }

    /// Number of changes the version itself made.
    public var changeCount: Int64 { max(0, lastSeq - firstSeq + 1) }
}

extension Store {
    static let versionColumns = "v.id, v.hash, v.number, v.kind, v.site, v.first_seq, v.last_seq, v.vector, v.message, v.author, v.time, v.base"

    func versionRecord(_ row: Row, document: String) throws -> VersionRecord {
        // A commit's own changes are seqs first...last, a merge's none (first = last + 1): any
        // other range is damage, refused before a count taken from it overflows.
        let first = row.int64(5), last = row.int64(6)
        let (span, overflow) = last.subtractingReportingOverflow(first)
        guard first >= 1, !overflow, span >= -1, span < Int64(Int32.max) else {
            throw StoreError.corrupt(path: path, detail: "version row \(row.int64(0)) has the seq range \(first)...\(last), which no version can have")
        }
        return VersionRecord(
            rowID: row.int64(0),
            id: VersionID(bytes: row.blob(1)),
            document: document,
            number: Int(row.int64(2)),
            kind: Version.Kind(rawValue: row.text(3) ?? "") ?? .commit,
            site: try sites.requireSite(numbered: row.int64(4), path: path),
            firstSeq: row.int64(5),
            lastSeq: row.int64(6),
            vector: VersionVector(encoded: row.blob(7)) ?? VersionVector(),
            base: VersionVector(encoded: row.blob(11)) ?? VersionVector(),
            message: row.text(8) ?? "",
            author: row.text(9) ?? "",
            time: row.int64(10),
            tags: []
        )
    }
}
