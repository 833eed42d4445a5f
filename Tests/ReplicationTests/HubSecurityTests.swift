import Foundation
import LayoutSpec
import PostgresHub
import Replication
import SpecStore
import SpecSync
import Testing

/// The hub attacked by a granted role speaking SQL directly (psql, its own login) and through
/// the CLI (issue 11): every attack is refused by the server, and nothing it tried is stored.
@Suite(.serialized, .needsPostgres) struct HubSecurityTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-hubsec-\(UUID().uuidString)")
    let now: UInt64 = 1_800_000_000_000

    /// The owner's store holds `shared` and `secret`, pushed; `mallory` may push its own site and
    /// read and write `shared` only.
    final class World {
        let url: String
        let roles: TestRoles
        let mallory: String
        let owner: Replica
        let malloryStore: Replica
        var malloryURL: String { roles.url(as: mallory) }
        var malloryPsql: String { malloryURL }
        let admin: PostgresConnection

        init(root: URL, now: UInt64) throws {
            url = try TestPostgres.makeDatabase()
            try Hub.initialize(url: url)
            admin = try PostgresConnection(url: url)
            roles = TestRoles(database: url)
            mallory = try roles.make("mallory")
            owner = Replica(name: "owner", root: root)
            #expect(owner.plumb(["init", owner.folder.path], now: now) == 0)
            #expect(owner.plumb(["remote", "add", "origin", url], now: now) == 0)
            for name in ["shared", "secret"] {
                let file = root.appendingPathComponent("\(name).json").path
                _ = FileManager.default.createFile(atPath: file, contents: Data(Scenario.startSpec(name).utf8))
                #expect(owner.plumb(["apply", file], now: now) == 0)
            }
            #expect(owner.plumb(["push"], now: now + 1) == 0)
            malloryStore = Replica(name: "mallory", root: root)
            #expect(malloryStore.plumb(["init", malloryStore.folder.path], now: now) == 0)
            let site = try malloryStore.open().site.hex
            #expect(owner.plumb(["hub", "grant", url, "--role", mallory, "--site", site, "--document", "shared"], now: now) == 0)
            #expect(malloryStore.plumb(["remote", "add", "origin", roles.url(as: mallory)], now: now) == 0)
            #expect(malloryStore.plumb(["pull"], now: now + 2) == 0, "\(malloryStore.lastOutput)")
        }

        var ownerSite: [UInt8] { (try? owner.open().site.bytes) ?? [] }
        var mallorySite: [UInt8] { (try? malloryStore.open().site.bytes) ?? [] }

        /// A well-formed version of mallory's site, far above what its store uses.
        func malloryVersion(_ document: String = "shared", seq: Int64 = 1_000, changes: [(String, String, String?)]? = nil) -> LayoutCommit {
            let list = changes ?? [("a", "width", "12")]
            return LayoutCommit(document: document, site: mallorySite, firstSeq: seq, lastSeq: seq + Int64(list.count) - 1,
                                hlc: 1_800_000_000_000 << 16, time: 1_800_000_000_000, message: "m", author: "mallory",
                                changes: list.enumerated().map { (seq + Int64($0.offset), $0.element.0, $0.element.1, $0.element.2) })
        }

        /// Runs SQL as mallory through psql; expects the server to refuse it, with `words` in
        /// its message, and nothing new to be stored.
        func refused(_ sql: String, _ words: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let before = try counts()
            let result = Psql.run(malloryPsql, sql)
            #expect(result.status != 0, "accepted: \(sql.prefix(300))", sourceLocation: sourceLocation)
            #expect(words.isEmpty || result.output.lowercased().contains(words.lowercased()), "\(result.output.prefix(600))", sourceLocation: sourceLocation)
            #expect(try counts() == before, "rows were stored", sourceLocation: sourceLocation)
        }

        func accepted(_ sql: String, sourceLocation: SourceLocation = #_sourceLocation) {
            let result = Psql.run(malloryPsql, sql)
            #expect(result.status == 0, "\(result.output.prefix(600))", sourceLocation: sourceLocation)
        }

        func counts() throws -> [Int64] {
            try ["plumb_versions", "plumb_changes", "plumb_document_grants", "plumb_site_grants"].map {
                try admin.execute("SELECT count(*) FROM \($0)").int64(0, 0)
            }
        }
    }

    @Test func pushingAnotherSitesChangesIsRefused() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let world = try World(root: root, now: now)
        var other = world.malloryVersion()
        other.site = world.ownerSite
        try world.refused(other.insertSQL(), "row-level security")
        // The same row of its own site goes in: the refusals below are the checks, not the setup.
        world.accepted(world.malloryVersion().insertSQL())
    }

    @Test func anUngrantedDocumentIsNeitherReadNorWritten() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let world = try World(root: root, now: now)
        for table in ["plumb_versions", "plumb_changes", "plumb_document_sites"] {
            let result = Psql.run(world.malloryPsql, "\\pset tuples_only on\nSELECT count(*) FROM \(table) WHERE document = 'secret';")
            #expect(result.output.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "\(table): \(result.output)")
        }
        #expect(try world.malloryStore.open().documentNames() == ["shared"])
        // Attack 3: writes into a document the role may not read.
        try world.refused(world.malloryVersion("secret").insertSQL(), "row-level security")
        try world.refused(world.malloryVersion("login").insertSQL(), "row-level security")
    }

    @Test func forgedPushedByAndPushedAtAreRefused() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let world = try World(root: root, now: now)
        try world.refused(world.malloryVersion().insertSQL(also: [("pushed_by", "'postgres'")]), "pushed_by must be the pushing role")
        try world.refused(world.malloryVersion().insertSQL(also: [("pushed_at", "'2001-01-01'")]), "pushed_at is set by the server")
        world.accepted(world.malloryVersion().insertSQL(also: [("pushed_by", SQL.literal(world.mallory))]))
        let stamped = try world.admin.execute("SELECT pushed_by, pushed_at > now() - interval '1 minute' FROM plumb_versions WHERE first_seq = 1000")
        #expect(stamped.text(0, 0) == world.mallory)
        #expect(stamped.text(0, 1) == "t")
    }

    /// Attack 6: no limits. A value over 1 MiB, a message over 1 MiB, and orphan change rows.
    @Test func oversizedRowsAndOrphansAreRefused() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let world = try World(root: root, now: now)
        let big = "\"" + String(repeating: "x", count: 2 << 20) + "\""
        try world.refused(world.malloryVersion(changes: [("a", "text", big)]).insertSQL(), "plumb_change_value_within_1_mib")
        var longMessage = world.malloryVersion()
        longMessage.message = String(repeating: "m", count: 2 << 20)
        try world.refused(longMessage.insertSQL(), "plumb_version_message_within_1_mib")
        let site = Hex.encode(world.mallorySite)
        try world.refused("""
            INSERT INTO plumb_changes (site, seq, document, view, property, value)
            SELECT '\(site)', seq, 'shared', 'a', 'width', '1' FROM generate_series(5000, 14999) AS seq;
            """, "belong to no version")
    }

    @Test func namesBuiltToBreakSQLAreRefused() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let world = try World(root: root, now: now)
        let hostile = ["x'); DROP TABLE plumb_versions; --", "a\"b", "a b", "", String(repeating: "v", count: 129), "é", "a\u{1B}[2J"]
        for view in hostile {
            try world.refused(world.malloryVersion(changes: [(view, "width", "1")]).insertSQL(), "plumb_change_view_is_an_id")
        }
        for document in hostile {
            try world.refused(world.malloryVersion(document).insertSQL(), "")
        }
        try world.refused(world.malloryVersion(changes: [("a", "width'); DROP TABLE plumb_changes; --", "1")]).insertSQL(), "unknown property")
        // Shadowing the grant tables or the hub's functions with temporary objects changes nothing:
        // the checks run as the owner with a fixed search_path.
        var other = world.malloryVersion()
        other.site = world.ownerSite
        try world.refused("""
            CREATE TEMP TABLE plumb_site_grants (role name, site text);
            INSERT INTO pg_temp.plumb_site_grants VALUES (session_user, '\(other.siteHex)');
            CREATE TEMP TABLE plumb_document_grants (role name, document text, may_write boolean);
            INSERT INTO pg_temp.plumb_document_grants VALUES (session_user, '*', true);
            SET search_path = pg_temp, public;
            \(other.insertSQL())
            """, "row-level security")
        try world.refused("CREATE FUNCTION public.plumb_is_owner() RETURNS boolean LANGUAGE sql AS 'SELECT true';", "permission denied")
        try world.refused("CREATE SCHEMA evil;", "permission denied")
        for statement in ["UPDATE plumb_versions SET message = 'x'", "DELETE FROM plumb_changes", "TRUNCATE plumb_versions",
                          "ALTER TABLE plumb_versions DISABLE ROW LEVEL SECURITY", "DROP TABLE plumb_changes",
                          "INSERT INTO plumb_document_grants VALUES (session_user, '*', true)",
                          "INSERT INTO plumb_document_sites VALUES ('secret', 'x', 1)"] {
            try world.refused(statement + ";", "")
        }
        // Through the CLI: a role name built to break SQL is only ever a name.
        #expect(world.owner.plumb(["hub", "grant", world.url, "--role", "x\"; DROP TABLE plumb_versions; --"], now: now) == 1)
        #expect(world.owner.lastOutput.contains("no role"), "\(world.owner.lastOutput)")
        #expect(try world.admin.execute("SELECT count(*) FROM plumb_versions").int64(0, 0) == 2)
    }

    /// Attack 2: rows every reader would refuse never get in, even where the role cannot read.
    @Test func craftedRowsAreRefusedByTheServer() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let world = try World(root: root, now: now)
        let good = world.malloryVersion()
        try world.refused(good.insertSQL(id: String(repeating: "0", count: 64)), "does not match its content")
        try world.refused(good.insertSQL(id: "not an id"), "plumb_version_id_is_hex")
        try world.refused(world.malloryVersion(changes: [("a", "colour", "\"#fff\"")]).insertSQL(), "unknown property colour")
        try world.refused(world.malloryVersion(changes: [("a b", "width", "1")]).insertSQL(), "plumb_change_view_is_an_id")
        try world.refused(world.malloryVersion(changes: [("a", "text", "not json{")]).insertSQL(), "is not JSON")
        try world.refused(world.malloryVersion(changes: [("a", "width", "\"wide\"")]).insertSQL(), "width expects a number ≥ 0")
        try world.refused(world.malloryVersion(changes: [("a", "parent", "\"a b\"")]).insertSQL(), "parent expects a view id")
        try world.refused(world.malloryVersion(changes: [("a", "order", "\"\"")]).insertSQL(), "order expects an order key")
        try world.refused(world.malloryVersion(changes: [("a", "rows", "[\"auto\",\"0*\"]")]).insertSQL(), "rows expects")
        try world.refused(world.malloryVersion(changes: [("a", "kind", "\"window\"")]).insertSQL(), "kind expects one of")
        try world.refused(world.malloryVersion(changes: [("a", "numberOfLines", "1.5")]).insertSQL(), "numberOfLines expects")
        try world.refused(world.malloryVersion(changes: [("a", "width", "1e999")]).insertSQL(), "width expects")
        try world.refused(world.malloryVersion("secret", changes: [("a", "text", "not json{")]).insertSQL(), "row-level security")
        // Text runs are checked run by run, each style as the label property of that name.
        for runs in ["[]", "{\"start\": 0}", "[{\"start\": 0, \"length\": 2}]", "[{\"start\": -1, \"length\": 2, \"textColor\": \"#FF0000\"}]",
                     "[{\"start\": 0, \"length\": 1.5, \"textColor\": \"#FF0000\"}]", "[{\"start\": 0, \"length\": 2, \"textColor\": \"red\"}]",
                     "[{\"start\": 0, \"length\": 2, \"font\": {\"weight\": \"heavyish\"}}]", "[{\"start\": 0, \"length\": 2, \"font\": {\"size\": 0}}]",
                     "[{\"start\": 0, \"length\": 2, \"font\": {}}]", "[{\"start\": 0, \"length\": 2, \"colour\": \"#FF0000\"}]",
                     "[{\"start\": 2, \"length\": 2, \"textCase\": \"upper\"}, {\"start\": 3, \"length\": 1, \"textCase\": \"lower\"}]"] {
            try world.refused(world.malloryVersion(changes: [("a", "textRuns", runs)]).insertSQL(), "textRuns expects a non-empty array")
        }
        world.accepted(world.malloryVersion(seq: 3_000, changes: [("a", "textRuns",
            "[{\"start\": 0, \"length\": 2, \"font\": {\"size\": 20, \"weight\": \"bold\", \"italic\": true}}, {\"start\": 2, \"length\": 3, \"textColor\": \"#FF0000\", \"lineHeight\": \"150%\"}]")]).insertSQL())
        // A version claiming changes it does not hold, and one overlapping another.
        var short = good
        short.lastSeq += 1
        try world.refused(short.insertSQL(), "does not hold its changes")
        world.accepted(world.malloryVersion(seq: 2_000, changes: [("a", "width", "1"), ("a", "height", "2")]).insertSQL())
        let overlapping = world.malloryVersion(seq: 2_001, changes: [("a", "height", "2"), ("a", "width", "3")])
        try world.refused(overlapping.insertSQL(), "overlaps version")
        // The same content under a valid id, not yet anywhere, goes in: the checks were the refusals.
        world.accepted(world.malloryVersion(changes: [("a", "text", "\"fine\"")]).insertSQL())
    }

    /// Attack 1: the id of a version another store has not pushed yet cannot be taken. On this
    /// hub a row's id is its content's; where a clash is there anyway (the owner wrote the row by
    /// hand, triggers off), the push fails naming both, and goes through once the row is gone.
    @Test func idSquattingEndsLoudly() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let world = try World(root: root, now: now)
        #expect(world.owner.plumb(["set", "shared", "a", "text=unpushed"], now: now + 3) == 0)
        let store = try world.owner.open()
        let pending = try #require(try store.payloads(after: VersionVector([store.site: 0])).last)
        let target = LayoutCommit(pending).contentID
        try world.refused(world.malloryVersion().insertSQL(id: target), "does not match its content")

        let squat = world.malloryVersion(seq: 7)
        #expect(Psql.run(world.url, "SET session_replication_role = replica;\n"
            + squat.insertSQL(id: target, also: [("pushed_by", "'postgres'"), ("pushed_at", "now()")])).status == 0)
        #expect(world.owner.plumb(["push"], now: now + 4) == 1)
        #expect(world.owner.lastOutput.contains(String(target.prefix(12))), "\(world.owner.lastOutput)")
        #expect(world.owner.lastOutput.contains("site \(Hex.encode(world.mallorySite).prefix(8))"), "\(world.owner.lastOutput)")
        #expect(world.owner.lastOutput.contains("Nothing was pushed"), "\(world.owner.lastOutput)")

        #expect(Psql.run(world.url, "DELETE FROM plumb_versions WHERE id = '\(target)'; DELETE FROM plumb_changes WHERE site = '\(squat.siteHex)';").status == 0)
        #expect(world.owner.plumb(["push"], now: now + 5) == 0, "\(world.owner.lastOutput)")
        #expect(world.owner.lastOutput.contains("pushed 1 version"), "\(world.owner.lastOutput)")
        #expect(world.malloryStore.plumb(["pull"], now: now + 6) == 0, "\(world.malloryStore.lastOutput)")
        #expect(!world.malloryStore.lastOutput.contains("waiting"), "\(world.malloryStore.lastOutput)")
        #expect(try StoreReading.fingerprint(try world.malloryStore.open(), "shared").show.contains("unpushed"))
    }

    /// A bad row on the hub anyway (an older hub, or the owner's hand): a pull applies all that
    /// does not build on it, names it and its site, and exits non-zero.
    @Test func aPullAppliesEverythingButABadVersion() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let world = try World(root: root, now: now)
        var bad = LayoutCommit(document: "shared", site: [UInt8](repeating: 0x5A, count: 16), firstSeq: 1, lastSeq: 1,
                               changes: [(1, "a", "text", "not json{")])
        bad.author = "owner's mistake"
        // The same site's next version builds on it, so it waits.
        var after = LayoutCommit(document: "shared", site: bad.site, firstSeq: 2, lastSeq: 2, changes: [(2, "a", "width", "3")])
        after.base = [(bad.site, 1)]
        let sql = "SET session_replication_role = replica;\n" + [bad, after].map {
            $0.insertSQL(also: [("pushed_by", "'postgres'"), ("pushed_at", "now()")])
        }.joined() + "INSERT INTO plumb_document_sites VALUES ('shared', '\(bad.siteHex)', 2);\n"
        #expect(Psql.run(world.url, sql).status == 0)
        #expect(world.owner.plumb(["set", "shared", "a", "height=9"], now: now + 3) == 0)
        #expect(world.owner.plumb(["push"], now: now + 4) == 0)
        #expect(world.malloryStore.plumb(["pull"], now: now + 5) == 1)
        let output = world.malloryStore.lastOutput
        #expect(output.contains("version \(bad.contentID.prefix(12)) of site 5a5a5a5a"), "\(output)")
        #expect(output.contains("is not JSON"), "\(output)")
        #expect(output.contains("pulled 1 version"), "\(output)")
        #expect(output.contains("1 version waiting"), "\(output)")
        let show = try StoreReading.fingerprint(try world.malloryStore.open(), "shared").show
        #expect(show.contains("\"height\": 9"), "\(show)")
        #expect(world.malloryStore.plumb(["pull", "--json"], now: now + 6) == 1)
        #expect(world.malloryStore.lastOutput.contains("\"refused\""), "\(world.malloryStore.lastOutput)")
    }

    /// Attack 4: a grant revoked while a role's transaction is open lets nothing in, at every
    /// isolation level; and the CLI's next push is refused.
    @Test(arguments: ["READ COMMITTED", "REPEATABLE READ", "SERIALIZABLE"])
    func aRevokedGrantLetsNothingIn(isolation: String) throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let world = try World(root: root, now: now)
        let before = try world.counts()
        let session = try PostgresConnection(url: world.malloryURL)
        try session.execute("BEGIN ISOLATION LEVEL \(isolation)")
        #expect(try session.execute("SELECT count(*) FROM plumb_versions").int64(0, 0) == 1)
        #expect(world.owner.plumb(["hub", "revoke", world.url, "--role", world.mallory, "--document", "shared"], now: now) == 0)
        let version = world.malloryVersion()
        #expect(throws: PostgresError.self) {
            try session.execute(version.insertSQL().replacingOccurrences(of: "BEGIN;\n", with: "").replacingOccurrences(of: "COMMIT;\n", with: ""))
        }
        _ = try? session.execute("ROLLBACK")
        #expect(try world.counts()[0...1] == before[0...1])
        #expect(world.malloryStore.plumb(["set", "shared", "a", "width=4"], now: now + 3) == 0)
        #expect(world.malloryStore.plumb(["push"], now: now + 4) == 0)
        #expect(world.malloryStore.lastOutput.contains("skipped document shared"), "\(world.malloryStore.lastOutput)")
        #expect(try world.counts()[0...1] == before[0...1])
        // With everything revoked, the role cannot even read.
        #expect(world.owner.plumb(["hub", "revoke", world.url, "--role", world.mallory], now: now) == 0)
        #expect(world.malloryStore.plumb(["push"], now: now + 5) == 1)
        #expect(world.malloryStore.lastOutput.contains("the hub refused"), "\(world.malloryStore.lastOutput)")
    }

    /// A revoke waits for a push already relying on the grant; that push's rows are in, and
    /// nothing after the revoke.
    @Test func aRevokeWaitsForAPushInFlight() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let world = try World(root: root, now: now)
        let session = try PostgresConnection(url: world.malloryURL)
        try session.execute(world.malloryVersion().insertSQL().replacingOccurrences(of: "COMMIT;\n", with: ""))
        let revoked = DispatchSemaphore(value: 0)
        let url = world.url, role = world.mallory
        Thread {
            _ = try? PostgresConnection(url: url).execute("DELETE FROM plumb_document_grants WHERE role = '\(role)'")
            revoked.signal()
        }.start()
        // The revoke is seen waiting for the push's lock, and has not returned: a revoke that
        // did not wait would never show so (the deadline only keeps a broken build from hanging).
        var waiting = false
        for _ in 0..<6_000 where !waiting {
            waiting = try world.admin.execute("""
                SELECT count(*) FROM pg_stat_activity
                WHERE wait_event_type = 'Lock' AND query LIKE 'DELETE FROM plumb_document_grants%'
                """).int64(0, 0) == 1
            if !waiting { usleep(10_000) }
        }
        #expect(waiting, "the revoke was never seen waiting for the push")
        #expect(revoked.wait(timeout: .now()) == .timedOut, "the revoke did not wait for the push")
        try session.execute("COMMIT")
        #expect(revoked.wait(timeout: .now() + 30) == .success)
        #expect(try world.admin.execute("SELECT count(*) FROM plumb_versions WHERE first_seq = 1000").int64(0, 0) == 1)
        try world.refused(world.malloryVersion(seq: 3_000).insertSQL(), "row-level security")
    }

    /// Attack 5: a store holding a document its role may not write still pushes the others, and
    /// says what it left out.
    @Test func aStoreWithAnUngrantedDocumentStillPushes() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let world = try World(root: root, now: now)
        let file = root.appendingPathComponent("mine.json").path
        _ = FileManager.default.createFile(atPath: file, contents: Data(Scenario.startSpec("mine").utf8))
        #expect(world.malloryStore.plumb(["apply", file], now: now + 3) == 0)
        #expect(world.malloryStore.plumb(["set", "shared", "a", "text=from mallory"], now: now + 4) == 0)
        #expect(world.malloryStore.plumb(["push"], now: now + 5) == 0, "\(world.malloryStore.lastOutput)")
        #expect(world.malloryStore.lastOutput.contains("pushed 1 version"), "\(world.malloryStore.lastOutput)")
        #expect(world.malloryStore.lastOutput.contains("skipped document mine (1 version)"), "\(world.malloryStore.lastOutput)")
        #expect(world.malloryStore.plumb(["push", "--json"], now: now + 6) == 0)
        #expect(world.malloryStore.lastOutput.contains("\"document\": \"mine\""), "\(world.malloryStore.lastOutput)")
        #expect(world.owner.plumb(["pull"], now: now + 7) == 0)
        #expect(try StoreReading.fingerprint(try world.owner.open(), "shared").show.contains("from mallory"))
    }
}
