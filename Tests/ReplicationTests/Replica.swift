import Foundation
import LayoutEngine
import LayoutSpec
import PlumbCLI
import PostgresHub
import Replication
import SpecStore
import SpecSync

/// One store in a replication test, edited through the real `plumb` commands (in-process).
final class Replica {
    let name: String
    let folder: URL
    var storePath: String { folder.appendingPathComponent(".plumb/store.sqlite").path }
    private(set) var lastOutput = ""
    /// Who makes its versions (`PLUMB_AUTHOR`); the replica's name unless a test sets one.
    var author: String

    init(name: String, root: URL) {
        self.name = name
        folder = root.appendingPathComponent(name)
        author = name
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Runs a plumb command line against this replica; returns the exit status.
    @discardableResult
    func plumb(_ arguments: [String], now: UInt64) -> Int32 {
        var out = "", err = ""
        let console = Console(out: { out += $0 }, err: { err += $0 }, isTerminal: false, errorIsTerminal: false, useColor: false)
        let environment = ["PLUMB_AUTHOR": author, "PLUMB_NOW_MS": String(now)]
        let status = Plumb.run(["--store", storePath] + arguments, environment: environment, directory: folder.path, console: console, hub: Hub.self)
        lastOutput = out + err
        return status
    }

    func open() throws -> Store { try Store.open(at: storePath) }

    /// Alive views of the head as (id, kind), for picking edit targets.
    func views(of document: String) throws -> [(id: String, kind: ViewKind)] {
        let store = try open()
        guard (try? store.head(of: document)) != nil else { return [] }
        let spec = try StoreReading.spec(store, document)
        return spec.views.map { ($0.id, $0.kind) }
    }
}

extension Replica {
    /// Two stores with the same `login` document: `a` applied it, `b` is a clone of `a`.
    static func pair(root: URL, now: UInt64) -> (Replica, Replica) {
        let a = Replica(name: "a", root: root), b = Replica(name: "b", root: root)
        a.plumb(["init", a.folder.path], now: now)
        let file = root.appendingPathComponent("login.json").path
        _ = FileManager.default.createFile(atPath: file, contents: Data(Scenario.startSpec("login").utf8))
        a.plumb(["apply", file], now: now)
        a.plumb(["clone", a.folder.path, b.folder.path], now: now)
        return (a, b)
    }
}

/// What the convergence checks compare.
enum StoreReading {
    static func spec(_ store: Store, _ document: String) throws -> Spec {
        let version = try store.version(of: document, revision: "head")
        return try Materializer.spec(named: document, from: try store.state(of: version)).spec
    }

    /// `plumb show` text, head id and resolved frames of a document.
    static func fingerprint(_ store: Store, _ document: String) throws -> (head: String, show: String, frames: [Rect]) {
        let head = try store.version(of: document, revision: "head")
        let spec = try spec(store, document)
        let layout = LayoutEngine(measurer: FixedTextMeasurer()).resolve(spec, viewport: Size(width: 375, height: 667))
        return (head.id.hex, SpecCodec.encodeText(spec), layout.frames)
    }
}
