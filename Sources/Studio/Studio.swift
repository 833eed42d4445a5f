import FoundationEssentials
import Glibc
import LayoutEngine
import SpecStore

/// The local web studio over one store (`plumb serve`): pages for documents, versions,
/// picture diffs, device sheets and conflicts, following the store live.
///
/// Requests run on libmicrohttpd's threads, each borrowing a workbench (a store connection and
/// a text measurer) from a small pool; a watcher on the store's files tells open pages when
/// another process commits, syncs or pulls, through server-sent events.
public final class Studio: @unchecked Sendable {
    /// How to start the studio.
    public struct Configuration: Sendable {
        /// The store file.
        public var storePath: String
        /// The address to listen on: 127.0.0.1 unless asked otherwise.
        public var host = "127.0.0.1"
        /// The port; 0 lets the system choose a free one.
        public var port: UInt16 = 0
        /// Who the versions the studio makes are by.
        public var author: String
        /// Opens the store file (one connection per workbench, one for the watcher).
        public var openStore: @Sendable (String) throws -> Store
        /// Makes a text measurer (one per workbench).
        public var makeMeasurer: @Sendable () throws -> any TextMeasuring
        /// Requests served at once (each with its own store connection and measurer).
        public var workbenches = 2
        /// Seconds between keep-alive comments on an idle event stream.
        public var keepAlive: TimeInterval = 15
        /// Milliseconds a request waits for another process's lock on the store, or for a free
        /// workbench, before its page says the store is busy (503).
        public var busyWait = 1_000

        public init(storePath: String, author: String, openStore: @escaping @Sendable (String) throws -> Store,
                    makeMeasurer: @escaping @Sendable () throws -> any TextMeasuring) {
            self.storePath = storePath
            self.author = author
            self.openStore = openStore
            self.makeMeasurer = makeMeasurer
        }
    }

    /// `http://127.0.0.1:PORT`: an address a browser on this machine can open (loopback when
    /// listening on every address).
    public let address: String
    /// The address with this run's token: what to open in a browser.
    public let url: String
    public let port: UInt16

    private let router: Router
    private let hub: EventHub
    private var server: HTTPServer?
    private var watcher: StoreWatcher?
    private let summary: StoreSummary

    /// Opens the store, starts listening and watching. Throws when the store cannot be
    /// opened, the address cannot be bound or the store's folder cannot be watched.
    public init(_ configuration: Configuration) throws {
        let watchStore = try configuration.openStore(configuration.storePath)
        summary = try StoreSummary(store: watchStore)
        hub = EventHub(keepAlive: configuration.keepAlive)
        let pool = WorkbenchPool(limit: configuration.workbenches, wait: Double(configuration.busyWait) / 1000) {
            let store = try configuration.openStore(configuration.storePath)
            try store.waitForLocks(milliseconds: configuration.busyWait)
            return Workbench(store: store, measurer: try configuration.makeMeasurer())
        }
        let token = AccessGuard.newToken()
        router = Router(pool: pool, hub: hub, summary: summary, storeName: configuration.storePath, author: configuration.author, token: token)
        let server = try HTTPServer(host: configuration.host, port: configuration.port) { [router] request in router.handle(request) }
        self.server = server
        port = server.port
        address = "http://\(ListeningAddress(configuration.host).shownHost):\(server.port)"
        url = "\(address)/?token=\(token)"
        router.listening(host: configuration.host, port: server.port)
        let summary = self.summary, router = self.router
        watcher = try StoreWatcher(storePath: configuration.storePath) {
            let changed = summary.refresh()
            if !changed.isEmpty { router.storeChanged(documents: changed) }
        }
    }

    deinit { stop() }

    /// Closes every event stream, stops listening and watching.
    public func stop() {
        hub.close()
        server?.stop()
        server = nil
        watcher?.stop()
        watcher = nil
    }
}
