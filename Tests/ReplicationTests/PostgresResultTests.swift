import PostgresHub
import Replication
import Testing

/// `PostgresResult.int64` reads numbers from libpq's text without making a `String`: it says
/// what `Int64(text) ?? 0` says, for every kind of cell a server can send.
@Suite(.needsPostgres) struct PostgresResultTests {
    @Test func numbersReadAsInt64OfTheirTextWould() throws {
        let cells = ["0", "1", "-1", "+5", "42", "007", "9223372036854775807", "-9223372036854775808", "9223372036854775808",
                     "-9223372036854775809", "", "-", "+", "1.5", " 1", "1 ", "abc", "12a", "٣", "99999999999999999999999"]
        let list = cells.map { "'" + $0 + "'" }.joined(separator: ",")
        let connection = try PostgresConnection(url: TestPostgres.makeDatabase())
        let rows = try connection.execute("SELECT x, NULL::text FROM unnest(ARRAY[\(list)]::text[]) WITH ORDINALITY AS u(x, n) ORDER BY n")
        #expect(rows.rowCount == cells.count)
        for row in 0..<rows.rowCount {
            #expect(rows.text(row, 0) == cells[row])
            #expect(rows.int64(row, 0) == Int64(cells[row]) ?? 0, "\(cells[row])")
            #expect(rows.int64(row, 1) == 0)
        }
    }

    /// `sameText` compares cells' bytes in libpq's buffers (canonically equivalent texts, which
    /// `String` calls equal, are not the same bytes), as the rows' default `sameText` does.
    @Test func cellsCompareAsTheirTextsWould() throws {
        let cells: [String?] = ["ab", "ab", "abc", nil, nil, "", "", "é", "e\u{301}", "ab"]
        let list = cells.map { $0.map { "'" + $0 + "'" } ?? "NULL" }.joined(separator: ",")
        let connection = try PostgresConnection(url: TestPostgres.makeDatabase())
        let rows = try connection.execute("SELECT x FROM unnest(ARRAY[\(list)]::text[]) WITH ORDINALITY AS u(x, n) ORDER BY n")
        for row in 0..<rows.rowCount {
            for other in 0..<rows.rowCount {
                let texts = HubRowsTests.Rows(cells: cells.map { [$0] })
                #expect(rows.sameText(row, other, column: 0) == texts.sameText(row, other, column: 0), "\(row) \(other)")
                #expect(rows.sameText(row, other, column: 0) == (cells[row].map { Array($0.utf8) } == cells[other].map { Array($0.utf8) }))
            }
        }
    }
}
