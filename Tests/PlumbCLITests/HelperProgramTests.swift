import Foundation
import Testing

/// `plumb-raster`, `plumb-hub` and `plumb-studio` as programs of their own: `plumb` finds them
/// beside itself, says so in words when one is missing, passes their errors and the signals that
/// stop a command on, and leaves no temporary folder behind.
@Suite struct HelperProgramTests {
    /// The built `plumb-raster`, beside `plumb`.
    static var raster: URL { PlumbRunner.executable.deletingLastPathComponent().appendingPathComponent("plumb-raster") }

    /// A `plumb` copied alone into a folder cannot draw a PNG, and says which program is missing.
    @Test func missingHelperIsSaidInWords() throws {
        let plumb = PlumbRunner()
        let alone = plumb.folder.appendingPathComponent("alone")
        try FileManager.default.createDirectory(at: alone, withIntermediateDirectories: true)
        let copy = alone.appendingPathComponent("plumb")
        try FileManager.default.copyItem(at: PlumbRunner.executable, to: copy)
        plumb.write("seed.json", seedSpec)
        let result = try run(copy, ["resolve", "seed.json", "--size", "300x200", "-o", "seed.png"], in: plumb.folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("plumb-raster is not installed beside plumb"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: plumb.folder.appendingPathComponent("seed.png").path))
    }

    /// The real `plumb` draws through the helper and removes its private folder afterwards.
    @Test func drawingLeavesNoTemporaryFolder() throws {
        let plumb = PlumbRunner()
        let temporary = plumb.folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        plumb.write("seed.json", seedSpec)
        let result = try run(PlumbRunner.executable, ["resolve", "seed.json", "--size", "300x200", "-o", "seed.pdf"],
                             in: plumb.folder, environment: ["TMPDIR": temporary.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
        #expect(FileManager.default.fileExists(atPath: plumb.folder.appendingPathComponent("seed.pdf").path))
    }

    /// Wrong arguments are a usage line (exit 64); a broken SVG is librsvg's message (exit 1).
    @Test func helperRefusesBadInputInWords() throws {
        let plumb = PlumbRunner()
        let usage = try run(Self.raster, ["png", "0", "in.svg", "out.png"], in: plumb.folder)
        #expect(usage.status == 64)
        #expect(usage.stderr.contains("the scale must be a positive number"))
        let none = try run(Self.raster, [], in: plumb.folder)
        #expect(none.status == 64)
        #expect(none.stderr.contains("usage: plumb-raster png SCALE"))
        plumb.write("broken.svg", "<svg")
        let broken = try run(Self.raster, ["pdf", "broken.svg", "out.pdf"], in: plumb.folder)
        #expect(broken.status == 1)
        #expect(broken.stderr.hasPrefix("plumb-raster: "))
        let missing = try run(Self.raster, ["pdf", "absent.svg", "out.pdf"], in: plumb.folder)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("cannot read absent.svg"))
    }

    /// The built `plumb-hub`, beside `plumb`.
    static var hub: URL { PlumbRunner.executable.deletingLastPathComponent().appendingPathComponent("plumb-hub") }

    /// A push through `plumb` is `plumb-hub`'s: the same message (here libpq's, from a port
    /// nothing listens on) and the same exit status as `plumb-hub` running that command line.
    @Test func hubWorkIsHandedToPlumbHub() throws {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        #expect(plumb.run("remote", "add", "origin", "postgresql://nobody@127.0.0.1:1/plumb").status == 0)
        for arguments in [["push"], ["pull", "--json"], ["sync", "origin"], ["hub", "init", "postgresql://nobody@127.0.0.1:1/plumb"],
                          ["clone", "postgresql://nobody@127.0.0.1:1/plumb", "copy"]] {
            let handed = try run(PlumbRunner.executable, arguments, in: plumb.folder)
            let direct = try run(Self.hub, arguments, in: plumb.folder)
            #expect(handed.status == 1, "\(arguments): \(handed.stderr)")
            #expect(handed.stderr.hasPrefix("plumb \(arguments[0]): cannot reach the hub: "), "\(handed.stderr)")
            #expect(handed.status == direct.status && handed.stderr == direct.stderr, "\(handed) \(direct)")
        }
        #expect(!FileManager.default.fileExists(atPath: plumb.folder.appendingPathComponent("copy").path), "a refused clone left its folder")
        // What `plumb` itself can tell needs no hand-over: a remote that is not there.
        let missing = try run(PlumbRunner.executable, ["push", "upstream"], in: plumb.folder)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("no remote named \"upstream\""), "\(missing.stderr)")
    }

