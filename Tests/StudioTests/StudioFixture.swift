import Foundation
import RawHTTP
import LayoutEngine
import PlumbCLI
import SpecStore
@testable import Studio

/// A store with a document to look at, in a temporary folder, and ways to serve it: in this
/// process (`Studio`) or as a real `plumb serve` process.
final class StudioFixture {
    let folder: URL
    let environment: [String: String] = ["PLUMB_AUTHOR": "tester", "NO_COLOR": "1"]

    /// `login`: v1 as below, v2 moves `ok` down, v3 adds `help`.
    static let spec = """
        {"plumb": 1, "name": "login", "root": {"id": "root", "kind": "view", "backgroundColor": "#FFFFFF", "children": [
          {"id": "title", "kind": "label", "text": "Sign in", "horizontalAlignment": "center", "verticalAlignment": "top", "margin": {"top": 40}},
          {"id": "ok", "kind": "button", "text": "OK", "width": 100, "height": 44, "horizontalAlignment": "right",
           "verticalAlignment": "top", "margin": {"top": 100, "right": 20}, "backgroundColor": "#1F6FEB"}
        ]}}
        """

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-studio-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try plumb("init")
        let file = folder.appendingPathComponent("login.json")
        try Data(Self.spec.utf8).write(to: file)
        try plumb("apply", file.path, "-m", "First login screen")
        try plumb("set", "login", "ok", "margin.top=200", "-m", "Move OK down")
        try plumb("add", "login", "help", "--parent", "root", "--kind", "label", "text=Help", "verticalAlignment=bottom", "-m", "Add help")
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    var storePath: String { folder.appendingPathComponent(".plumb/store.sqlite").path }

    /// Runs a command line in-process in `directory` (the fixture's folder by default).
    @discardableResult
    func plumb(_ arguments: String..., in directory: URL? = nil) throws -> String {
        var out = "", err = ""
        let console = Console(out: { out += $0 }, err: { err += $0 }, isTerminal: false, errorIsTerminal: false, useColor: false)
        let status = Plumb.run(arguments, environment: environment, directory: (directory ?? folder).path, console: console)
        guard status == 0 else { throw HTTPTestError("plumb \(arguments.joined(separator: " ")) exited \(status): \(err)") }
        return out
    }

    /// Makes a conflict on `ok.width`: a clone sets 140 while this store sets 120, then this
    /// store syncs with the clone. The later write (the clone's) wins; 120 is the value lost.
    func makeConflict() throws {
        let clone = folder.appendingPathComponent("clone")
        try plumb("clone", storePath, clone.path)
        try plumb("set", "login", "ok", "width=120", "-m", "Narrower OK")
        try plumb("set", "login", "ok", "width=140", "-m", "Wider OK", in: clone)
        try plumb("sync", clone.path)
    }

    /// Makes a structural conflict: `form` (a stack holding the label `name`) is added and
    /// cloned; this store removes `form` while the clone sets `name`'s text to "Edited"; this
    /// store syncs with the clone. The delete wins: `name` is out of the document, and
    /// `plumb restore login name --from V` (V the clone's version) brings it back.
    func makeStructuralConflict() throws {
        try plumb("add", "login", "form", "--parent", "root", "--kind", "stack", "-m", "Add a form")
        try plumb("add", "login", "name", "--parent", "form", "--kind", "label", "text=Name", "-m", "Add a name field")
        let clone = folder.appendingPathComponent("clone-structure")
        try plumb("clone", storePath, clone.path)
        try plumb("rm", "login", "form", "-m", "Drop the form")
        try plumb("set", "login", "name", "text=Edited", "-m", "Edit the name field", in: clone)
        try plumb("sync", clone.path)
    }

    /// Makes a skipped move: `a` and `b` (stacks) are added and cloned; this store moves `a`
    /// under `b` while the clone moves `b` under `a`; this store syncs with the clone. One of
    /// the moves is skipped (together they would make a loop); nothing leaves the document.
    func makeSkippedMove() throws {
        try plumb("add", "login", "a", "--parent", "root", "--kind", "stack", "-m", "Add a")
        try plumb("add", "login", "b", "--parent", "root", "--kind", "stack", "-m", "Add b")
        let clone = folder.appendingPathComponent("clone-moves")
        try plumb("clone", storePath, clone.path)
        try plumb("mv", "login", "a", "--parent", "b", "-m", "a under b")
        try plumb("mv", "login", "b", "--parent", "a", "-m", "b under a", in: clone)
        try plumb("sync", clone.path)
    }

    /// A studio in this process, fixed text metrics, on a free port.
    func startStudio(host: String = "127.0.0.1", makeMeasurer: @escaping @Sendable () throws -> any TextMeasuring = { FixedTextMeasurer() }) throws -> Studio {
        var configuration = Studio.Configuration(
            storePath: storePath, author: "tester",
            openStore: { try Store.open(at: $0) },
            makeMeasurer: makeMeasurer)
        configuration.keepAlive = 1
        configuration.host = host
        return try Studio(configuration)
    }

    /// A session opened as a browser opens the studio's URL: its cookie and write key.
    static func session(_ studio: Studio) -> (cookie: String, writeKey: String) {
        try! RawHTTP(port: studio.port).studioSession(token: token(studio))
    }

    /// The cookie of a new session.
    static func cookie(_ studio: Studio) -> String { session(studio).cookie }

    static func token(_ studio: Studio) -> String {
        String(studio.url.split(separator: "=").last!)
    }
}

/// `plumb serve` as a real process: started in a folder, its address read from its stdout,
/// stopped with SIGTERM.
final class ServeProcess {
    let process = Process()
    let url: String
    private let output = Pipe()

    init(in folder: URL, arguments: [String] = [], environment: [String: String] = [:]) throws {
        process.executableURL = Self.executable
        process.arguments = ["serve", "--port", "0", "--metrics", "fixed"] + arguments
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(["PLUMB_AUTHOR": "studio", "NO_COLOR": "1"].merging(environment) { $1 }) { $1 }
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The first line of stdout is the address; reading blocks until it is printed.
        var line = [UInt8]()
        let handle = output.fileHandleForReading
        while true {
            let byte = handle.readData(ofLength: 1)
            if byte.isEmpty || byte.first == UInt8(ascii: "\n") { break }
            line += byte
        }
        url = String(decoding: line, as: UTF8.self)
        guard url.hasPrefix("http://") else {
            process.terminate()
            throw HTTPTestError("plumb serve printed no address (\(url))")
        }
    }

    deinit { stop() }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    /// The built `plumb` executable, next to the test bundle.
    static var executable: URL {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        let directory = executable.deletingLastPathComponent()
        let candidates = [directory, directory.deletingLastPathComponent(), Bundle.main.bundleURL]
            .map { $0.appendingPathComponent("plumb") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }

    /// Runs the built `plumb` as another process; returns when it exits, with its status.
    @discardableResult
    static func run(_ arguments: [String], in folder: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(["PLUMB_AUTHOR": "other", "NO_COLOR": "1"]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
