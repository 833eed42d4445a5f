import SpecSync

/// Why a hub operation failed. A failed push or pull leaves both sides as they were.
public enum HubError: Error, CustomStringConvertible, Sendable {
    case connection(String)
    case notAHub
    case newerHub(found: Int, known: Int)
    case olderHub(found: Int, known: Int)
    case refused(String)
    case contradiction(site: String, seq: Int64)
    case malformed(String)
    /// A version on the hub whose content does not hash to its id.
    case tampered(id: VersionID, site: SiteID)
    case server(PostgresError)

    public var description: String {
        switch self {
        case .connection(let message): "cannot reach the hub: \(message.trimmed)"
        case .notAHub: "not a Plumb hub (set one up with `plumb hub init URL`)"
        case .newerHub(let found, let known):
            "the hub was set up by a newer Plumb (hub schema \(found); this Plumb knows up to \(known)); upgrade Plumb. Nothing was changed."
        case .olderHub(let found, let known):
            "the hub's schema is older (\(found)) than this Plumb's (\(known)); run `plumb hub init URL` as the hub's owner to upgrade it"
        case .refused(let message): "the hub refused: \(message)"
        case .contradiction(let site, let seq):
            "the hub holds other changes under site \(site.prefix(8)) at seq \(seq); refusing to push (was a store copied? see `plumb reidentify`). Nothing was pushed."
        case .malformed(let detail): "the hub sent inconsistent versions (\(detail)); nothing was applied"
        case .tampered(let id, let site):
            "the hub holds version \(id.short) of site \(site.short) whose content does not match its id (its rows were changed on the hub); nothing was applied. The hub's owner should delete that version's rows; the store that made it can push it again."
        case .server(let error): "hub error: \(error)"
        }
    }
}
