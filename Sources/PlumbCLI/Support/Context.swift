import FoundationEssentials
import Glibc
import Replication
import SpecStore

/// What every command gets: the environment, the console, and the store (opened on demand).
public final class Context {
    public let environment: [String: String]
    public let directory: String
    public let console: Console
    /// `--store PATH` or `PLUMB_STORE`.
    public let storePath: String?
    private var openedStore: Store?
    private var openedReader: Store?
    /// The PostgreSQL hub's code where this program has it (`plumb-hub`, the tests); `nil` in
    /// `plumb`, which does not link libpq.
    var hubAccess: (any HubAccess.Type)?
    /// The studio's code where this program has it (`plumb-studio`); `nil` in `plumb`, which
    /// does not link libmicrohttpd.
    var studioServing: (any StudioServing.Type)?

    public init(environment: [String: String], directory: String, console: Console, storePath: String?) {
        self.environment = environment
        self.directory = directory
        self.console = console
        self.storePath = storePath ?? environment["PLUMB_STORE"]
    }

    /// The store, opened for writing: `--store`, `PLUMB_STORE`, or `.plumb/store.sqlite` found
    /// walking up.
    public func store() throws -> Store {
        if let openedStore { return openedStore }
        let store = try open(try storeFilePath())
        openedStore = store
        return store
    }

    /// After a command that wrote versions to the store: a step of `plumb gc` when one is due
    /// (`Store.compactIfDue`). Its failure is a warning: the command's work is done.
    func compactIfDue() {
        guard let openedStore, openedStore.versionsWritten > 0 else { return }
        do {
            _ = try openedStore.compactIfDue()
        } catch {
            console.warn("the automatic gc step was skipped: \(error)")
        }
    }

    /// The same store opened for reading only: no write, no write lock, works on a read-only
    /// file. For the commands that only read (show, log, diff, docs, conflicts, resolve, check…).
    public func readStore() throws -> Store {
        if let openedStore { return openedStore }
        if let openedReader { return openedReader }
        let store = try open(try storeFilePath(), access: .read)
        openedReader = store
        return store
    }

    /// The path of this context's store file.
    func storeFilePath() throws -> String {
        if let storePath { return Store.storeFileOrSelf(storePath, relativeTo: directory) }
        guard let found = Store.locate(from: directory) else { throw StoreError.noStore(searchedFrom: directory) }
        return found
    }

    /// Opens a store file with this context's clock (`PLUMB_NOW_MS`, for tests). `migrate: false`
    /// refuses a store of an older schema rather than upgrading it (for another store).
    public func open(_ path: String, access: Store.Access = .write, migrate: Bool = true) throws -> Store {
        let store = try Store.open(at: path, access: access, migrate: migrate)
        if let text = environment["PLUMB_NOW_MS"], let now = UInt64(text) { store.clock = { now } }
        return store
    }

    /// Who is making versions: `PLUMB_AUTHOR`, else the login name (`USER`, `LOGNAME`), else
    /// the account's name (as `id -un` finds it when neither is set, in cron jobs and
    /// containers), else "unknown".
    public var author: String {
        for key in ["PLUMB_AUTHOR", "USER", "LOGNAME"] {
            if let name = environment[key], !name.isEmpty { return name }
        }
        return Self.accountName() ?? "unknown"
    }

    /// The name of the account this process runs as, from the user database.
    static func accountName() -> String? {
        guard let entry = getpwuid(getuid()), let name = entry.pointee.pw_name else { return nil }
        let text = String(cString: name)
        return text.isEmpty ? nil : text
    }

    /// A path made absolute against the working directory.
    public func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : URL(fileURLWithPath: directory).appendingPathComponent(path).standardizedFileURL.path
    }
}

extension Store {
    /// A store file path: `PATH` itself, or `PATH/.plumb/store.sqlite` when PATH is a store folder.
    static func storeFileOrSelf(_ path: String, relativeTo directory: String) -> String {
        let absolute = path.hasPrefix("/") ? path : URL(fileURLWithPath: directory).appendingPathComponent(path).path
        var isDirectory = false
        if FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory), isDirectory {
            let inner = URL(fileURLWithPath: absolute).appendingPathComponent(".plumb/store.sqlite").path
            if FileManager.default.fileExists(atPath: inner) { return inner }
            let direct = URL(fileURLWithPath: absolute).appendingPathComponent("store.sqlite").path
            if FileManager.default.fileExists(atPath: direct) { return direct }
        }
        return absolute
    }
}

extension Context {
    /// The hub's code; where this program lacks it, a `HandOver` to `plumb-hub`.
    func hubType() throws(HandOver) -> any HubAccess.Type {
        guard let hubAccess else { throw HandOver(program: "plumb-hub") }
        return hubAccess
    }

    /// The studio's code; where this program lacks it, a `HandOver` to `plumb-studio`.
    func studioType() throws(HandOver) -> any StudioServing.Type {
        guard let studioServing else { throw HandOver(program: "plumb-studio") }
        return studioServing
    }

    /// The hub at `url`, connected.
    func hub(_ url: String) throws -> any HubAccess {
        try hubType().init(url: url)
    }
}

/// Thrown where a command needs the hub or the studio in a program without it (`plumb`): before
/// the command has written any output or version, so `program` (`plumb-hub`, `plumb-studio`),
/// which has it, can do the whole command again; `Plumb.run` runs it.
struct HandOver: Error {
    let program: String
}
