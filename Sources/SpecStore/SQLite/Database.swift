import CSQLite
import Glibc

/// One SQLite connection. Owns the `sqlite3*` handle and a cache of prepared statements.
package final class Database {
    private let handle: OpaquePointer
    private var statements: [String: Statement] = [:]
    package let path: String
    /// The device and inode of the file opened (nil for an in-memory database).
    private var file: (device: UInt64, inode: UInt64)?

    /// How a connection opens its file.
    package enum Mode {
        /// The file must exist.
        case readWrite
        /// The file is made if missing.
        case create
        /// The file must exist; the store is never written.
        case readOnly
        /// Read-only without locking or the write-ahead log's shared memory: for a store with no
        /// log beside it in a folder this user cannot write, where SQLite cannot make the log's
        /// index (the file then holds every committed version).
        case immutable
    }

    package init(path: String, mode: Mode) throws(SQLiteError) {
        self.path = path
        var pointer: OpaquePointer?
        var flags = SQLITE_OPEN_NOMUTEX
        var name = path
        switch mode {
        case .readWrite: flags |= SQLITE_OPEN_READWRITE
        case .create: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        case .immutable:
            flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
            name = Database.uri(path, query: "immutable=1")
        }
        let code = sqlite3_open_v2(name, &pointer, flags, nil)
        guard code == SQLITE_OK, let pointer else {
            let message = pointer.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            let systemErrno = pointer.map { sqlite3_system_errno($0) } ?? 0
            sqlite3_close_v2(pointer)
            throw SQLiteError(code: code, message: message, sql: nil, systemErrno: systemErrno)
        }
        handle = pointer
        sqlite3_extended_result_codes(handle, 1)
        file = Database.identity(path)
    }

    private static func identity(_ path: String) -> (device: UInt64, inode: UInt64)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (UInt64(info.st_dev), UInt64(info.st_ino))
    }

    /// True when the path no longer names the file this connection opened: another file was
    /// put in its place (a backup restored by `mv`), or it was removed. Writing then would put
    /// pages in a write-ahead log that the file now at the path would read as its own.
    package var isReplaced: Bool {
        guard let file else { return false }
        guard let now = Database.identity(path) else { return true }
        return now != file
    }

    /// After the file was replaced: folds this connection's write-ahead log into the file it
    /// opened and empties it. SQLite keeps the log of a moved file at close, and the log's name
    /// is the path's, so the file now at the path would read the old file's pages as its own.
    package func releaseLogOfReplacedFile() {
        try? execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    /// A `file:` URI naming `path`, with `query`. An absolute path follows an empty authority
    /// (`file:///…`): after `file:` alone, a path that starts with `//` would be read as one.
    private static func uri(_ path: String, query: String) -> String {
        (path.hasPrefix("/") ? "file://" : "file:") + uriEscaped(path) + "?" + query
    }

    /// A path as the path part of a `file:` URI.
    private static func uriEscaped(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            if byte >= 0x80 || byte < 0x20 || byte == UInt8(ascii: "%") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
                out += "%" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            } else {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return out
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements that return no rows.
    package func execute(_ sql: String) throws(SQLiteError) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        try check(code, sql: sql)
    }

    /// The prepared statement for `sql` that this connection keeps for reuse, reset for new
    /// bindings: for the SQL a store runs again and again. There is one per text, so it must not
    /// be asked for while a `query` of the same text is still handing out rows (that would reset
    /// the outer loop); such SQL takes `makeStatement`.
    package func cachedStatement(_ sql: String) throws(SQLiteError) -> Statement {
        if let cached = statements[sql] {
            precondition(!cached.isHandingOutRows, "the cached statement for \(sql) was asked for inside a query of it")
            cached.reset()
            return cached
        }
        let statement = try prepare(sql, flags: UInt32(SQLITE_PREPARE_PERSISTENT))
        statements[sql] = statement
        return statement
    }

    /// A statement of its own for `sql`, finalized when it is let go: for SQL run once (a
    /// migration step) or nested inside a query of the same text.
    package func makeStatement(_ sql: String) throws(SQLiteError) -> Statement {
        try prepare(sql, flags: 0)
    }

    private func prepare(_ sql: String, flags: UInt32) throws(SQLiteError) -> Statement {
        var pointer: OpaquePointer?
        try check(sqlite3_prepare_v3(handle, sql, -1, flags, &pointer, nil), sql: sql)
        return Statement(handle: pointer!, database: self, sql: sql)
    }

    /// Runs `sql` with `arguments` and returns the rows through `row`.
    package func query(_ sql: String, _ arguments: [SQLValue] = [], row: (Row) throws -> Void) throws {
        let statement = try cachedStatement(sql)
        try statement.bind(arguments)
        statement.isHandingOutRows = true
        defer { statement.isHandingOutRows = false }
        while try statement.step() { try row(Row(statement: statement)) }
    }

    /// Runs `sql` with `arguments`, ignoring any rows.
    package func run(_ sql: String, _ arguments: [SQLValue] = []) throws(SQLiteError) {
        let statement = try cachedStatement(sql)
        try statement.bind(arguments)
        while try statement.step() {}
    }

    /// The first column of the first row, if any.
    package func scalar(_ sql: String, _ arguments: [SQLValue] = []) throws(SQLiteError) -> SQLValue? {
        let statement = try cachedStatement(sql)
        try statement.bind(arguments)
        guard try statement.step() else { return nil }
        let value = statement.value(0)
        statement.reset()
        return value
    }

    /// True inside `BEGIN` … `COMMIT`.
    package var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Rows the last INSERT, UPDATE or DELETE changed.
    package var changes: Int { Int(sqlite3_changes(handle)) }

    /// The rowid of the last inserted row.
    package var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Runs `body` in a transaction that takes the write lock up front (`BEGIN IMMEDIATE`), so
    /// concurrent writers wait for each other instead of failing mid-way. Rolls back on error.
    /// Refuses (`FileReplaced`) when the path no longer names the file opened (`isReplaced`),
    /// checked once the lock is held, so no write reaches a file that is not the one opened.
    package func writeTransaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        guard !isReplaced else {
            try? execute("ROLLBACK")
            releaseLogOfReplacedFile()
            throw FileReplaced(path: path)
        }
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Runs `body` in a read transaction: one consistent snapshot of the store.
    /// Joins the current transaction if there is one.
    package func readTransaction<T>(_ body: () throws -> T) throws -> T {
        if isInTransaction { return try body() }
        try execute("BEGIN")
        defer { try? execute("COMMIT") }
        return try body()
    }

    func check(_ code: Int32, sql: String?) throws(SQLiteError) {
        guard code != SQLITE_OK && code != SQLITE_ROW && code != SQLITE_DONE else { return }
        throw SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)), sql: sql, systemErrno: sqlite3_system_errno(handle))
    }
}
