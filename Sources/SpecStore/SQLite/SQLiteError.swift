/// A failed SQLite call: the result code, SQLite's message and the SQL that failed.
package struct SQLiteError: Error, CustomStringConvertible, Sendable {
    package let code: Int32
    package let message: String
    package let sql: String?
    /// The operating system's error number behind an I/O error (`sqlite3_system_errno`), 0 if none.
    package var systemErrno: Int32 = 0

    package init(code: Int32, message: String, sql: String?, systemErrno: Int32 = 0) {
        self.code = code
        self.message = message
        self.sql = sql
        self.systemErrno = systemErrno
    }

    package var description: String {
        sql.map { "SQLite error \(code): \(message) (in: \($0.prefix(200)))" } ?? "SQLite error \(code): \(message)"
    }

    /// The primary result code (the low byte of an extended one).
    package var primaryCode: ResultCode { ResultCode(rawValue: code & 0xFF) }
}

/// SQLite's primary result codes that the store tells apart, by name
/// (https://sqlite.org/rescode.html).
package struct ResultCode: RawRepresentable, Equatable, Sendable {
    package let rawValue: Int32
    package init(rawValue: Int32) { self.rawValue = rawValue }

    package static let error = ResultCode(rawValue: 1)
    package static let busy = ResultCode(rawValue: 5)
    package static let locked = ResultCode(rawValue: 6)
    package static let readOnly = ResultCode(rawValue: 8)
    package static let ioError = ResultCode(rawValue: 10)
    package static let corrupt = ResultCode(rawValue: 11)
    package static let full = ResultCode(rawValue: 13)
    package static let cannotOpen = ResultCode(rawValue: 14)
    package static let notADatabase = ResultCode(rawValue: 26)
}

/// A write refused because the path no longer names the file the connection opened.
package struct FileReplaced: Error, CustomStringConvertible {
    package let path: String
    package var description: String {
        "\(path): the store file was replaced or removed after it was opened; nothing was written (open the store again)"
    }
}
