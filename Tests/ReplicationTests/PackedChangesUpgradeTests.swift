import Foundation
import SpecStore
import SpecSync
import Testing

/// A store made by the release before packed changes (schema 2; Fixtures/schema-2-README.md):
/// migration 0003 packs its changes, and every version reads back as that release read it.
@Suite struct PackedChangesUpgradeTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-packed-\(UUID().uuidString)")
    let now: UInt64 = 1_800_000_100_000

    /// The plumb arguments the fixture script ran for a recorded command.
    func arguments(_ command: String) -> [String] {
        let words = command.split(separator: " ").map(String.init)
        switch words[0] {
        case "log": return words + ["--json"]
        case "diff": return ["diff", words[1], words[1].split(separator: "@")[0] + "@" + words[2]]
        case "conflicts": return ["conflicts", "login"]
        default: return words
        }
    }

    @Test func everyVersionReadsBackAsTheReleaseReadIt() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let replica = try ReleaseFixtures.replica(of: "schema-2-store.sqlite", in: root)
        let changesBefore = try Database(path: replica.storePath, mode: .readOnly).scalar("SELECT count(*) FROM changes")?.integer ?? 0
        #expect(changesBefore > 50)

        #expect(replica.plumb(["upgrade"], now: now) == 0)
        #expect(replica.lastOutput.contains("upgraded from schema 2 to 11"), "\(replica.lastOutput)")
        let database = try Database(path: replica.storePath, mode: .readOnly)
        #expect(try database.scalar("SELECT count(*) FROM sqlite_master WHERE name = 'changes'")?.integer == 0)
        #expect(try database.scalar("SELECT count(*) FROM version_changes")?.integer
                == database.scalar("SELECT count(*) FROM versions WHERE kind = 'commit'")?.integer)

        let sections = try ReleaseFixtures.recorded("schema-2-expected.txt")
        #expect(sections.count == 28)
        for (command, expected) in sections {
            replica.plumb(arguments(command), now: now)
            #expect(replica.lastOutput == expected, "plumb \(command)")
        }
        // The changes travel as they did: every version still hashes to its id.
        let store = try replica.open()
        var total = 0
        for payload in try store.payloads(after: VersionVector()) {
            #expect(payload.verified() != nil, "version \(payload.id.short) does not hash to its id")
            total += payload.changes.count
        }
        #expect(Int64(total) == changesBefore)
        #expect(try store.integrityCheck() == ["ok"])
    }
}
