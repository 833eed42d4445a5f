import CSQLite
import Glibc

/// A value bound to or read from SQLite.
package enum SQLValue: Hashable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    package var integer: Int64? { if case .integer(let value) = self { value } else { nil } }
    package var text: String? { if case .text(let value) = self { value } else { nil } }
    package var blob: [UInt8]? { if case .blob(let value) = self { value } else { nil } }
}

/// A prepared statement. Owns its `sqlite3_stmt*`; made (and, for `cachedStatement`, kept) by
/// `Database`.
package final class Statement {
    fileprivate let handle: OpaquePointer
    private unowned let database: Database
    let sql: String
    /// True while `Database.query` hands this statement's rows to its caller.
    var isHandingOutRows = false

    init(handle: OpaquePointer, database: Database, sql: String) {
        self.handle = handle
        self.database = database
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    /// Binds positional arguments (1-based in SQL, given in order here).
    package func bind(_ arguments: [SQLValue]) throws(SQLiteError) {
        for (offset, argument) in arguments.enumerated() { try bind(argument, at: Int32(offset + 1)) }
    }

    package func bind(_ value: SQLValue, at index: Int32) throws(SQLiteError) {
        let code: Int32
        switch value {
        case .null: code = sqlite3_bind_null(handle, index)
        case .integer(let integer): code = sqlite3_bind_int64(handle, index, integer)
        case .real(let real): code = sqlite3_bind_double(handle, index, real)
        case .text(let text): code = sqlite3_bind_text(handle, index, text, Int32(text.utf8.count), plumb_sqlite_transient())
        case .blob(let bytes):
            code = bytes.withUnsafeBytes { sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), plumb_sqlite_transient()) }
        }
        try database.check(code, sql: sql)
    }

    package func bind(_ integer: Int64, at index: Int32) throws(SQLiteError) {
        try database.check(sqlite3_bind_int64(handle, index, integer), sql: sql)
    }

    package func bind(_ text: String?, at index: Int32) throws(SQLiteError) {
        guard let text else { try database.check(sqlite3_bind_null(handle, index), sql: sql); return }
        try database.check(sqlite3_bind_text(handle, index, text, Int32(text.utf8.count), plumb_sqlite_transient()), sql: sql)
    }

    /// Advances to the next row; false when done (the statement is then reset).
    package func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        if code == SQLITE_ROW { return true }
        sqlite3_reset(handle)
        try database.check(code, sql: sql)
        return false
    }

    /// Runs the statement to completion with the current bindings.
    package func run() throws(SQLiteError) {
        while try step() {}
    }

    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    package func value(_ column: Int32) -> SQLValue {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: .integer(sqlite3_column_int64(handle, column))
        case SQLITE_FLOAT: .real(sqlite3_column_double(handle, column))
        case SQLITE_TEXT: .text(text(column)!)
        case SQLITE_BLOB: .blob(blob(column))
        default: .null
        }
    }

    package func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    package func text(_ column: Int32) -> String? {
        guard let pointer = sqlite3_column_text(handle, column) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    package func blob(_ column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(handle, column))
        guard count > 0, let pointer = sqlite3_column_blob(handle, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }

    package func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
}

/// The current row of a query.
package struct Row {
    let statement: Statement

    package func int64(_ column: Int32) -> Int64 { statement.int64(column) }
    package func text(_ column: Int32) -> String? { statement.text(column) }
    package func blob(_ column: Int32) -> [UInt8] { statement.blob(column) }
    package func value(_ column: Int32) -> SQLValue { statement.value(column) }
    package func isNull(_ column: Int32) -> Bool { statement.isNull(column) }
}

extension Statement {
    /// The text of a column, returning `previous` itself when the bytes are the same, so runs
    /// of equal values (rows sorted by that column) share one string.
    package func text(_ column: Int32, reusing previous: String) -> String {
        guard let pointer = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        let bytes = UnsafeBufferPointer(start: pointer, count: count)
        var previous = previous
        let same = previous.withUTF8 { $0.count == count && (count == 0 || memcmp($0.baseAddress!, pointer, count) == 0) }
        return same ? previous : String(decoding: bytes, as: UTF8.self)
    }
}
