import Foundation
import Replication
import Testing

/// The PostgreSQL server of the hub tests: the one `PLUMB_TEST_PG_URL` names (`.ci/run` starts
/// a throwaway one with Tools/pg-test.sh). Without it the hub tests are skipped, and say so
/// (`needsPostgres`); with it set to a server that cannot be used, each fails in words
/// (`makeDatabase`). Each test gets a database of its own.
enum TestPostgres {
    /// The server's URL; empty when `PLUMB_TEST_PG_URL` is not set (`isConfigured`).
    static let serverURL = ProcessInfo.processInfo.environment["PLUMB_TEST_PG_URL"] ?? ""

    /// True when `PLUMB_TEST_PG_URL` names a server to test against.
    static var isConfigured: Bool { !serverURL.isEmpty }

    /// Why a hub test could not get its database.
    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts a server in `directory` on a port of `ports` picked by this process's id (`extra`:
    /// the script's certificate and key). A port something else holds (a test run beside this
    /// one, a client's ephemeral port: these ranges lie among them) is passed over for another,
    /// up to five times.
    static func start(_ directory: String, ports: Range<Int>, extra: [String] = []) -> (status: Int32, text: String, port: Int) {
        var result = (status: Int32(1), text: "", port: 0)
        for attempt in 0..<5 {
            let port = ports.lowerBound + (Int(getpid()) + attempt * 211) % ports.count
            let output = run(script, ["start", directory, String(port)] + extra)
            result = (output.status, output.text, port)
            if output.status == 0 || !output.text.contains("already in use") { break }
        }
        return result
    }

    /// A fresh, empty database; returns its URL. Every hub test asks for one before it uses
    /// the server.
    static func makeDatabase() throws -> String {
        guard isConfigured else {
            throw Unavailable(description: "PLUMB_TEST_PG_URL is not set; \(howToStart)")
        }
        let name = "plumb_test_\(UUID().uuidString.prefix(8).lowercased())"
        do {
            let admin = try PostgresConnection(url: serverURL)
            try admin.execute("CREATE DATABASE \(name)")
        } catch {
            throw Unavailable(description: "PLUMB_TEST_PG_URL is \(serverURL), but no test database could be made there: \(error)")
        }
        return url(database: name)
    }

    static let howToStart = "start a throwaway server with `export PLUMB_TEST_PG_URL=$(Tools/pg-test.sh start /tmp/plumb-pg 55432)`"

    /// The server URL with another database and, optionally, user.
    static func url(database: String, user: String = "postgres") -> String {
        let base = serverURL.replacingOccurrences(of: "postgres@", with: "\(user)@")
        return String(base[..<base.lastIndex(of: "/")!]) + "/" + database
    }

    static var script: String { repository.appendingPathComponent("Tools/pg-test.sh").path }

    /// The repository's folder.
    static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Runs the script through `system()` (Foundation's `Process.waitUntilExit` can hang when the
    /// child leaves a daemon behind), its output captured in a file.
    static func run(_ path: String, _ arguments: [String]) -> (status: Int32, text: String) {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-pg-output-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let quoted = ([path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let status = system("/bin/bash \(quoted) </dev/null >'\(output)' 2>&1")
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        return (status == 0 ? 0 : 1, text)
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs a hub test only where `PLUMB_TEST_PG_URL` names a PostgreSQL server (or, for a test
    /// that starts its own, where the machine is set up for the hub tests).
    static var needsPostgres: Self {
        .enabled(if: TestPostgres.isConfigured, "PLUMB_TEST_PG_URL is not set: \(TestPostgres.howToStart)")
    }
}
