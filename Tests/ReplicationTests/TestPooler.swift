import Foundation
import Testing

/// A PgBouncer in transaction pooling mode in front of the hub tests' PostgreSQL server
/// (Tools/pgbouncer-test.sh), started by the first test that asks and stopped when the tests
/// exit. Logins pass through to the server as themselves; the users it lets in are fixed when
/// it starts: `postgres` and `role`.
enum TestPooler {
    /// The role the pooled tests grant and log in as (made once on the test server).
    static let role = "plumb_pooled"
    nonisolated(unsafe) private static var startedDirectory: String?

    /// The pooler's port, or why there is none.
    static let port: Result<Int, TestPostgres.Unavailable> = {
        let server = TestPostgres.serverURL
        guard let serverPort = URLComponents(string: server)?.port else {
            return .failure(TestPostgres.Unavailable(description: "no PostgreSQL server for the pooler (\(server))"))
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-pgbouncer-\(getpid())").path
        var output: (status: Int32, text: String) = (1, "")
        var port = 0
        for attempt in 0..<5 {
            port = 50_000 + (Int(getpid()) + attempt * 211) % 5_000
            output = TestPostgres.run(script, ["start", directory, String(port), String(serverPort), role])
            if output.status == 0 { break }
        }
        guard output.status == 0 else {
            return .failure(TestPostgres.Unavailable(description: "could not start PgBouncer (Tools/pgbouncer-test.sh): \(output.text)"))
        }
        startedDirectory = directory
        atexit {
            if let directory = TestPooler.startedDirectory { _ = TestPostgres.run(TestPooler.script, ["stop", directory]) }
        }
        return .success(port)
    }()

    /// `url` (a database on the test server) through the pooler, as `user` when given.
    static func url(_ url: String, user: String? = nil) throws -> String {
        var components = try #require(URLComponents(string: url))
        components.port = try port.get()
        if let user { components.user = user }
        return try #require(components.string)
    }

    static var script: String { TestPostgres.repository.appendingPathComponent("Tools/pgbouncer-test.sh").path }

    /// True where PgBouncer is installed (`Tools/install-deps.sh` installs it).
    static var isAvailable: Bool {
        TestPostgres.isAvailable && ["/usr/sbin/pgbouncer", "/usr/bin/pgbouncer"].contains { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs a test only where PostgreSQL and PgBouncer can be had.
    static var needsPooler: Self {
        .enabled(if: TestPooler.isAvailable, "no PgBouncer here: install it with Tools/install-deps.sh")
    }
}
