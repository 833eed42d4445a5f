import Foundation
import SpecStore
import SpecSync
import Testing

/// `plumb` processes beside writers in other processes, as users run them: a read sees what a
/// writer holds in the log, and reads keep working whatever a killed writer left behind
/// (issue 39: `plumb set … & kill -9 $!; plumb docs` must never leave "locking protocol").
@Suite struct KilledWriterTests {
    /// Runs the built `plumb` on `store`; its status, output and error output.
    static func plumb(_ arguments: [String], store: String) throws -> (status: Int32, output: String, error: String) {
        let process = Process()
        process.executableURL = PlumbRunner.executable
        process.arguments = ["--store", store] + arguments
        // The test's own environment (a sanitizer's options among it), without colour.
        process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1", "PLUMB_AUTHOR": "tester"]) { $1 }
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let said = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, printed, said)
    }

    @Test func aReadCommandSeesWhatAWriterInAnotherProcessHoldsInTheLog() throws {
        let runner = PlumbRunner()
        runner.run("init")
        #expect(runner.run("apply", runner.write("login.json", loginSpec)).status == 0)
        let writer = try Store.open(at: runner.storePath)
        try writer.database.execute("PRAGMA wal_autocheckpoint = 0")
        _ = try writer.commit(document: "login", message: "Held in the log", author: "tester") { _ in
            [Edit(view: "title", property: .text, value: #""Held""#)]
        }
        #expect((FileManager.default.contents(atPath: runner.storePath + "-wal")?.count ?? 0) > 0, "the version is in the log alone")
        for arguments in [["log", "login"], ["show", "login"]] {
            let result = try Self.plumb(arguments, store: runner.storePath)
            #expect(result.status == 0, "\(result.error)")
            #expect(result.output.contains(arguments[0] == "log" ? "Held in the log" : #""Held""#), "plumb \(arguments[0]) sees the writer's version")
        }
    }

    /// Writers killed at every point of their run, from their start to their commit (the delay
    /// before the kill grows by half a millisecond a round): after each kill every read works,
    /// and so does the next write.
    @Test func readsWorkAfterWritersAreKilledAtAnyPoint() throws {
        let runner = PlumbRunner()
        runner.run("init")
        #expect(runner.run("apply", runner.write("login.json", loginSpec)).status == 0)
        for round in 0..<24 {
            let writer = Process()
            writer.executableURL = PlumbRunner.executable
            writer.arguments = ["--store", runner.storePath, "set", "login", "title", "text=y\(round)"]
            writer.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1", "PLUMB_AUTHOR": "tester"]) { $1 }
            writer.standardOutput = FileHandle.nullDevice
            writer.standardError = FileHandle.nullDevice
            try writer.run()
            usleep(UInt32(round) * 500)
            kill(writer.processIdentifier, SIGKILL)
            writer.waitUntilExit()
            for arguments in [["docs"], ["show", "login"], ["log", "login"]] {
                let result = try Self.plumb(arguments, store: runner.storePath)
                #expect(result.status == 0 && !result.error.contains("SQLite"), "round \(round), plumb \(arguments[0]): \(result.error)")
            }
        }
        let write = try Self.plumb(["set", "login", "title", "text=after"], store: runner.storePath)
        #expect(write.status == 0, "\(write.error)")
        #expect(try Self.plumb(["show", "login"], store: runner.storePath).output.contains(#""after""#))
        #expect(try Store.open(at: runner.storePath).integrityCheck() == ["ok"])
    }
}
