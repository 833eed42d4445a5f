import Foundation
import FuzzSupport
import Replication
import SpecSync

/// Fuzz target `hub-rows`: the decoder of a hub pull's version and change rows
/// (`HubRows.payloads`) never traps, whatever the rows hold; every version it returns is
/// consistent, and every row is either returned or named as refused.
///
/// Input: text, two tables (version rows, then change rows) split by a line `--`; rows split
/// by newlines, cells by tabs, `\N` for NULL (as `COPY` writes them).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHubRows(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let parts = text.components(separatedBy: "\n--\n")
    let versions = TextTable(parts[0])
    let changes = TextTable(parts.count > 1 ? parts[1] : "")
    let result = HubRows.payloads(versions: versions, changes: changes)
    guard result.payloads.count + result.refused.count == versions.rowCount else { fatalError("rows lost: neither returned nor refused") }
    for payload in result.payloads where payload.inconsistency != nil { fatalError("returned an inconsistent version") }
    if verbose {
        print("\(result.payloads.count) versions returned, \(result.refused.count) refused" + result.refused.map { "\n  \($0.id): \($0.reason)" }.joined())
    }
    return 0
}

/// `FUZZ_VERBOSE=1` prints what each input gave (for replays).
let verbose = ProcessInfo.processInfo.environment["FUZZ_VERBOSE"] != nil

/// Rows of text cells from the fuzzer's text.
struct TextTable: HubRowTable {
    let rows: [[String?]]

    init(_ text: String) {
        rows = text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.split(separator: "\t", omittingEmptySubsequences: false).map { $0 == "\\N" ? nil : String($0) }
        }
    }

    var rowCount: Int { rows.count }

    func text(_ row: Int, _ column: Int) -> String? {
        column < rows[row].count ? rows[row][column] : nil
    }
}

#if !FUZZING
/// Without libFuzzer: replays files, or with `--make-seeds DIR` writes seed inputs: rows of
/// real versions, ids included (computed as TEAM.md's content-id layout says).
@main struct Replay {
    static func main() throws {
        if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "--make-seeds" {
            try HubRowSeeds.write(to: CommandLine.arguments[2])
        } else {
            FuzzReplay.run(fuzzHubRows)
        }
    }
}
#endif
