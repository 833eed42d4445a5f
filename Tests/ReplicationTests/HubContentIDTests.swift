import Foundation
import LayoutSpec
import PostgresHub
import Replication
import SpecStore
import SpecSync
import Testing

/// Version ids as the hub computes them in SQL (`plumb_commit_id`), against TEAM.md's layout.
@Suite(.serialized, .needsPostgres) struct HubContentIDTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-hubid-\(UUID().uuidString)")
    let now: UInt64 = 1_800_000_000_000

    static let cases: [LayoutCommit] = {
        var plain = LayoutCommit()
        var wide = LayoutCommit(document: "log:in-2.x", site: (0..<16).map { UInt8($0 * 17) }, firstSeq: 70_000, lastSeq: 70_003,
                                hlc: UInt64(Int64.max), time: -1_234_567, message: "fix “title” 👩‍👩‍👧 é", author: "",
                                base: [([UInt8](repeating: 0x01, count: 16), 9), ([UInt8](repeating: 0xFE, count: 16), 1 << 40)],
                                changes: [(70_000, "title", "text", "\"h\\u00e9\\n\\\"x\\\"\""), (70_001, "title", "margin.top", nil),
                                          (70_002, "_r.o:o-t", "parent", "null"), (70_003, "b", "rows", "[\"auto\",\"2*\",44]")])
        plain.message = ""
        wide.author = "ünïcode ☃"
        return [plain, wide, LayoutCommit(changes: [(1, "a", "text", "\"\"")])]
    }()

    @Test(arguments: cases)
    func sqlComputesTheLayoutsID(commit: LayoutCommit) throws {
        let url = try TestPostgres.makeDatabase()
        try Hub.initialize(url: url)
        let connection = try PostgresConnection(url: url)
        func array(_ items: [String?]) -> String {
            "{" + items.map { $0.map { "\"" + $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\"" } ?? "NULL" }
                .joined(separator: ",") + "}"
        }
        let result = try connection.execute("""
            SELECT plumb_commit_id($1, $2, $3, $4, $5, $6, $7, $8, $9, $10,
                (SELECT string_agg(plumb_id_change(seq, view, property, value), ''::bytea ORDER BY seq)
                 FROM unnest($11::bigint[], $12::text[], $13::text[], $14::text[]) AS c(seq, view, property, value)))
            """, [commit.document, commit.siteHex, String(commit.firstSeq), String(commit.lastSeq), String(Int64(bitPattern: commit.hlc)),
                  String(commit.time), commit.message, commit.author, commit.baseHex, String(commit.changes.count),
                  array(commit.changes.map { String($0.0) }), array(commit.changes.map(\.1)), array(commit.changes.map(\.2)),
                  array(commit.changes.map(\.3))])
        #expect(result.text(0, 0) == commit.contentID)
    }

    /// What the client pushes carries the layout's id (the server checks it at commit).
    @Test func aPushedVersionCarriesItsContentID() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let url = try TestPostgres.makeDatabase()
        try Hub.initialize(url: url)
        let replica = Replica(name: "a", root: root)
        #expect(replica.plumb(["init", replica.folder.path], now: now) == 0)
        #expect(replica.plumb(["remote", "add", "origin", url], now: now) == 0)
        let file = root.appendingPathComponent("login.json").path
        _ = FileManager.default.createFile(atPath: file, contents: Data(Scenario.startSpec("login").utf8))
        #expect(replica.plumb(["apply", file, "-m", "first ✓"], now: now) == 0)
        #expect(replica.plumb(["set", "login", "a", "text=two\nlines"], now: now) == 0)
        #expect(replica.plumb(["push"], now: now) == 0, "\(replica.lastOutput)")
        let store = try replica.open()
        let payloads = try store.payloads(after: VersionVector())
        #expect(payloads.count == 2)
        let rows = try PostgresConnection(url: url).execute("SELECT id FROM plumb_versions ORDER BY first_seq")
        for (row, payload) in payloads.enumerated() {
            let commit = LayoutCommit(payload)
            #expect(rows.text(row, 0) == commit.contentID)
        }
    }

    /// A hub of schema 1 (header ids) is upgraded by `hub init`: each id is rewritten to its
    /// content id; a row whose old id did not match its header keeps it, and a pull names it.
    @Test func hubInitRewritesAnOlderHubsIDs() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let url = try TestPostgres.makeDatabase()
        let admin = try PostgresConnection(url: url)
        let first = try String(contentsOfFile: TestPostgres.repository.appendingPathComponent("Migrations/hub/0001_hub.sql").path, encoding: .utf8)
        try admin.execute("""
            CREATE TABLE plumb_hub_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now());
            \(first);
            INSERT INTO plumb_hub_migrations (version, name) VALUES (1, 'hub')
            """)
        var good = LayoutCommit(document: "login", lastSeq: 2)
        good.changes = [(1, "root", "kind", "\"view\""), (2, "root", "parent", "null")]
        var forged = LayoutCommit(document: "login", site: [UInt8](repeating: 0xCD, count: 16), changes: [(1, "root", "width", "5")])
        forged.message = "forged"
        for (commit, id) in [(good, good.headerID), (forged, String(repeating: "e", count: 64))] {
            let sql = commit.insertSQL(id: id).replacingOccurrences(of: "id, document", with: "hash, document")
            #expect(Psql.run(url, sql).status == 0)
        }
        let a = Replica(name: "a", root: root)
        #expect(a.plumb(["init", a.folder.path], now: now) == 0)
        #expect(a.plumb(["remote", "add", "origin", url], now: now) == 0)
        #expect(a.plumb(["pull"], now: now) == 1)
        #expect(a.lastOutput.contains("older"), "\(a.lastOutput)")
        #expect(a.plumb(["hub", "init", url], now: now) == 0, "\(a.lastOutput)")
        let ids = try admin.execute("SELECT site, id FROM plumb_versions ORDER BY site")
        #expect(ids.text(0, 1) == good.contentID)
        #expect(ids.text(1, 1) == String(repeating: "e", count: 64))
        #expect(a.plumb(["pull"], now: now) == 1)
        #expect(a.lastOutput.contains("version eeeeeeeeeeee of site cdcdcdcd"), "\(a.lastOutput)")
        #expect(a.lastOutput.contains("pulled 1 version"), "\(a.lastOutput)")
    }
}

extension LayoutCommit: CustomTestStringConvertible {
    var testDescription: String { "\(document) seqs \(firstSeq)…\(lastSeq)" }

    init(_ payload: VersionPayload) {
        self.init(document: payload.document, site: payload.site.bytes, firstSeq: payload.firstSeq, lastSeq: payload.lastSeq,
                  hlc: payload.hlc.rawValue, time: payload.version.time, message: payload.version.message, author: payload.version.author,
                  base: payload.base.sorted.map { ($0.site.bytes, $0.seq) },
                  changes: payload.changes.map { ($0.seq, $0.view, $0.property.rawValue, $0.value) })
    }
}
