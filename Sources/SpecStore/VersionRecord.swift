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

    /// The message's first line (git's subject): what one-line listings show, so that a
    /// trailer such as `Renamed-from: OLD@ID` stays out of them.
    public var subject: String {
        message.firstIndex { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }.map { String(message[..<$0]) } ?? message
    }
}
