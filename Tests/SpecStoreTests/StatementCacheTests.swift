import Testing
@testable import SpecStore

/// The connection's two kinds of statement: a cached one per SQL text, which a query of the same
/// text nested inside its own rows must not take (it would reset the outer loop), and one-off
/// statements, which nest freely.
@Suite struct StatementCacheTests {
    func numbers() throws -> Database {
        let database = try Database(path: ":memory:", mode: .create)
        try database.execute("CREATE TABLE n (x INTEGER); INSERT INTO n VALUES (1), (2), (3)")
        return database
    }

    @Test func theCachedStatementIsReusedForTheSameText() throws {
        let database = try numbers()
        let first = try database.cachedStatement("SELECT x FROM n")
        #expect(try database.cachedStatement("SELECT x FROM n") === first)
        #expect(try database.makeStatement("SELECT x FROM n") !== first)
    }

    @Test func oneOffStatementsNestInsideAQueryOfTheSameText() throws {
        let database = try numbers()
        var pairs: [[Int64]] = []
        try database.query("SELECT x FROM n ORDER BY x") { outer in
            let inner = try database.makeStatement("SELECT x FROM n ORDER BY x")
            while try inner.step() { pairs.append([outer.int64(0), inner.int64(0)]) }
        }
        #expect(pairs.count == 9, "the outer loop saw all three rows: \(pairs)")
    }

    @Test func theCachedStatementIsRefusedInsideAQueryOfItself() async {
        await #expect(processExitsWith: .failure) {
            let database = try Database(path: ":memory:", mode: .create)
            try database.execute("CREATE TABLE n (x INTEGER); INSERT INTO n VALUES (1), (2)")
            try database.query("SELECT x FROM n") { _ in
                _ = try database.scalar("SELECT x FROM n")
            }
        }
    }
}
