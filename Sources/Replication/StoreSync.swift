import SpecStore
import SpecSync

/// Store-to-store sync (`plumb sync PATH`): each side receives what the other has above its
/// per-site knowledge, in one transaction per side.
public enum StoreSync {
    /// What moved each way.
    public struct Report: Sendable {
        public var received: ImportReport
        public var sent: ImportReport
    }

    /// Syncs both ways. Refuses stores that share a site id (one copied from the other).
    public static func sync(local: Store, remote: Store, maxClockSkew: UInt64 = Store.defaultMaxClockSkew,
                            progress: ((String, Int, Int) -> Void)? = nil) throws -> Report {
        guard local.site != remote.site else { throw SyncError.sameSite(local.site) }
        let incoming = try remote.payloads(after: try local.knowledge())
        let received = try local.importVersions(incoming, maxClockSkew: maxClockSkew) { progress?("receiving", $0, $1) }
        let outgoing = try local.payloads(after: try remote.knowledge())
        let sent = try remote.importVersions(outgoing, maxClockSkew: maxClockSkew) { progress?("sending", $0, $1) }
        return Report(received: received, sent: sent)
    }

    /// Copies everything `source` holds into `target` (a new store, with its own site id).
    public static func clone(from source: Store, into target: Store, progress: ((Int, Int) -> Void)? = nil) throws -> ImportReport {
        try target.importVersions(try source.payloads(after: VersionVector()), maxClockSkew: .max / 2, progress: progress)
    }
}
