import Foundation
import Testing

/// A short run of `plumb-bench hub-load` (issue 11's load figure is its long run): client
/// processes, each its own role, editing, pushing and pulling at once; the run fails on any
/// error, lost version or disagreement between the stores at the end.
@Suite(.serialized) struct HubLoadTests {
    @Test func clientProcessesUnderLoadLoseNothingAndAgree() throws {
        let bench = URL(fileURLWithPath: PlumbExecutable.path).deletingLastPathComponent().appendingPathComponent("plumb-bench").path
        try #require(FileManager.default.isExecutableFile(atPath: bench), "build plumb-bench first (swift build)")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-hub-load-\(UUID().uuidString).out").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let arguments = [bench, "hub-load", "--clients", "6", "--documents", "4", "--seconds", "8", TestPostgres.serverURL]
        let status = system(arguments.map { "'\($0)'" }.joined(separator: " ") + " </dev/null >'\(output)' 2>&1")
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        #expect(status == 0, "\(text)")
        #expect(text.contains("errors: 0 (deadlocks: 0); crashed clients: 0"), "\(text)")
        #expect(text.contains("(lost: 0)"), "\(text)")
        #expect(text.contains("distinct heads per document: 1 "), "\(text)")
    }
}
