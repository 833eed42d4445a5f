import Foundation
import LayoutSpec
import PostgresHub
import Replication
import SpecStore
import SeededRandom
import Testing

/// Clients editing at the same time through one hub, as real `plumb` processes: straight to
/// the server, and through PgBouncer in transaction pooling mode (`TestPooler`), where their
/// transactions share the server's connections.
@Suite(.serialized, .needsPostgres) struct HubConcurrencyTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-hubc-\(UUID().uuidString)")

    @Test(arguments: [(2, UInt64(11), false), (8, UInt64(12), false)] + (TestPooler.isAvailable ? [(8, UInt64(13), true)] : []))
    func clientsEditingConcurrentlyConverge(clients count: Int, seed: UInt64, pooled: Bool) throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let direct = try TestPostgres.makeDatabase()
        let url = pooled ? try TestPooler.url(direct) : direct
        try Hub.initialize(url: url)
        // Real time: the client processes below use the real clock too.
        let now = UInt64(Date().timeIntervalSince1970 * 1000)
        var random = SeededGenerator(seed: seed)
        let clients = (0..<count).map { Replica(name: "c\($0)", root: root) }
        for client in clients {
            #expect(client.plumb(["init", client.folder.path], now: now) == 0)
            #expect(client.plumb(["remote", "add", "origin", url], now: now) == 0)
        }
        let file = root.appendingPathComponent("home.json").path
        _ = FileManager.default.createFile(atPath: file, contents: Data(Scenario.startSpec("home").utf8))
        #expect(clients[0].plumb(["apply", file], now: now) == 0)
        #expect(clients[0].plumb(["push"], now: now) == 0)
        for client in clients.dropFirst() { #expect(client.plumb(["pull"], now: now) == 0) }

        // Each client: a random script of edits, pushes, pulls and syncs, all clients at once.
        let views = ["title", "a", "b", "b1", "c", "g1"]
        let processes = clients.map { client -> Process in
            var lines = ["set -e"]
            for step in 0..<12 {
                let view = views[random.below(views.count)]
                switch random.below(6) {
                case 0: lines.append("\"$PLUMB\" push >/dev/null")
                case 1: lines.append("\"$PLUMB\" pull >/dev/null")
                case 2: lines.append("\"$PLUMB\" sync origin >/dev/null")
                case 3 where view != "title": lines.append("\"$PLUMB\" mv home \(view) --parent body --index \(random.below(3)) >/dev/null || true")
                default: lines.append("\"$PLUMB\" set home \(view) width=\(step * 10 + random.below(9)) >/dev/null")
                }
            }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", lines.joined(separator: "\n")]
            process.currentDirectoryURL = client.folder
            process.environment = ["PLUMB": PlumbExecutable.path, "PLUMB_AUTHOR": client.name, "PATH": "/usr/bin:/bin"]
            process.standardOutput = FileHandle.nullDevice
            let log = client.folder.appendingPathComponent("script.log")
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            process.standardError = try? FileHandle(forWritingTo: log)
            try? process.run()
            return process
        }
        for process in processes { process.waitUntilExit() }
        for (client, process) in zip(clients, processes) where process.terminationStatus != 0 {
            let log = (try? String(contentsOf: client.folder.appendingPathComponent("script.log"), encoding: .utf8)) ?? ""
            Issue.record("seed \(seed): \(client.name) exited \(process.terminationStatus): \(log)")
        }
        // Everyone syncs until quiet, then all must agree.
        for _ in 0..<2 {
            for client in clients { #expect(client.plumb(["sync", "origin"], now: now + 1) == 0, "\(client.lastOutput)") }
        }
        let expected = try StoreReading.fingerprint(try clients[0].open(), "home")
        for client in clients.dropFirst() {
            let got = try StoreReading.fingerprint(try client.open(), "home")
            #expect(got.head == expected.head, "seed \(seed): \(client.name)")
            #expect(got.show == expected.show, "seed \(seed): \(client.name)")
            #expect(got.frames == expected.frames, "seed \(seed): \(client.name)")
        }
    }
}

/// The built `plumb` executable, next to the test bundle.
enum PlumbExecutable {
    static var path: String {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.deletingLastPathComponent()
        return [directory, directory.deletingLastPathComponent()].map { $0.appendingPathComponent("plumb").path }
            .first { FileManager.default.isExecutableFile(atPath: $0) } ?? directory.appendingPathComponent("plumb").path
    }
}
