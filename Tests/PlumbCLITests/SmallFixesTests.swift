import Foundation
import LayoutSpec
import Testing

/// The small fixes of issue 13, each through the CLI: plurals, the author from the account,
/// sync's missing remote versus missing path, seconds in conflict times, the one-line unknown
/// command; and of issue 14's start: the environment read by a real process.
@Suite struct SmallFixesTests {
    @Test func oneVersionIsSingular() {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        #expect(plumb.run("apply", plumb.write("login.json", loginSpec)).status == 0)
        #expect(plumb.run("docs").stdout.squeezed.hasPrefix("login 1 version "))
        #expect(plumb.run("show", "login@head~1").stderr.contains("login@head~1: the document has only 1 version\n"))
        #expect(plumb.run("set", "login", "ok", "width=90").stdout.hasSuffix(", 1 change\n"))
        #expect(plumb.run("docs").stdout.squeezed.hasPrefix("login 2 versions "))
    }

    @Test func theAuthorComesFromTheAccountWhenUserIsUnset() throws {
        let plumb = PlumbRunner()
        plumb.environment = ["NO_COLOR": "1"]
        #expect(plumb.run("init").status == 0)
        #expect(plumb.run("apply", plumb.write("login.json", loginSpec)).status == 0)
        let account = try runAndCapture("/usr/bin/id", ["-un"]).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!account.isEmpty)
        let log = try JSONParser.parse(Array(plumb.run("log", "login", "--json").stdout.utf8))
        #expect(log[0]?["author"] == .string(account))
        plumb.environment["USER"] = ""
        plumb.environment["LOGNAME"] = "someone"
        #expect(plumb.run("set", "login", "ok", "width=1").status == 0)
        let again = try JSONParser.parse(Array(plumb.run("log", "login", "--json").stdout.utf8))
        #expect(again[0]?["author"] == .string("someone"))
    }

    /// `plumb` splits each entry of its environment at the first `=` byte: an author whose name
    /// starts with a combining mark (one character with the `=`) was once dropped, and a value
    /// may hold `=` itself.
    @Test func aProcessReadsItsEnvironmentAtTheFirstEquals() throws {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        #expect(plumb.run("apply", plumb.write("login.json", loginSpec)).status == 0)
        for (index, author) in ["\u{338}bob", "a=b"].enumerated() {
            let process = Process()
            process.executableURL = PlumbRunner.executable
            process.arguments = ["--store", plumb.storePath, "set", "login", "ok", "width=\(10 + index)"]
            process.environment = ["PLUMB_AUTHOR": author, "NO_COLOR": "1"]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            let log = try JSONParser.parse(Array(plumb.run("log", "login", "--json").stdout.utf8))
            #expect(log[0]?["author"] == .string(author))
        }
    }

    @Test func syncTellsAMissingRemoteFromAMissingPath() throws {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        let none = plumb.run("sync", "origin")
        #expect(none.status == 1)
        #expect(none.stderr == "plumb sync: \"origin\" is not a remote (there are none; `plumb remote add origin URL` adds one), nor a path to a store (no file or folder \(plumb.folder.path)/origin)\n")
        #expect(plumb.run("remote", "add", "origin", "postgresql://me@db.example/plumb").status == 0)
        #expect(plumb.run("sync", "orign").stderr.contains("\"orign\" is not a remote (did you mean \"origin\"? `plumb remote list` shows them)"))
        #expect(plumb.run("sync", "./nothere/store").stderr == "plumb sync: ./nothere/store: no such file or folder (give a store file, or a folder holding .plumb/)\n")
        try FileManager.default.createDirectory(at: plumb.folder.appendingPathComponent("empty"), withIntermediateDirectories: true)
        #expect(plumb.run("sync", "empty").stderr.contains("empty: a folder without a Plumb store"))
        #expect(plumb.run("clone", "nothere", "x").stderr.contains("nothere: no such file or folder"))
    }

    @Test func conflictTimesHaveSeconds() throws {
        let plumb = PlumbRunner()
        plumb.environment["PLUMB_NOW_MS"] = "1764489600000"
        #expect(plumb.run("init").status == 0)
        #expect(plumb.run("apply", plumb.write("login.json", loginSpec)).status == 0)
        #expect(plumb.run("clone", ".", "other").status == 0)
        plumb.environment["PLUMB_NOW_MS"] = "1764489603000"
        #expect(plumb.run("set", "login", "ok", "text=Here").status == 0)
        plumb.environment["PLUMB_NOW_MS"] = "1764489607000"
        #expect(plumb.run("--store", "other", "set", "login", "ok", "text=There").status == 0)
        #expect(plumb.run("sync", "other").status == 0)
        let conflicts = plumb.run("conflicts", "login").stdout
        #expect(conflicts.contains("(tester on site ") && conflicts.contains(", 2025-11-30 08:00:07.000)") && conflicts.contains(", 2025-11-30 08:00:03.000)"), "\(conflicts)")
        #expect(plumb.run("log", "login").stdout.contains("2025-11-30 08:00:03"))
    }

    @Test func anUnknownCommandIsOneLine() {
        let plumb = PlumbRunner()
        let result = plumb.run("statee")
        #expect(result.status == 64)
        #expect(result.stderr == "plumb: unknown command \"statee\" (did you mean \"state\"?); `plumb help` lists the commands\n")
        #expect(plumb.run("frobnicate").stderr == "plumb: unknown command \"frobnicate\"; `plumb help` lists the commands\n")
    }

    private func runAndCapture(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
