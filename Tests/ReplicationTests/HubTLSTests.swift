import Foundation
import PostgresHub
import Replication
import Testing

/// A hub reached over TLS with `sslmode=verify-full` (docs/hub.md): a server whose certificate
/// (for `localhost`) is signed by a test authority made here with openssl.
@Suite(.serialized, .needsPostgres) struct HubTLSTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-hubtls-\(UUID().uuidString)")
    let now: UInt64 = 1_800_000_000_000

    /// Runs a shell command line in `root`; fails the test when it fails.
    func shell(_ command: String) throws {
        let log = root.appendingPathComponent("shell.log").path
        let status = system("cd '\(root.path)' && (\(command)) </dev/null >'\(log)' 2>&1")
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        try #require(status == 0, "\(command): \(text)")
    }

    /// A certificate authority, and a server certificate for `localhost` signed by it; another
    /// authority that signed nothing.
    func makeCertificates() throws {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try shell("""
            openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj '/CN=Plumb test CA' -keyout ca.key -out ca.crt &&
            openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj '/CN=Other CA' -keyout other.key -out other.crt &&
            openssl req -newkey rsa:2048 -nodes -subj '/CN=localhost' -keyout server.key -out server.csr &&
            printf 'subjectAltName=DNS:localhost\\n' > san.ext &&
            openssl x509 -req -in server.csr -CA ca.crt -CAkey ca.key -CAcreateserial -days 2 -extfile san.ext -out server.crt
            """)
    }

    @Test func verifyFullConnectsToAServerWithATestCertificate() throws {
        try makeCertificates()
        let directory = root.appendingPathComponent("pg").path
        // Below the ports the hub tests' own server takes (.ci/run: 55432): the two run at once.
        let started = TestPostgres.start(directory, ports: 54_000 ..< 55_000,
                                         extra: [root.appendingPathComponent("server.crt").path, root.appendingPathComponent("server.key").path])
        try #require(started.status == 0, "\(started.text)")
        let port = started.port
        defer {
            _ = TestPostgres.run(TestPostgres.script, ["stop", directory])
            try? FileManager.default.removeItem(at: root)
        }
        let ca = root.appendingPathComponent("ca.crt").path
        let url = "postgresql://postgres@localhost:\(port)/postgres?sslmode=verify-full&sslrootcert=\(ca)"

        let a = Replica(name: "a", root: root), b = Replica(name: "b", root: root)
        #expect(a.plumb(["hub", "init", url], now: now) == 0, "\(a.lastOutput)")
        let encrypted = try PostgresConnection(url: url).execute("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()")
        #expect(encrypted.text(0, 0) == "t")
        for replica in [a, b] {
            #expect(replica.plumb(["init", replica.folder.path], now: now) == 0)
            #expect(replica.plumb(["remote", "add", "origin", url], now: now) == 0)
        }
        let file = root.appendingPathComponent("login.json").path
        _ = FileManager.default.createFile(atPath: file, contents: Data(Scenario.startSpec("login").utf8))
        #expect(a.plumb(["apply", file], now: now) == 0)
        #expect(a.plumb(["push"], now: now + 1) == 0, "\(a.lastOutput)")
        #expect(b.plumb(["pull"], now: now + 2) == 0, "\(b.lastOutput)")
        #expect(try StoreReading.fingerprint(try a.open(), "login").head == (try StoreReading.fingerprint(try b.open(), "login").head))

        // Refused: a certificate no trusted authority signed, and a name it was not made for.
        let other = root.appendingPathComponent("other.crt").path
        #expect(b.plumb(["remote", "add", "untrusted", "postgresql://postgres@localhost:\(port)/postgres?sslmode=verify-full&sslrootcert=\(other)"], now: now) == 0)
        #expect(b.plumb(["pull", "untrusted"], now: now + 3) == 1)
        #expect(b.lastOutput.contains("cannot reach the hub") && b.lastOutput.contains("certificate verify failed"), "\(b.lastOutput)")
        #expect(b.plumb(["remote", "add", "byaddress", "postgresql://postgres@127.0.0.1:\(port)/postgres?sslmode=verify-full&sslrootcert=\(ca)"], now: now) == 0)
        #expect(b.plumb(["pull", "byaddress"], now: now + 4) == 1)
        #expect(b.lastOutput.contains("does not match host name"), "\(b.lastOutput)")
    }
}
