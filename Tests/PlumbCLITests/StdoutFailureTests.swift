import Foundation
import Testing

/// A command whose output cannot all be written (stdout on a full disk) fails in words, not with
/// a cut-off file and exit status 0.
@Suite struct StdoutFailureTests {
    @Test(.enabled(if: FileManager.default.isWritableFile(atPath: "/dev/full"), "needs a writable /dev/full"),
          arguments: [["show", "login"], ["resolve", "login", "--size", "100x100", "--format", "json"],
                      ["log", "login"], ["--version"], ["help", "log"]])
    func aFullDiskIsAnError(_ command: [String]) throws {
        let plumb = PlumbRunner()
        plumb.run("init")
        plumb.write("login.json", #"{ "plumb": 1, "name": "login", "root": { "id": "root", "kind": "stack" } }"#)
        #expect(plumb.run("apply", "login.json").status == 0)

        let process = Process()
        process.executableURL = PlumbRunner.executable
        process.arguments = ["--store", plumb.storePath] + command
        process.environment = ["PLUMB_AUTHOR": "tester"]
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let printed = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1, "\(printed)")
        #expect(printed.contains("cannot write to stdout (No space left on device); the output is incomplete"), "\(printed)")
    }
}
