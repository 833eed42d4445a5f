import SpecStore
import SpecSync

/// Store-to-store sync (`plumb sync PATH`): each side receives what the other has above its
/// per-site knowledge, in one transaction per side.
public enum StoreSync {
    /// What moved each way.
    public struct Report: Sendable {
        public var received: ImportReport
        public var sent: ImportReport
        /// Conflict resolutions new to this store, and to the other.
        public var resolutionsReceived = 0
        public var resolutionsSent = 0
    }

    /// Syncs both ways. Refuses stores that share a site id (one copied from the other).
    public static func sync(local: Store, remote: Store, maxClockSkew: UInt64 = Store.defaultMaxClockSkew,
                            progress: ((String, Int, Int) -> Void)? = nil) throws -> Report {
        guard local.site != remote.site else { throw SyncError.sameSite(local.site) }
        try checkSameHistory(local, remote)
        let incoming = try remote.payloads(after: try local.knowledge())
        let received = try local.importVersions(incoming, maxClockSkew: maxClockSkew) { progress?("receiving", $0, $1) }
        let outgoing = try local.payloads(after: try remote.knowledge())
        let sent = try remote.importVersions(outgoing, maxClockSkew: maxClockSkew) { progress?("sending", $0, $1) }
        // Resolutions are a grow-only set: each side takes in the other's whole set.
        let resolutionsReceived = try local.importResolutions(try remote.conflictResolutions())
        let resolutionsSent = try remote.importResolutions(try local.conflictResolutions())
        // Names are one register per site: each side takes the later of each.
        try local.importSiteNames(try remote.siteNames())
        try remote.importSiteNames(try local.siteNames())
        return Report(received: received, sent: sent, resolutionsReceived: resolutionsReceived, resolutionsSent: resolutionsSent)
    }

    /// Both stores must hold the same version at the last seq both have of each site. A copied
    /// store that wrote on after the copy (and passed its changes on) fails this, where
    /// knowledge alone would see nothing to exchange and the stores would silently differ.
    static func checkSameHistory(_ local: Store, _ remote: Store) throws {
        let mine = try local.knowledge(), theirs = try remote.knowledge()
        for (site, seq) in mine.sorted {
            let common = min(seq, theirs[site])
            guard common > 0 else { continue }
            let here = try local.versionID(site: site, containing: common)
            let there = try remote.versionID(site: site, containing: common)
            if let here, let there, here != there { throw SyncError.contradiction(site: site, seq: common) }
        }
    }

    /// Copies everything `source` holds into `target` (a new store, with its own site id).
    public static func clone(from source: Store, into target: Store, progress: ((Int, Int) -> Void)? = nil) throws -> ImportReport {
        let report = try target.importVersions(try source.payloads(after: VersionVector()), maxClockSkew: .max / 2, progress: progress)
        try target.importResolutions(try source.conflictResolutions())
        try target.importSiteNames(try source.siteNames())
        return report
    }
}
