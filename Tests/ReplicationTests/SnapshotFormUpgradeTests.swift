import Foundation
@testable import SpecStore
import SpecSync
import Testing

/// A store made by the release whose snapshots were `PSN1` (Fixtures/schema-4-README.md): the
/// upgrade (migration 0008) rewrites its snapshots in the head's form, and every version reads
/// back as that release read it, before and after `plumb gc`.
@Suite struct SnapshotFormUpgradeTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-snapshots-\(UUID().uuidString)")
    let now: UInt64 = 1_800_000_100_000

    /// The plumb arguments the fixture script ran for a recorded command.
    func arguments(_ command: String) -> [String] {
        let words = command.split(separator: " ").map(String.init)
        switch words[0] {
        case "log": return words + ["--json"]
        case "show": return words + ["--flat"]
        default: return ["diff", words[1], words[1].split(separator: "@")[0] + "@" + words[2]]
        }
    }

    /// The magic each stored snapshot's bytes start with, in version order.
    func snapshotForms(_ path: String) throws -> [String] {
        let database = try Database(path: path, mode: .readOnly)
        var forms: [String] = []
        try database.query("SELECT state FROM snapshots ORDER BY version") { row in
            // A first-form snapshot is one zstd frame; the current form starts with its magic.
            let blob = row.blob(0)
            forms.append(blob.starts(with: StateSnapshot.magic) ? "PSN2" : blob.starts(with: [0x28, 0xB5, 0x2F, 0xFD]) ? "PSN1 in zstd" : "?")
        }
        return forms
    }

    @Test func everyVersionReadsBackAsTheReleaseReadItOnceUpgradedAndAfterGC() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let replica = try ReleaseFixtures.replica(of: "schema-4-store.sqlite", in: root)
        #expect(try snapshotForms(replica.storePath) == ["PSN1 in zstd", "PSN1 in zstd"])
        // As if a gc of that release had passed them: migration 0005 forgets how far it got.
        try Database(path: replica.storePath, mode: .readWrite)
            .run("INSERT OR REPLACE INTO meta (key, value) VALUES ('compacted_snapshots', '1000000')")

        let sections = try ReleaseFixtures.recorded("schema-4-expected.txt")
        #expect(sections.count == 18)
        func readsAsRecorded(_ when: String) {
            for (command, expected) in sections {
                replica.plumb(arguments(command), now: now)
                #expect(replica.lastOutput == expected, "plumb \(command), \(when)")
            }
        }
        readsAsRecorded("once upgraded")
        #expect(try snapshotForms(replica.storePath) == ["PSN2", "PSN2"])

        let before = try FileManager.default.attributesOfItem(atPath: replica.storePath)[.size] as? Int ?? 0
        #expect(replica.plumb(["gc"], now: now) == 0, "\(replica.lastOutput)")
        #expect(try snapshotForms(replica.storePath) == ["PSN2", "PSN2"])
        let after = try FileManager.default.attributesOfItem(atPath: replica.storePath)[.size] as? Int ?? 0
        #expect(after < before)
        readsAsRecorded("after gc")

        #expect(try replica.open().integrityCheck() == ["ok"])
    }
}
