import Replication
import SeededRandom
import SpecSync
import Testing

/// The pull's row decoder on rows no server would send: it never traps, and a bad version is
/// named while the good ones come back.
struct HubRowsTests {
    struct Rows: HubRowTable {
        var cells: [[String?]]
        var rowCount: Int { cells.count }
        func text(_ row: Int, _ column: Int) -> String? { column < cells[row].count ? cells[row][column] : nil }
    }

    static let site = String(repeating: "ab", count: 16)

    /// A good version of one change, and its row.
    static func good(seq: Int64) -> (version: [String?], change: [String?]) {
        let commit = LayoutCommit(document: "shared", site: Hex.decode(site)!, firstSeq: seq, lastSeq: seq, message: "m", author: "a",
                                  changes: [(seq, "a", "width", "10")])
        return ([site, String(seq), String(seq), commit.contentID, "shared", String(Int64(bitPattern: commit.hlc)), "", "m", "a", String(commit.time)],
                [site, String(seq), "a", "width", "10"])
    }

    @Test func aBadVersionIsNamedAndTheOthersComeBack() {
        let first = Self.good(seq: 1), third = Self.good(seq: 3)
        var bad = Self.good(seq: 2)
        bad.change[4] = "not json{"
        let result = HubRows.payloads(versions: Rows(cells: [first.version, bad.version, third.version]),
                                      changes: Rows(cells: [first.change, bad.change, third.change]))
        #expect(result.payloads.map(\.firstSeq) == [1, 3])
        #expect(result.refused.count == 1)
        #expect(result.refused.first?.firstSeq == 2)
        #expect(result.refused.first?.reason.contains("not JSON") == true)
    }

    /// The server sends change rows unsorted (a pull asks for no order): each version still gets
    /// its own changes, in seq order, from rows of two sites interleaved and shuffled.
    @Test func changeRowsInAnyOrderMakeTheSameVersions() {
        var commits: [LayoutCommit] = []
        for (index, site) in [[UInt8](repeating: 0xAB, count: 16), [UInt8](repeating: 0xCD, count: 16)].enumerated() {
            for first in stride(from: Int64(1), through: 7, by: 3) {
                let changes = (first...first + 2).map { ($0, "v\(index)", "width", String($0 * 10 + Int64(index))) }
                commits.append(LayoutCommit(site: site, firstSeq: first, lastSeq: first + 2, message: "m\(first)", changes: changes))
            }
        }
        let versions = commits.map { commit -> [String?] in
            [commit.siteHex, String(commit.firstSeq), String(commit.lastSeq), commit.contentID, commit.document,
             String(Int64(bitPattern: commit.hlc)), commit.baseHex, commit.message, commit.author, String(commit.time)]
        }
        let ordered: [[String?]] = commits.flatMap { commit in
            commit.changes.map { change -> [String?] in [commit.siteHex, String(change.0), change.1, change.2, change.3] }
        }
        var random = SeededGenerator(seed: 38)
        var shuffled = ordered
        for index in shuffled.indices.reversed() { shuffled.swapAt(index, random.below(index + 1)) }
        #expect(shuffled.map { $0[1] } != ordered.map { $0[1] })
        let result = HubRows.payloads(versions: Rows(cells: versions), changes: Rows(cells: shuffled))
        #expect(result.refused.isEmpty)
        #expect(result.payloads.count == commits.count)
        for (payload, commit) in zip(result.payloads, commits) {
            #expect(payload.id.hex == commit.contentID)
            #expect(payload.changes.map(\.seq) == commit.changes.map(\.0))
            #expect(payload.changes.map(\.value) == commit.changes.map(\.3))
        }
    }

    @Test func garbageRowsNeverTrap() {
        var random = SeededGenerator(seed: 11)
        let pieces: [String?] = [nil, "", "0", "-1", "1", "2", "9223372036854775807", "-9223372036854775808", Self.site, "zz",
                                 "shared", "a b", "width", "parent", "null", "\"x\"", "not json{", String(repeating: "0", count: 64), "\u{1B}[2J"]
        for _ in 0..<2_000 {
            let versions = (0..<random.below(4)).map { _ in (0..<10).map { _ in pieces[random.below(pieces.count)] } }
            let changes = (0..<random.below(6)).map { _ in (0..<5).map { _ in pieces[random.below(pieces.count)] } }
            let result = HubRows.payloads(versions: Rows(cells: versions), changes: Rows(cells: changes))
            #expect(result.payloads.count + result.refused.count == versions.count)
            for refused in result.refused { #expect(!refused.id.unicodeScalars.contains { $0.value < 0x20 }) }
        }
    }
}
