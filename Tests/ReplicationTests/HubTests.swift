import Foundation
import LayoutSpec
import PostgresHub
import Replication
import SpecStore
import SpecSync
import Testing

/// The hub on a real PostgreSQL server.
@Suite(.serialized, .needsPostgres) struct HubTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-hub-\(UUID().uuidString)")
    let now: UInt64 = 1_800_000_000_000

    func client(_ name: String, hub url: String, apply: Bool = false) -> Replica {
        let replica = Replica(name: name, root: root)
        #expect(replica.plumb(["init", replica.folder.path], now: now) == 0)
        #expect(replica.plumb(["remote", "add", "origin", url], now: now) == 0)
        if apply {
            let file = root.appendingPathComponent("\(name)-login.json").path
            _ = FileManager.default.createFile(atPath: file, contents: Data(Scenario.startSpec("login").utf8))
            #expect(replica.plumb(["apply", file], now: now) == 0)
        }
        return replica
    }

    /// In the background, terminates the first `plumb` backend that waits for a lock (the
    /// test holds one), as a dropped connection would end it.
    func killBackendOnceItWaitsForALock(url: String) {
        Thread {
            guard let watcher = try? PostgresConnection(url: url) else { return }
            for _ in 0..<3_000 {  // up to a minute: a loaded machine reaches the lock late
                let killed = try? watcher.execute("""
                    SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                    WHERE application_name = 'plumb' AND wait_event_type = 'Lock'
                    """)
                if (killed?.rowCount ?? 0) > 0 { return }
                Thread.sleep(forTimeInterval: 0.02)
            }
        }.start()
    }

    func hub() throws -> String {
        let url = try TestPostgres.makeDatabase()
        try Hub.initialize(url: url)
        return url
    }

    @Test func twoClientsConvergeThroughTheHub() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let url = try hub()
        let a = client("a", hub: url, apply: true), b = client("b", hub: url)
        #expect(a.plumb(["push"], now: now + 1) == 0)
        #expect(b.plumb(["pull"], now: now + 2) == 0)
        #expect(a.plumb(["set", "login", "a", "text=from a"], now: now + 3) == 0)
        #expect(b.plumb(["set", "login", "a", "text=from b", "width=5"], now: now + 4) == 0)
        #expect(b.plumb(["sync", "origin"], now: now + 5) == 0)
        #expect(a.plumb(["sync", "origin"], now: now + 6) == 0)
        #expect(b.plumb(["pull"], now: now + 7) == 0)
        let left = try StoreReading.fingerprint(try a.open(), "login"), right = try StoreReading.fingerprint(try b.open(), "login")
        #expect(left.head == right.head)
        #expect(left.show == right.show)
        #expect(left.frames == right.frames)
        #expect(left.show.contains("from b"))
        #expect(a.plumb(["conflicts", "login", "--json"], now: now + 8) == 0)
        #expect(a.lastOutput.contains("from a"))
    }

    @Test func aRetriedPushAddsNothingTwice() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let url = try hub()
        let a = client("a", hub: url, apply: true)
        #expect(a.plumb(["push", "--json"], now: now + 1) == 0)
        #expect(try JSONParser.parse(a.lastOutput)["versions"] == .number(1))
        #expect(a.plumb(["push", "--json"], now: now + 2) == 0)
        #expect(try JSONParser.parse(a.lastOutput)["versions"] == .number(0))
        // Even a push that sends everything again (the hub looks empty to it) inserts nothing.
        let store = try a.open()
        let report = try Hub(url: url).push(from: store)
        #expect(report.versions == 0)
        let admin = try PostgresConnection(url: url)
        #expect(try admin.execute("SELECT count(*) FROM plumb_versions").int64(0, 0) == 1)
        #expect(try admin.execute("SELECT count(*) FROM plumb_changes").int64(0, 0) == Int64(try store.log(of: "login")[0].changeCount))
    }

    /// The owner deletes a version (its row only, as docs/hub.md asks of a bad one): its changes
    /// go with it, and the store that made it pushes it again, whole, with the next version.
    @Test func aVersionTheOwnerDeletesIsPushedAgain() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let url = try hub()
        let a = client("a", hub: url, apply: true)
        #expect(a.plumb(["push"], now: now + 1) == 0)
        #expect(a.plumb(["set", "login", "a", "width=11"], now: now + 2) == 0)
        #expect(a.plumb(["push"], now: now + 3) == 0)
        let admin = try PostgresConnection(url: url)
        let held = try admin.execute("SELECT count(*) FROM plumb_changes").int64(0, 0)
        #expect(try admin.execute("DELETE FROM plumb_versions WHERE first_seq > 1").affectedRows == 1)
        #expect(try admin.execute("SELECT count(*) FROM plumb_changes").int64(0, 0) == held - 1)
        #expect(a.plumb(["set", "login", "a", "width=12"], now: now + 4) == 0)
        #expect(a.plumb(["push", "--json"], now: now + 5) == 0, "\(a.lastOutput)")
        #expect(try JSONParser.parse(a.lastOutput)["versions"] == .number(2))
        #expect(try admin.execute("SELECT count(*) FROM plumb_changes").int64(0, 0) == held + 1)
        let b = client("b", hub: url)
        #expect(b.plumb(["pull"], now: now + 6) == 0, "\(b.lastOutput)")
        #expect(try b.open().head(of: "login").id == a.open().head(of: "login").id)
    }

    /// Text holding what COPY escapes (backslash, tab, newline, carriage return) and more than
    /// ASCII arrives as it was written.
    @Test func textCOPYEscapesArrivesWhole() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let url = try hub()
        let a = client("a", hub: url, apply: true)
        let text = "back\\slash\ttab\nline\rreturn \\N é 漢"
        #expect(a.plumb(["set", "login", "a", "text=\(text)"], now: now + 1) == 0, "\(a.lastOutput)")
        #expect(a.plumb(["push"], now: now + 2) == 0, "\(a.lastOutput)")
        let b = client("b", hub: url)
        #expect(b.plumb(["pull"], now: now + 3) == 0, "\(b.lastOutput)")
        #expect(try b.open().head(of: "login").id == a.open().head(of: "login").id)
        #expect(b.plumb(["show", "login", "--flat"], now: now + 4) == 0)
        #expect(b.lastOutput.contains(JSONWriter.compact(.string(text))), "\(b.lastOutput)")
    }

    /// A copy of a store that pushed under the shared site id: the original's push is refused,
    /// even though the two used different seq ranges.
    @Test func aCopiedStoresPushIsRefused() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let url = try hub()
        let original = client("original", hub: url, apply: true)
        #expect(original.plumb(["push"], now: now + 1) == 0)
        let copy = Replica(name: "copy", root: root)
        try FileManager.default.createDirectory(at: copy.folder.appendingPathComponent(".plumb"), withIntermediateDirectories: true)
        try original.open().database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        try FileManager.default.copyItem(atPath: original.storePath, toPath: copy.storePath)
        #expect(copy.plumb(["set", "login", "a", "text=copy"], now: now + 2) == 0)
        #expect(copy.plumb(["set", "login", "a", "width=1", "height=2"], now: now + 3) == 0)
        #expect(copy.plumb(["push"], now: now + 4) == 0)
        #expect(original.plumb(["set", "login", "a", "width=5", "height=6"], now: now + 5) == 0)
        #expect(original.plumb(["set", "login", "a", "text=original"], now: now + 6) == 0)
        #expect(original.plumb(["set", "login", "b", "width=7"], now: now + 7) == 0)
        #expect(original.plumb(["push"], now: now + 8) == 1)
        #expect(original.lastOutput.contains("other changes under site"), "\(original.lastOutput)")
    }

    /// A version row claiming changes it does not hold is refused by the server at commit.
    @Test func aVersionWithoutItsChangesIsRefusedByTheServer() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let url = try hub()
        let connection = try PostgresConnection(url: url)
        #expect(throws: PostgresError.self) {
            try connection.execute("""
                BEGIN;
                INSERT INTO plumb_versions (site, first_seq, last_seq, hash, document, hlc, base, message, author, time)
                VALUES ('\(String(repeating: "a", count: 32))', 1, 1000000000000000000, 'x', 'login', 1, '', 'm', 'a', 0);
                COMMIT
                """)
        }
        _ = try? connection.execute("ROLLBACK")
        #expect(try connection.execute("SELECT count(*) FROM plumb_versions").int64(0, 0) == 0)
    }

    @Test func aNewerHubIsRefusedAndAnEmptyDatabaseIsNotAHub() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let empty = try TestPostgres.makeDatabase()
        let a = client("a", hub: empty, apply: true)
        #expect(a.plumb(["push"], now: now + 1) == 1)
        #expect(a.lastOutput.contains("not a Plumb hub"))
        let url = try hub()
        try PostgresConnection(url: url).execute("INSERT INTO plumb_hub_migrations (version, name) VALUES (999, 'future')")
        #expect(a.plumb(["remote", "add", "newer", url], now: now + 2) == 0)
        #expect(a.plumb(["push", "newer"], now: now + 3) == 1)
        #expect(a.lastOutput.contains("newer Plumb"))
        #expect(a.plumb(["hub", "init", url], now: now + 4) == 1)
        #expect(try PostgresConnection(url: url).execute("SELECT count(*) FROM plumb_versions").int64(0, 0) == 0)
    }

    @Test func rowLevelSecurityRefusesOtherSitesAndHidesOtherDocuments() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let url = try hub()
        let role = "plumb_role_\(UUID().uuidString.prefix(6).lowercased())"
        let admin = try PostgresConnection(url: url)
        try admin.execute("CREATE ROLE \(role) LOGIN")
        defer { _ = try? PostgresConnection(url: TestPostgres.serverURL).execute("DROP OWNED BY \(role); DROP ROLE \(role)") }
        let owner = client("owner", hub: url, apply: true)
        let file = root.appendingPathComponent("secret.json").path
        _ = FileManager.default.createFile(atPath: file, contents: Data(Scenario.startSpec("secret").utf8))
        #expect(owner.plumb(["apply", file], now: now + 1) == 0)
        #expect(owner.plumb(["push"], now: now + 2) == 0)

        let roleURL = TestPostgres.url(database: String(url.split(separator: "/").last!), user: role)
        let mallory = client("mallory", hub: roleURL)
        let malloryStore = try mallory.open()
        #expect(owner.plumb(["hub", "grant", url, "--role", role, "--site", malloryStore.site.hex, "--document", "login"], now: now + 3) == 0)
        // Reads only the granted document.
        #expect(mallory.plumb(["pull"], now: now + 4) == 0, "\(mallory.lastOutput)")
        #expect(try mallory.open().documentNames() == ["login"])
        // Pushing its own site is allowed…
        #expect(mallory.plumb(["set", "login", "a", "text=mallory"], now: now + 5) == 0)
        #expect(mallory.plumb(["push"], now: now + 6) == 0, "\(mallory.lastOutput)")
        // …relaying another site's changes is refused by the server (the client would send them).
        let other = client("other", hub: url)
        #expect(other.plumb(["pull"], now: now + 7) == 0)
        #expect(other.plumb(["set", "login", "title", "text=other"], now: now + 8) == 0, "\(other.lastOutput)")
        #expect(other.plumb(["bundle", "create", "-o", root.appendingPathComponent("o.bundle").path], now: now + 9) == 0)
        #expect(mallory.plumb(["bundle", "apply", root.appendingPathComponent("o.bundle").path], now: now + 10) == 0)
        let before = try admin.execute("SELECT count(*) FROM plumb_versions").int64(0, 0)
        // The client leaves out what the role may not push, and says so.
        #expect(mallory.plumb(["push", "--all-sites"], now: now + 11) == 0)
        #expect(mallory.lastOutput.contains("skipped site"), "\(mallory.lastOutput)")
        #expect(mallory.lastOutput.contains("may not push this site"), "\(mallory.lastOutput)")
        #expect(try admin.execute("SELECT count(*) FROM plumb_versions").int64(0, 0) == before)
        // And the server refuses a forged insert of another site's change outright.
        let direct = try PostgresConnection(url: roleURL)
        #expect(throws: PostgresError.self) {
            try direct.execute("INSERT INTO plumb_changes (site, seq, document, view, property, value) VALUES ($1, 999, 'login', 'a', 'text', '\"x\"')",
                               [try owner.open().site.hex])
        }
    }

    @Test func aConnectionKilledMidPushOrPullLeavesBothSidesConsistent() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let url = try hub()
        let a = client("a", hub: url, apply: true)
        let admin = try PostgresConnection(url: url)
        // Hold a lock the push will wait on, then kill the pushing backend.
        try admin.execute("BEGIN; LOCK TABLE plumb_changes IN EXCLUSIVE MODE")
        killBackendOnceItWaitsForALock(url: url)
        #expect(a.plumb(["push"], now: now + 1) == 1)
        try admin.execute("ROLLBACK")
        #expect(try admin.execute("SELECT count(*) FROM plumb_versions").int64(0, 0) == 0, "nothing half-pushed")
        #expect(a.plumb(["push"], now: now + 2) == 0)
        #expect(try admin.execute("SELECT count(*) FROM plumb_versions").int64(0, 0) == 1)

        // A pull killed while reading changes applies nothing; the next pull finishes.
        let b = client("b", hub: url)
        try admin.execute("BEGIN; LOCK TABLE plumb_changes IN ACCESS EXCLUSIVE MODE")
        killBackendOnceItWaitsForALock(url: url)
        #expect(b.plumb(["pull"], now: now + 3) == 1)
        try admin.execute("ROLLBACK")
        #expect(try b.open().documentNames().isEmpty)
        #expect(b.plumb(["pull"], now: now + 4) == 0)
        #expect(try StoreReading.fingerprint(try a.open(), "login").show == (try StoreReading.fingerprint(try b.open(), "login").show))
    }

    /// A label's designed size goes through the hub (migration 0005 lets the server accept
    /// it); an edit of the text that clears it goes through too.
    @Test func designedSizesGoThroughTheHub() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let url = try hub()
        let a = client("a", hub: url), b = client("b", hub: url)
        let file = root.appendingPathComponent("card.json").path
        _ = FileManager.default.createFile(atPath: file, contents: Data(#"""
            {"plumb": 1, "name": "card", "root": {"id": "root", "children": [
              {"id": "title", "kind": "label", "text": "Welcome", "font": {"family": "Plumb Missing Sans"},
               "designedWidth": 97.5, "designedHeight": 24}]}}
            """#.utf8))
        #expect(a.plumb(["apply", file], now: now + 1) == 0)
        #expect(a.plumb(["push"], now: now + 2) == 0, "\(a.lastOutput)")
        #expect(b.plumb(["pull"], now: now + 3) == 0, "\(b.lastOutput)")
        let pulled = try StoreReading.fingerprint(try b.open(), "card")
        #expect(pulled.show == (try StoreReading.fingerprint(try a.open(), "card")).show)
        #expect(pulled.show.contains("\"designedWidth\": 97.5") && pulled.show.contains("\"designedHeight\": 24"), "\(pulled.show)")
        #expect(b.plumb(["set", "card", "title", "text=Hello"], now: now + 4) == 0)
        #expect(b.plumb(["push"], now: now + 5) == 0, "\(b.lastOutput)")
        #expect(a.plumb(["pull"], now: now + 6) == 0, "\(a.lastOutput)")
        let cleared = try StoreReading.fingerprint(try a.open(), "card").show
        #expect(!cleared.contains("designedWidth") && cleared.contains("Hello"), "\(cleared)")
    }

    /// A label's text runs go through the hub (migration 0010 lets the server check them).
    @Test func textRunsGoThroughTheHub() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let url = try hub()
        let a = client("a", hub: url), b = client("b", hub: url)
        let file = root.appendingPathComponent("card.json").path
        _ = FileManager.default.createFile(atPath: file, contents: Data(#"""
            {"plumb": 1, "name": "card", "root": {"id": "root", "children": [
              {"id": "title", "kind": "label", "text": "Hello world",
               "textRuns": [{"start": 0, "length": 5, "font": {"weight": "bold"}}, {"start": 6, "length": 5, "textColor": "#FF0000"}]}]}}
            """#.utf8))
        #expect(a.plumb(["apply", file], now: now + 1) == 0, "\(a.lastOutput)")
        #expect(a.plumb(["push"], now: now + 2) == 0, "\(a.lastOutput)")
        #expect(b.plumb(["pull"], now: now + 3) == 0, "\(b.lastOutput)")
        let pulled = try StoreReading.fingerprint(try b.open(), "card")
        #expect(pulled.show == (try StoreReading.fingerprint(try a.open(), "card")).show)
        #expect(pulled.show.contains("\"textRuns\""), "\(pulled.show)")
    }

    /// The hub's property catalogue (Migrations/hub) is LayoutSpec's: every property, with its
    /// type, minimum and choices. A new property needs a hub migration that adds it.
    @Test func theHubKnowsEveryPropertyAndItsType() throws {
        let url = try hub()
        let rows = try PostgresConnection(url: url).execute("SELECT name, type, minimum, array_to_string(choices, ',') FROM plumb_properties")
        var catalogue: [String: String] = [:]
        for row in 0..<rows.rowCount {
            catalogue[rows.text(row, 0) ?? ""] = [rows.text(row, 1), rows.text(row, 2), rows.text(row, 3)].map { $0 ?? "-" }.joined(separator: " ")
        }
        var expected: [String: String] = [:]
        for property in Property.allCases {
            let type: String
            switch property.type {
            case .length: type = "length - -"
            case .fontSize: type = "fontSize - -"
            case .fraction: type = "fraction - -"
            case .offset: type = "offset - -"
            case .textSpacing(let allowsNegative): type = "textSpacing \(allowsNegative ? -10_000 : 0) -"
            case .count(let minimum): type = "count \(minimum) -"
            case .choice(let names): type = "choice - \(names.joined(separator: ","))"
            case .text: type = "text - -"
            case .color: type = "color - -"
            case .tracks: type = "tracks - -"
            case .viewID: type = "viewID - -"
            case .orderKey: type = "orderKey - -"
            case .bool: type = "bool - -"
            case .textRuns: type = "textRuns - -"
            }
            expected[property.rawValue] = type
        }
        #expect(catalogue == expected)
    }
}
