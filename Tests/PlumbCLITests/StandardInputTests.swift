import Foundation
import Testing

/// `-` (standard input) in a real `plumb` process: whatever stdin is, a message and exit 1,
/// never a trap; the size limit holds while reading.
@Suite struct StandardInputTests {
    /// Runs `script` with `sh -c`, `$PLUMB` the built binary, in a store folder.
    private func shell(_ script: String, in plumb: PlumbRunner) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = plumb.folder
        process.environment = ["PLUMB": PlumbRunner.executable.path, "PLUMB_AUTHOR": "tester", "PATH": "/usr/bin:/bin"]
        let errors = plumb.folder.appendingPathComponent("stderr.txt")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errors)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, try String(contentsOf: errors, encoding: .utf8))
    }

    @Test(arguments: [
        ("< .", "standard input: is a folder"),
        ("<&-", "standard input: cannot read: it is closed"),
        ("0>written.txt", "standard input: is open for writing only"),
    ])
    func unreadableStandardInputIsRefusedInWords(redirection: String, message: String) throws {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        for command in ["apply -", "resolve - --size 320x480", "check -"] {
            let result = try shell("\"$PLUMB\" \(command) \(redirection)", in: plumb)
            #expect(result.status == 1, "\(command) \(redirection): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(command) \(redirection): \(result.stderr)")
        }
    }

    @Test func oversizedStandardInputIsRefusedWhileReading() throws {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        // 300 MB of spaces, over the 256 MiB limit: refused without reading it all first (the
        // writer is cut off by the closed pipe, so `head` fails too).
        let result = try shell("head -c 300000000 /dev/zero | tr '\\0' ' ' | \"$PLUMB\" apply -", in: plumb)
        #expect(result.status == 1)
        #expect(result.stderr.contains("standard input: larger than the 256 MiB allowed"), "\(result.stderr)")
        #expect(plumb.run("docs").stdout.isEmpty)
    }

    @Test func specOnStandardInputStillApplies() throws {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        plumb.write("login.json", loginSpec)
        let result = try shell("\"$PLUMB\" apply - < login.json", in: plumb)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(plumb.run("show", "login").status == 0)
    }
}

/// Arguments are text: invalid UTF-8 on the command line is refused, as `apply` refuses it in
/// files, instead of being stored as U+FFFD.
@Suite struct ArgumentEncodingTests {
    @Test func invalidUTF8ArgumentIsRefused() throws {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        #expect(plumb.run("apply", plumb.write("login.json", loginSpec)).status == 0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", #""$PLUMB" set login title "text=$(printf 'a\377b')""#]
        process.currentDirectoryURL = plumb.folder
        process.environment = ["PLUMB": PlumbRunner.executable.path, "PLUMB_AUTHOR": "tester", "PATH": "/usr/bin:/bin"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 64)
        #expect(message.contains("is not valid UTF-8"), "\(message)")
        #expect(plumb.run("log", "login").stdout.split(separator: "\n").count == 1)
    }
}
