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
    /// A pushed version's id or place is taken on the hub by other content.
    case idTaken(pushed: String, held: String)
    /// The server is a standby (read-only, in recovery): pushes need the primary.
    case readOnlyServer(String)
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
        case .idTaken(let pushed, let held):
            "the hub holds other content where this push puts version \(pushed): the hub's version \(held). Nothing was pushed; ask the hub's owner to look at that row (a version id names its content, so one of the two was written by hand)"
        case .readOnlyServer(let message):
            "the hub's server is read-only (\(message.trimmed)): a standby serves pulls only; push, `hub init` and `hub grant` on the primary (point the remote's URL at it with `plumb remote set-url NAME URL`; --read-url is for pulls). Nothing was changed."
        case .server(let error): "hub error: \(error)"
        }
    }
}
