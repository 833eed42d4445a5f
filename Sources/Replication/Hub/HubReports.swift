import SpecStore
import SpecSync

/// A PostgreSQL hub as the commands use it. Its one implementation is `Hub` (module PostgresHub),
/// the only code that links libpq: `plumb` runs without it and hands hub work to `plumb-hub`
/// beside it, which passes `Hub` in, as the tests do (issue 35: libpq cost every command ~4 ms
/// of start-up).
public protocol HubAccess: AnyObject {
    /// Creates or upgrades the hub's tables at `url`; the number of schema steps applied.
    static func initialize(url: String) throws -> Int
    /// Connects to the hub at `url`.
    init(url: String) throws
    func push(from store: Store, allSites: Bool) throws -> PushReport
    func pull(into store: Store, maxClockSkew: UInt64, progress: ((Int, Int) -> Void)?) throws -> PullReport
    /// Throws, in words, unless the role may read some document (or is the hub's owner): a
    /// clone that could read nothing is refused before it makes anything.
    func checkMayRead() throws
    func grant(role: String, sites: [SiteID], documents: [String], readOnly: Bool) throws
    func revoke(role: String, sites: [SiteID], documents: [String]) throws
}

/// What a push sent, and what it left out.
public struct PushReport: Sendable, Equatable {
    /// Versions the hub did not have before.
    public var versions = 0
    public var changes = 0
    public var documents: Set<String> = []
    /// What this role may not push, with why: documents it may not write, sites it may not push.
    public var skipped: [Skipped] = []
    /// Conflict resolutions (kept, restored, dismissed) the hub did not have before.
    public var resolutions = 0

    /// Versions left out of a push, and why.
    public struct Skipped: Sendable, Equatable {
        /// The document (or, for a site, the site id) left out.
        public let name: String
        public let isSite: Bool
        public let versions: Int
        public let reason: String

        public init(name: String, isSite: Bool, versions: Int, reason: String) {
            self.name = name
            self.isSite = isSite
            self.versions = versions
            self.reason = reason
        }
    }

    public init() {}
}

/// What a pull brought, and the versions on the hub it refused.
public struct PullReport: Sendable, Equatable {
    public var imported = ImportReport()
    /// Bad versions on the hub (an older hub, or rows its owner wrote): named, never applied;
    /// the versions building on them wait.
    public var refused: [RefusedVersion] = []
    /// Conflict resolutions the store did not have before.
    public var resolutions = 0

    public init() {}
}