    /// A `plumb` copied without `plumb-hub` says which program is missing, and changes nothing.
    @Test func missingHubProgramIsSaidInWords() throws {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        #expect(plumb.run("remote", "add", "origin", "postgresql://nobody@127.0.0.1:1/plumb").status == 0)
        let alone = plumb.folder.appendingPathComponent("alone")
        try FileManager.default.createDirectory(at: alone, withIntermediateDirectories: true)
        let copy = alone.appendingPathComponent("plumb")
        try FileManager.default.copyItem(at: PlumbRunner.executable, to: copy)
        let result = try run(copy, ["pull"], in: plumb.folder)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("plumb pull: plumb-hub is not installed beside plumb"), "\(result.stderr)")
    }

    /// The built `plumb-studio`, beside `plumb`.
    static var studio: URL { PlumbRunner.executable.deletingLastPathComponent().appendingPathComponent("plumb-studio") }

    /// `plumb serve` is `plumb-studio`'s: the address comes from it, and SIGTERM or SIGINT to
    /// `plumb` reaches it, so the studio stops (its port refuses) before `plumb` exits with 0.
    @Test(.timeLimit(.minutes(1)), arguments: [SIGTERM, SIGINT])
    func serveIsHandedToPlumbStudioAndStopsWithIt(_ signal: Int32) throws {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        let process = Process()
        process.executableURL = PlumbRunner.executable
        process.arguments = ["serve", "--port", "0", "--metrics", "fixed"]
        process.currentDirectoryURL = plumb.folder
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        var line: [UInt8] = []
        while case let byte = output.fileHandleForReading.readData(ofLength: 1), let first = byte.first, first != UInt8(ascii: "\n") {
            line.append(first)
        }
        let url = String(decoding: line, as: UTF8.self)
        let port = try #require(url.split(separator: ":").last?.split(separator: "/").first.flatMap { UInt16($0) }, "\(url)")
        #expect(Self.accepts(port: port))
        kill(process.processIdentifier, signal)
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(String(decoding: said, as: UTF8.self))")
        #expect(String(decoding: said, as: UTF8.self).hasSuffix("stopped\n"))
        #expect(!Self.accepts(port: port), "the studio stopped with plumb")
    }

    /// A `plumb` copied without `plumb-studio` says which program is missing.
    @Test func missingStudioProgramIsSaidInWords() throws {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        let alone = plumb.folder.appendingPathComponent("alone")
        try FileManager.default.createDirectory(at: alone, withIntermediateDirectories: true)
        let copy = alone.appendingPathComponent("plumb")
        try FileManager.default.copyItem(at: PlumbRunner.executable, to: copy)
        let result = try run(copy, ["serve", "--port", "0"], in: plumb.folder)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("plumb serve: plumb-studio is not installed beside plumb"), "\(result.stderr)")
    }

    /// Whether something listens on the loopback `port`.
    static func accepts(port: UInt16) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    /// Only `plumb-hub` links libpq, and only `plumb-studio` libmicrohttpd: `plumb` starts
    /// without loading either (issue 35).
    @Test func onlyTheHelperProgramsLinkLibpqAndLibmicrohttpd() throws {
        func libraries(_ program: URL) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
            process.arguments = [program.path]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let listed = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: listed, as: UTF8.self)
        }
        let plumb = try libraries(PlumbRunner.executable), hub = try libraries(Self.hub), studio = try libraries(Self.studio)
        #expect(plumb.contains("libsqlite3"), "\(plumb)")
        #expect(!plumb.contains("libpq") && !plumb.contains("libmicrohttpd"), "\(plumb)")
        #expect(hub.contains("libpq"), "\(hub)")
        #expect(studio.contains("libmicrohttpd"), "\(studio)")
    }

    private func run(_ program: URL, _ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> (status: Int32, stderr: String) {
        // A program just copied can be refused with ETXTBSY while a process that another test
        // starts at that moment still holds the copy's write descriptor; it is let go at once.
        for attempt in 1... {
            let process = Process()
            process.executableURL = program
            process.arguments = arguments
            process.currentDirectoryURL = folder
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            let errors = Pipe()
            process.standardOutput = FileHandle.nullDevice
            process.standardError = errors
            do {
                try process.run()
            } catch where attempt < 20 && "\(error)".localizedCaseInsensitiveContains("busy") {
                usleep(50_000)
                continue
            }
            let said = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: said, as: UTF8.self))
        }
        fatalError("unreachable")
    }
}
