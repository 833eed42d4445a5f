import Foundation
import SpecStore
import SpecSync
import Testing

/// `plumb` commands that read, run as processes beside a writer this process holds open: they
/// open the log's index read-only, leave it as they found it, and still see the versions the
/// writer keeps in the log alone.
@Suite struct LogIndexProcessTests {
    @Test func aReadCommandSeesAWriterInAnotherProcessAndLeavesItsIndex() throws {
        let plumb = PlumbRunner()
        plumb.run("init")
        plumb.write("login.json", loginSpec)
        #expect(plumb.run("apply", "login.json").status == 0)
        let writer = try Store.open(at: plumb.storePath)
        try writer.database.execute("PRAGMA wal_autocheckpoint = 0")
        _ = try writer.commit(document: "login", message: "Held in the log", author: "tester") { _ in
            [Edit(view: "title", property: .text, value: #""Held""#)]
        }
        let index = try #require(FileManager.default.contents(atPath: plumb.storePath + "-shm"))
        #expect((FileManager.default.contents(atPath: plumb.storePath + "-wal")?.count ?? 0) > 0, "the version is in the log alone")
        for arguments in [["log", "login"], ["show", "login"]] {
            let process = Process()
            process.executableURL = PlumbRunner.executable
            process.arguments = ["--store", plumb.storePath] + arguments
            // The test's own environment (a sanitizer's options among it), without colour.
            process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"]) { $1 }
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            #expect(printed.contains(arguments[0] == "log" ? "Held in the log" : #""Held""#), "plumb \(arguments[0]) sees the writer's version")
        }
        #expect(FileManager.default.contents(atPath: plumb.storePath + "-shm") == index, "the readers left the index as they found it")
    }
}
