import Foundation
@testable import SpecStore
import SpecSync
import Testing

/// A store made by the release whose head was its chunks alone (Fixtures/schema-5-README.md):
/// it opens with no recent rows, every version reads back as that release read it, and so it
/// does after commits that write recent rows and after `plumb gc` folds them.
@Suite struct HeadRecentUpgradeTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-recent-\(UUID().uuidString)")
    let now: UInt64 = 1_800_000_100_000

    func recentRows(_ path: String) throws -> Int64 {
        try Database(path: path, mode: .readOnly).scalar("SELECT count(*) FROM head_recent")?.integer ?? -1
    }

    @Test func everyVersionReadsBackAsTheReleaseReadItThroughRecentRowsAndGC() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let replica = try ReleaseFixtures.replica(of: "schema-5-store.sqlite", in: root)

        let sections = try ReleaseFixtures.recorded("schema-5-expected.txt")
        #expect(sections.count == 18)
        let versions = sections.filter { $0.command.hasPrefix("show ") }.count
        func readsAsRecorded(_ when: String) {
            for (command, expected) in sections {
                let words = command.split(separator: " ").map(String.init)
                // The log gains the versions made below: only the release's are compared.
                if words[0] == "log" { continue }
                replica.plumb(words[0] == "show" ? words + ["--flat"] : words, now: now)
                #expect(replica.lastOutput == expected, "plumb \(command), \(when)")
            }
        }
        readsAsRecorded("as the release left it")
        #expect(try recentRows(replica.storePath) == 0)

        // Commits of one view each: they write recent rows, and the head reads them.
        #expect(replica.plumb(["set", "big", "l0-7", "text=Recent"], now: now + 1_000) == 0, "\(replica.lastOutput)")
        #expect(replica.plumb(["set", "big", "l1-9", "width=77"], now: now + 2_000) == 0, "\(replica.lastOutput)")
        #expect(replica.plumb(["rm", "big", "l2-3"], now: now + 3_000) == 0, "\(replica.lastOutput)")
        #expect(try recentRows(replica.storePath) == 3)
        readsAsRecorded("after three commits")
        replica.plumb(["show", "big", "--flat"], now: now)
        let head = replica.lastOutput
        #expect(head.contains(#""text": "Recent""#) && head.contains(#""width": 77"#) && !head.contains(#""id": "l2-3""#))
        replica.plumb(["log", "big", "--json"], now: now)
        #expect(replica.lastOutput.components(separatedBy: #""number""#).count - 1 == versions + 3)

        #expect(replica.plumb(["gc"], now: now) == 0, "\(replica.lastOutput)")
        #expect(try recentRows(replica.storePath) == 0)
        readsAsRecorded("after gc")
        replica.plumb(["show", "big", "--flat"], now: now)
        #expect(replica.lastOutput == head)
        #expect(try replica.open().integrityCheck() == ["ok"])
    }
}
