/// A name people give a store (a site): "Anna's laptop", "CI". Set only by the store itself
/// (`plumb site name`), passed on with sync (store to store, bundle, hub) to every store, which
/// shows it wherever a site would otherwise be named by its id (conflicts, their resolutions).
/// One register per site, the last writer winning: a store keeps, for each site, the name with
/// the latest time, ties broken by the name's text, so any order of syncs ends with the same
/// name everywhere.
public struct SiteName: Hashable, Sendable {
    public let site: SiteID
    /// The name; empty once its store took its name back.
    public let name: String
    /// When it was set, in Unix milliseconds (the naming store's clock).
    public let time: Int64

    public init(site: SiteID, name: String, time: Int64) {
        self.site = site
        self.name = name
        self.time = time
    }

    /// The longest name, in UTF-8 bytes.
    public static let maximumLength = 64

    /// Why `name` cannot name a store, in words; `nil` when it can (the empty name clears one).
    public static func problem(with name: String) -> String? {
        if name.utf8.count > maximumLength { return "a store's name is at most \(maximumLength) bytes long (this one is \(name.utf8.count))" }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format }) {
            return "a store's name cannot hold control or format characters"
        }
        if name != name.trimmingSpaces { return "a store's name cannot start or end with a space" }
        return nil
    }

    /// Whether this name replaces `other` (of the same site) under the last-writer rule.
    public func supersedes(_ other: SiteName) -> Bool {
        (time, name) > (other.time, other.name)
    }
}

private extension String {
    var trimmingSpaces: Substring {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return Substring(scalars[first...last])
    }
}

/// The names of the sites a store knows, to name a site in people's words.
public struct SiteNames: Sendable {
    private let names: [SiteID: String]

    public init(_ names: [SiteName]) {
        self.names = Dictionary(names.filter { !$0.name.isEmpty }.map { ($0.site, $0.name) }, uniquingKeysWith: { first, _ in first })
    }

    /// The site's name; nil when it has none.
    public subscript(site: SiteID) -> String? { names[site] }
}
