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

    /// The primary result code (the low byte of an extended one).
    public var primaryCode: ResultCode { ResultCode(rawValue: code & 0xFF) }
}

/// SQLite's primary result codes that the store tells apart, by name
/// (https://sqlite.org/rescode.html).
public struct ResultCode: RawRepresentable, Equatable, Sendable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    public static let error = ResultCode(rawValue: 1)
    public static let busy = ResultCode(rawValue: 5)
    public static let locked = ResultCode(rawValue: 6)
    public static let readOnly = ResultCode(rawValue: 8)
    public static let ioError = ResultCode(rawValue: 10)
    public static let corrupt = ResultCode(rawValue: 11)
    public static let full = ResultCode(rawValue: 13)
    public static let cannotOpen = ResultCode(rawValue: 14)
    public static let notADatabase = ResultCode(rawValue: 26)
}
