import Foundation
import SpecStore
import SpecSync
import Testing

/// `plumb gc` as the built binary runs it: the binary links FoundationEssentials alone, whose
/// file attributes differ from the test process's Foundation, so its size report is checked
/// on the binary itself.
@Suite struct GCCommandTests {
    @Test func theBuiltBinaryReportsTheStoresSizeBeforeAndAfter() throws {
        let plumb = PlumbRunner()
        plumb.run("init")
        plumb.write("login.json", loginSpec)
        #expect(plumb.run("apply", "login.json").status == 0)
        #expect(plumb.run("set", "login", "title", "text=Hello").status == 0)

        let process = Process()
        process.executableURL = PlumbRunner.executable
        process.arguments = ["--store", plumb.storePath, "gc"]
        process.environment = ["PLUMB_AUTHOR": "tester"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        // "PATH: 36 KB → 28 KB (3 blobs recompressed)"
        let sizes = printed.split(separator: ":").last?.split(separator: " ").compactMap { Int($0.drop { $0 == "(" }) } ?? []
        #expect(sizes.count == 3, "\(printed)")
        #expect(sizes.count == 3 && sizes[0] > 0 && sizes[1] > 0 && sizes[1] <= sizes[0], "\(printed)")
    }

    /// A command that writes versions takes a step of gc on its way out once
    /// `Store.autoCompactionVersions` commit versions are past where the last run got; a read
    /// command, or one that wrote no version, never does.
    @Test func aWriteCommandCompactsOneBatchOnceEnoughVersionsPiledUp() throws {
        let plumb = PlumbRunner()
        plumb.run("init")
        plumb.write("login.json", loginSpec)
        #expect(plumb.run("apply", "login.json").status == 0)
        func compacted() throws -> Int64 {
            try Database(path: plumb.storePath, mode: .readOnly)
                .scalar("SELECT value FROM meta WHERE key = 'compacted_version_changes'")?.text.flatMap { Int64($0) } ?? 0
        }
        let store = try Store.open(at: plumb.storePath)
        // The apply is version 1: 997 more leave it two short.
        for round in 1...(Store.autoCompactionVersions - 3) {
            _ = try store.commit(document: "login", message: "\(round)", author: "tester") { _ in
                [Edit(view: "title", property: .width, value: String(round))]
            }
        }
        #expect(plumb.run("log", "login").status == 0)
        #expect(try compacted() == 0, "a read writes nothing")
        #expect(plumb.run("set", "login", "title", "width=5000").status == 0)
        #expect(try compacted() == 0, "one version short")
        _ = try store.commit(document: "login", message: "due", author: "tester") { _ in [Edit(view: "title", property: .width, value: "1")] }
        #expect(plumb.run("tag", "login", "v1").status == 0)
        #expect(try compacted() == 0, "a write command that made no version leaves it")
        #expect(plumb.run("set", "login", "title", "width=5001").status == 0)
        #expect(try compacted() == 256, "one batch, from the oldest")
        #expect(plumb.run("set", "login", "title", "width=5002").status == 0)
        #expect(try compacted() == 256, "not due again until as many versions more")
        #expect(plumb.run("show", "login@1").stdout.contains("title"))
        #expect(try store.integrityCheck() == ["ok"])
    }
}
