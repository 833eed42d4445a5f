import Foundation
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
}
