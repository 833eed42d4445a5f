/// A failed SQLite call: the result code, SQLite's message and the SQL that failed.
public struct SQLiteError: Error, CustomStringConvertible, Sendable {
    public let code: Int32
    public let message: String
    public let sql: String?
    /// The operating system's error number behind an I/O error (`sqlite3_system_errno`), 0 if none.
    public var systemErrno: Int32 = 0

    public init(code: Int32, message: String, sql: String?, systemErrno: Int32 = 0) {
        self.code = code
        self.message = message
        self.sql = sql
        self.systemErrno = systemErrno
    }

    public var description: String {
        sql.map { "SQLite error \(code): \(message) (in: \($0.prefix(200)))" } ?? "SQLite error \(code): \(message)"
    }

    /// SQLITE_BUSY or SQLITE_LOCKED: another writer held the store past the busy timeout.
    public var isBusy: Bool { code & 0xFF == 5 || code & 0xFF == 6 }
    /// SQLITE_NOTADB or SQLITE_CORRUPT: the file is not a database or is damaged.
    public var isCorrupt: Bool { code & 0xFF == 26 || code & 0xFF == 11 }
}
