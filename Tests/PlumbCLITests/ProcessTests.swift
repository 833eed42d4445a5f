import Foundation
import LayoutSpec
import SpecStore
import Testing

/// Real `plumb` processes: several writers at once, and writers killed mid-way.
@Suite(.serialized) struct ProcessTests {
    @Test func concurrentWriterProcessesAllSucceed() throws {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        #expect(plumb.run("apply", plumb.write("login.json", loginSpec)).status == 0)
        let writers = 8
        let processes = (0..<writers).map { index -> Process in
            let arguments = index % 2 == 0
                ? ["set", "login", "ok", "width=\(200 + index)", "-m", "writer \(index)"]
                : ["add", "login", "extra\(index)", "--parent", "form", "--kind", "label", "text=Extra \(index)"]
            return launch(arguments, in: plumb)
        }
        for process in processes { process.waitUntilExit() }
        #expect(processes.allSatisfy { $0.terminationStatus == 0 })
        let store = try Store.open(at: plumb.storePath)
        #expect(try store.log(of: "login").count == 1 + writers)
        #expect(try store.integrityCheck() == ["ok"])
        #expect(Set(try store.log(of: "login").map(\.number)) == Set(1...(1 + writers)))
    }

    @Test(arguments: [0.05, 0.15, 0.3, 0.6])
    func killedWritersLoseNothingThatReportedSuccess(after delay: Double) throws {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        #expect(plumb.run("apply", plumb.write("login.json", loginSpec)).status == 0)
        let big = plumb.write("big.json", bigSpec(views: 3_000))
        let output = plumb.folder.appendingPathComponent("reported.txt").path
        // Small versions and big ones (a 3,000-view document each time), so kills land in both.
        let script = """
            i=0
            while [ $i -lt 100000 ]; do
              i=$((i+1))
              "$PLUMB" set login ok "width=$i" || exit 1
              "$PLUMB" apply "\(big)" --doc "big$i" -m big || exit 1
            done
            """
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", script]
        shell.currentDirectoryURL = plumb.folder
        shell.environment = ProcessInfo.processInfo.environment.merging(["PLUMB": PlumbRunner.executable.path, "PLUMB_AUTHOR": "killer"]) { $1 }
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        shell.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        shell.standardError = FileHandle.nullDevice
        try shell.run()
        // Wait for the first reported version, then kill a little later.
        let deadline = Date().addingTimeInterval(60)
        while (try? String(contentsOfFile: output, encoding: .utf8))?.isEmpty ?? true, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        Thread.sleep(forTimeInterval: delay)
        // Kill the shell and whatever plumb it is running, mid-write.
        kill(-shell.processIdentifier, SIGKILL)
        _ = try? runAndWait("/usr/bin/pkill", ["-KILL", "-P", String(shell.processIdentifier)])
        kill(shell.processIdentifier, SIGKILL)
        shell.waitUntilExit()

        let store = try Store.open(at: plumb.storePath)
        #expect(try store.integrityCheck() == ["ok"])
        let reported = try String(contentsOfFile: output, encoding: .utf8)
        let numbers = reported.split(separator: "\n").compactMap { line -> (String, Int)? in
            let parts = line.split(separator: " ")
            guard parts.count >= 3, parts[1] == "version", let number = Int(parts[2]) else { return nil }
            return (String(parts[0].dropLast()), number)
        }
        #expect(!numbers.isEmpty, "no command reported success before the kill: the test checked nothing")
        for (document, number) in numbers {
            #expect(throws: Never.self, "\(document) version \(number) reported but missing") {
                _ = try store.version(of: document, revision: String(number))
            }
        }
        // Every stored version reads back whole.
        for document in try store.documentNames() {
            for version in try store.log(of: document, limit: 3) { _ = try store.state(of: version) }
        }
    }

    private func launch(_ arguments: [String], in plumb: PlumbRunner) -> Process {
        let process = Process()
        process.executableURL = PlumbRunner.executable
        process.arguments = ["--store", plumb.storePath] + arguments
        process.environment = ["PLUMB_AUTHOR": "tester"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            Issue.record("cannot start \(PlumbRunner.executable.path): \(error)")
        }
        return process
    }

    private func runAndWait(_ path: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    private func bigSpec(views: Int) -> String {
        var entries = ["{\"id\": \"root\", \"kind\": \"stack\"}"]
        for index in 1..<views {
            entries.append("{\"id\": \"v\(index)\", \"parent\": \"root\", \"kind\": \"label\", \"text\": \"Label \(index)\", \"height\": \(index % 50), \"margin\": \(index % 7)}")
        }
        return "{\"plumb\": 1, \"name\": \"big\", \"views\": [\n" + entries.joined(separator: ",\n") + "\n]}"
    }
}
