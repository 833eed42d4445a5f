import Foundation
import PostgresHub
import Replication
import SpecSync
import Testing

/// A commit version as plain data, and its ids written straight from TEAM.md's byte layout,
/// independently of the code under test (the hub's SQL, the client's Swift).
struct LayoutCommit {
    var document = "shared"
    var site = [UInt8](repeating: 0xAB, count: 16)
    var firstSeq: Int64 = 1
    var lastSeq: Int64 = 1
    var hlc: UInt64 = 1_800_000_000_000 << 16
    var time: Int64 = 1_800_000_000_000
    var message = "m"
    var author = "a"
    /// (site, seq), sorted by site.
    var base: [([UInt8], Int64)] = []
    /// (seq, view, property, value or nil for unset).
    var changes: [(Int64, String, String, String?)] = [(1, "a", "width", "10")]

    var siteHex: String { Hex.encode(site) }
    var baseHex: String { base.map { Hex.encode($0.0 + bigEndian(UInt64($0.1), bytes: 8)) }.joined() }

    /// `plumb-commit-2`: the content id.
    var contentID: String {
        var out: [UInt8] = []
        out += text("plumb-commit-2") + text(document) + site
        out += bigEndian(UInt64(firstSeq), bytes: 8) + bigEndian(UInt64(lastSeq), bytes: 8)
        out += bigEndian(hlc, bytes: 8) + bigEndian(UInt64(bitPattern: time), bytes: 8)
        out += text(message) + text(author)
        out += bigEndian(UInt64(base.count), bytes: 4)
        for (site, seq) in base { out += site + bigEndian(UInt64(seq), bytes: 8) }
        out += bigEndian(UInt64(changes.count), bytes: 4)
        for (seq, view, property, value) in changes {
            out += bigEndian(UInt64(seq), bytes: 8) + text(view) + text(property)
            out += value.map { [1] + text($0) } ?? [0]
        }
        return Hex.encode(SHA256.hash(out))
    }

    /// `plumb-version-1`: the header-only id hubs held before schema 2 (LEB128 lengths, zigzag
    /// time), for the migration test.
    var headerID: String {
        var vector = base.filter { $0.0 != site } + [(site, lastSeq)]
        vector.sort { $0.0.lexicographicallyPrecedes($1.0) }
        let encoded = vector.flatMap { $0.0 + bigEndian(UInt64($0.1), bytes: 8) }
        var out = varText("plumb-version-1") + varText("commit") + varText(document)
        out += varint(UInt64(encoded.count)) + encoded + varText(message) + varText(author)
        out += varint(UInt64(bitPattern: (time << 1) ^ (time >> 63)))
        return Hex.encode(SHA256.hash(out))
    }

    /// SQL inserting this version and its changes in one transaction: with `id` in place of the
    /// content id when given, and with the columns of `also` (name → SQL) too.
    func insertSQL(id: String? = nil, also: [(String, String)] = []) -> String {
        let columns = ["site", "first_seq", "last_seq", "id", "document", "hlc", "base", "message", "author", "time"] + also.map(\.0)
        let values = [SQL.literal(siteHex), String(firstSeq), String(lastSeq), SQL.literal(id ?? contentID), SQL.literal(document),
                      String(Int64(bitPattern: hlc)), SQL.literal(baseHex), SQL.literal(message), SQL.literal(author), String(time)] + also.map(\.1)
        var sql = "BEGIN;\nINSERT INTO plumb_versions (\(columns.joined(separator: ", "))) VALUES (\(values.joined(separator: ", ")));\n"
        for (seq, view, property, value) in changes {
            sql += "INSERT INTO plumb_changes (site, seq, document, view, property, value) VALUES (\(SQL.literal(siteHex)), \(seq), "
            sql += "\(SQL.literal(document)), \(SQL.literal(view)), \(SQL.literal(property)), \(SQL.literal(value)));\n"
        }
        return sql + "COMMIT;\n"
    }

    private func bigEndian(_ value: UInt64, bytes count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64(count - 1 - $0))) }
    }
    private func text(_ value: String) -> [UInt8] { bigEndian(UInt64(value.utf8.count), bytes: 4) + Array(value.utf8) }
    private func varint(_ value: UInt64) -> [UInt8] {
        var value = value, out: [UInt8] = []
        while value >= 0x80 { out.append(UInt8(value & 0x7F) | 0x80); value >>= 7 }
        return out + [UInt8(value)]
    }
    private func varText(_ value: String) -> [UInt8] { varint(UInt64(value.utf8.count)) + Array(value.utf8) }
}

enum SQL {
    /// A standard SQL string literal (`NULL` for nil).
    static func literal(_ text: String?) -> String {
        guard let text else { return "NULL" }
        return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }
}

/// The hub server as a role holder meets it: `psql`, its own login.
enum Psql {
    /// Runs `sql` as a script (stopping at the first error); exit status and all output.
    static func run(_ url: String, _ sql: String) -> (status: Int32, output: String) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-psql-\(UUID().uuidString).sql")
        _ = FileManager.default.createFile(atPath: file.path, contents: Data(sql.utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-psql-\(UUID().uuidString).out").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let quoted = ["psql", url, "-X", "-q", "-v", "ON_ERROR_STOP=1", "-f", file.path].map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let status = system(quoted.joined(separator: " ") + " </dev/null >'\(output)' 2>&1")
        return (status == 0 ? 0 : 1, (try? String(contentsOfFile: output, encoding: .utf8)) ?? "")
    }
}

/// Roles on the test server for one test, each with a login; dropped (with what they own in
/// the test's database) when the test ends.
final class TestRoles {
    private let url: String
    private(set) var names: [String] = []

    init(database url: String) { self.url = url }

    func make(_ prefix: String) throws -> String {
        let name = "\(prefix)_\(UUID().uuidString.prefix(6).lowercased())"
        try PostgresConnection(url: TestPostgres.serverURL).execute("CREATE ROLE \(name) LOGIN")
        names.append(name)
        return name
    }

    /// The test database's URL as `role`.
    func url(as role: String) -> String {
        TestPostgres.url(database: String(url.split(separator: "/").last!), user: role)
    }

    deinit {
        guard let admin = try? PostgresConnection(url: TestPostgres.serverURL), let database = try? PostgresConnection(url: url) else { return }
        for name in names {
            _ = try? admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '\(name)'")
            _ = try? database.execute("DROP OWNED BY \(name)")
            _ = try? admin.execute("DROP ROLE IF EXISTS \(name)")
        }
    }
}
