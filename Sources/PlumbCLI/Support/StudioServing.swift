import LayoutEngine
import SpecStore

/// The studio's code, as `plumb serve` runs it: linked into `plumb-studio` only, so that `plumb`
/// does not load libmicrohttpd and the TLS stack behind it (GnuTLS, Nettle, GMP, p11-kit) at
/// every start. In `plumb`, `serve` hands its command line to `plumb-studio` (`HandOver`).
public protocol StudioServing: AnyObject {
    /// Starts serving the store, or fails in words (`StudioServingError`).
    static func serve(_ settings: StudioSettings) throws(StudioServingError) -> Self
    /// The address to open, with this run's token.
    var url: String { get }
    /// Stops serving and waits for the server's threads.
    func stop()
}

/// What `plumb serve` tells the studio.
public struct StudioSettings: Sendable {
    public let storePath: String
    public let author: String
    public let host: String
    public let port: UInt16
    /// Opens a store as the commands do (the CLI's own errors and options).
    public let openStore: @Sendable (String) throws -> Store
    public let makeMeasurer: @Sendable () throws -> any TextMeasuring
}

/// Why the studio did not start.
public enum StudioServingError: Error {
    /// `--host` is not an address: a usage error.
    case badHost(String)
    /// The port cannot be listened on (another studio may have it).
    case cannotListen(String)
    /// Anything else (the store cannot be opened or watched), in words.
    case failed(String)
}
