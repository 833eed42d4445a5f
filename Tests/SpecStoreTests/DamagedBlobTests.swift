import Foundation
import LayoutSpec
import SpecSync
import Testing
@testable import SpecStore

/// A store made elsewhere (`sync`, `clone`, `--store`) may hold damaged or crafted blobs: each
/// read of the head, of a snapshot and of their trees refuses them in words, never traps.
@Suite struct DamagedBlobTests {
    /// Damage made to a blob that its form shows: cut short, bytes that are no form, nothing. (A
    /// byte changed inside a value can make another valid blob; these forms carry no checksum.)
    static let damages: [(String, @Sendable ([UInt8]) -> [UInt8])] = [
        ("cut short", { Array($0.prefix($0.count / 2)) }),
        ("not a blob", { _ in Array("PSN2PTR1\u{0}\u{7F}".utf8) }),
        ("empty", { _ in [] }),
    ]

    @Test(arguments: [("head_chunks", "data", "id"), ("documents", "tree", "id"), ("snapshots", "state", "version"), ("snapshots", "tree", "version")])
    func aDamagedBlobIsRefusedInWords(table: String, column: String, key: String) throws {
        for (damage, damaged) in Self.damages {
            let folder = TemporaryFolder()
            let (store, _) = try StoreFixtures.labels(in: folder)
            try StoreFixtures.set("d", "m10", .width, .number(9), in: store)
            var rows: [(Int64, [UInt8])] = []
            try store.database.query("SELECT \(key), \(column) FROM \(table)") { rows.append(($0.int64(0), $0.blob(1))) }
            for (row, blob) in rows {
                try store.database.run("UPDATE \(table) SET \(column) = ? WHERE \(key) = ?", [.blob(damaged(blob)), .integer(row)])
            }
            // The head reads chunks and the head tree; version 1 reads the import's snapshot.
            let version = try store.version(of: "d", revision: table == "snapshots" ? "1" : "head")
            do {
                _ = try store.state(of: version)
                Issue.record("\(table).\(column), \(damage): read")
            } catch let error as StoreError {
                #expect("\(error)".contains("damaged") || "\(error)".contains("cannot be read"), "\(table).\(column), \(damage): \(error)")
            }
        }
    }

    /// A version row whose seq range no version can have (its count overflows, or it runs
    /// backwards) is refused in words wherever versions are listed, instead of trapping when its
    /// change count is taken.
    @Test(arguments: [(Int64(-5), Int64.max), (Int64.min, Int64(3)), (Int64(10), Int64(2))])
    func aVersionRowWithAnImpossibleSeqRangeIsRefusedInWords(first: Int64, last: Int64) throws {
        let folder = TemporaryFolder()
        let (store, _) = try StoreFixtures.labels(in: folder)
        try store.database.run("UPDATE versions SET first_seq = ?, last_seq = ?", [.integer(first), .integer(last)])
        do {
            let versions = try store.log(of: "d")
            Issue.record("listed: \(versions.map(\.changeCount))")
        } catch let error as StoreError {
            #expect("\(error)".contains("seq range"), "\(error)")
        }
    }
}
