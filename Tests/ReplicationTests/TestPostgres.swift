import Foundation
import PostgresHub
import Replication
import Testing

/// The PostgreSQL server of the hub tests: the one `PLUMB_TEST_PG_URL` names (`.ci/run` starts
/// a throwaway one with Tools/pg-test.sh), else one started here with that script and stopped
/// when the tests exit, so the README's one test command runs the hub tests too. Where the
/// machine has no PostgreSQL server at all the hub tests are skipped, and say so
/// (`needsPostgres`); where one cannot be started or used, each fails in words (`makeDatabase`).
/// Each test gets a database of its own.
enum TestPostgres {
    nonisolated(unsafe) private static var startedDirectory: String?

    /// The server's URL, or why there is none (asked once, by the first hub test).
    static let server: Result<String, Unavailable> = {
        if let url = ProcessInfo.processInfo.environment["PLUMB_TEST_PG_URL"], !url.isEmpty { return .success(url) }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-pg-\(getpid())").path
        let output = start(directory, ports: 55_000 ..< 60_000)
        guard output.status == 0 else {
            return .failure(Unavailable(description: "could not start PostgreSQL for the hub tests (Tools/pg-test.sh): \(output.text)"))
        }
        startedDirectory = directory
        atexit {
            if let directory = TestPostgres.startedDirectory { _ = TestPostgres.run(TestPostgres.script, ["stop", directory]) }
        }
        return .success(output.text.trimmingCharacters(in: .whitespacesAndNewlines))
    }()

    /// The server's URL; empty when there is none (`makeDatabase` says why).
    static var serverURL: String { (try? server.get()) ?? "" }

    /// True where the hub tests can run: a server is named, or this machine has PostgreSQL's
    /// server programs for Tools/pg-test.sh to start one (`Tools/install-deps.sh` installs them).
    static var isAvailable: Bool {
        ProcessInfo.processInfo.environment["PLUMB_TEST_PG_URL"].map { !$0.isEmpty } == true
            || ((try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []).contains {
                FileManager.default.isExecutableFile(atPath: "/usr/lib/postgresql/\($0)/bin/initdb")
            }
    }

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
        let serverURL = try server.get()
        let name = "plumb_test_\(UUID().uuidString.prefix(8).lowercased())"
        do {
            let admin = try PostgresConnection(url: serverURL)
            try admin.execute("CREATE DATABASE \(name)")
        } catch {
            throw Unavailable(description: "no test database could be made on the server at \(serverURL): \(error)")
        }
        return url(database: name)
    }

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
    /// Runs a hub test only where PostgreSQL can be had (`TestPostgres.isAvailable`).
    static var needsPostgres: Self {
        .enabled(if: TestPostgres.isAvailable, "no PostgreSQL server here: install it with Tools/install-deps.sh, or name one in PLUMB_TEST_PG_URL")
    }
}
