internal import CPostgres
import Glibc

/// One libpq connection (`PGconn*`), closed in `deinit`. Text-format parameters and results.
public final class PostgresConnection {
    private let handle: OpaquePointer

    /// Connects with a `postgresql://` URL; its parameters (sslmode, …) and libpq's own
    /// environment, service and password files apply as usual.
    public init(url: String, applicationName: String = "plumb") throws(PostgresError) {
        let keywords = ["dbname", "application_name"]
        let values = [url, applicationName]
        let connection = withCStringArray(keywords) { keywordPointers in
            withCStringArray(values) { valuePointers in PQconnectdbParams(keywordPointers, valuePointers, 1) }
        }
        guard let connection else { throw PostgresError(message: "out of memory", code: "", sql: nil) }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = String(cString: PQerrorMessage(connection))
            PQfinish(connection)
            throw PostgresError(message: message, code: "", sql: nil)
        }
        plumb_pq_silence_notices(connection)
        handle = connection
    }

    deinit { PQfinish(handle) }

    /// Runs one statement with text parameters (`$1`, `$2`, … ; `nil` = NULL), or, without
    /// parameters, any number of statements (the last one's rows are returned).
    @discardableResult
    public func execute(_ sql: String, _ parameters: [String?] = []) throws(PostgresError) -> PostgresResult {
        if parameters.isEmpty { return try check(PQexec(handle, sql), sql: sql) }
        let result: OpaquePointer? = withOptionalCStringArray(parameters) { pointers in
            PQexecParams(handle, sql, Int32(parameters.count), nil, pointers, nil, nil, 0)
        }
        return try check(result, sql: sql)
    }

    /// Streams rows into `COPY … FROM STDIN` (text format; build lines with `CopyText`).
    public func copy(_ sql: String, data: [UInt8]) throws(PostgresError) {
        let start = PQexec(handle, sql)
        guard PQresultStatus(start) == PGRES_COPY_IN else {
            _ = try check(start, sql: sql)
            throw PostgresError(message: "COPY did not start", code: "", sql: sql)
        }
        PQclear(start)
        var offset = 0
        while offset < data.count {
            let chunk = min(1 << 20, data.count - offset)
            let sent = data.withUnsafeBufferPointer { buffer in
                buffer.baseAddress!.advanced(by: offset).withMemoryRebound(to: CChar.self, capacity: chunk) {
                    PQputCopyData(handle, $0, Int32(chunk))
                }
            }
            guard sent == 1 else { throw lastError(sql: sql) }
            offset += chunk
        }
        guard PQputCopyEnd(handle, nil) == 1 else { throw lastError(sql: sql) }
        while let result = PQgetResult(handle) {
            _ = try check(result, sql: sql)
        }
    }

    /// The server's version number (e.g. 150018).
    public var serverVersion: Int { Int(PQserverVersion(handle)) }

    private func check(_ result: OpaquePointer?, sql: String) throws(PostgresError) -> PostgresResult {
        guard let result else { throw lastError(sql: sql) }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
            return PostgresResult(handle: result)
        default:
            let message = String(cString: PQresultErrorMessage(result))
            let code = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? ""
            PQclear(result)
            throw PostgresError(message: message.isEmpty ? String(cString: PQerrorMessage(handle)) : message, code: code, sql: sql)
        }
    }

    private func lastError(sql: String?) -> PostgresError {
        PostgresError(message: String(cString: PQerrorMessage(handle)), code: "", sql: sql)
    }
}

/// A query's rows (`PGresult*`), cleared in `deinit`.
public final class PostgresResult {
    private let handle: OpaquePointer

    init(handle: OpaquePointer) { self.handle = handle }

    deinit { PQclear(handle) }

    public var rowCount: Int { Int(PQntuples(handle)) }

    /// Rows changed by an INSERT/UPDATE/DELETE.
    public var affectedRows: Int { Int(String(cString: PQcmdTuples(handle))) ?? 0 }

    /// One cell as text; `nil` for NULL.
    public func text(_ row: Int, _ column: Int) -> String? {
        if PQgetisnull(handle, Int32(row), Int32(column)) == 1 { return nil }
        return String(cString: PQgetvalue(handle, Int32(row), Int32(column)))
    }

    /// One cell as a number, read from libpq's text without making a `String` (a pull reads two
    /// per change); 0 when NULL or not a number, as `Int64(text)` would say.
    public func int64(_ row: Int, _ column: Int) -> Int64 {
        let row = Int32(row), column = Int32(column)
        guard PQgetisnull(handle, row, column) == 0, let cell = PQgetvalue(handle, row, column) else { return 0 }
        let length = Int(PQgetlength(handle, row, column))
        return cell.withMemoryRebound(to: UInt8.self, capacity: length) { Self.decimal(UnsafeBufferPointer(start: $0, count: length)) }
    }

    /// Whether two rows hold the same bytes (or both NULL) in `column`, compared in libpq's
    /// buffers: a pull asks it of every change row's site.
    public func sameText(_ row: Int, _ other: Int, column: Int) -> Bool {
        let row = Int32(row), other = Int32(other), column = Int32(column)
        let null = PQgetisnull(handle, row, column), otherNull = PQgetisnull(handle, other, column)
        guard null == 0 && otherNull == 0 else { return null == otherNull }
        let length = PQgetlength(handle, row, column)
        guard length == PQgetlength(handle, other, column) else { return false }
        return memcmp(PQgetvalue(handle, row, column), PQgetvalue(handle, other, column), Int(length)) == 0
    }

    /// A decimal `Int64` in `bytes` (an optional sign, then digits only), or 0.
    static func decimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64 {
        var index = 0, negative = false
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            index = 1
        }
        guard index < bytes.count else { return 0 }
        // Accumulated towards the sign, so that Int64.min fits.
        var value: Int64 = 0
        while index < bytes.count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return 0 }
            let (shifted, overflowA) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowB) = negative ? shifted.subtractingReportingOverflow(Int64(digit)) : shifted.addingReportingOverflow(Int64(digit))
            guard !overflowA && !overflowB else { return 0 }
            value = next
            index += 1
        }
        return value
    }
}

private func withCStringArray<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
    withOptionalCStringArray(strings.map(Optional.some) + [nil]) { body($0) }
}

private func withOptionalCStringArray<R>(_ strings: [String?], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
    let copies: [UnsafeMutablePointer<CChar>?] = strings.map { $0.map { strdup($0) } ?? nil }
    defer { copies.forEach { free($0) } }
    let pointers = copies.map { UnsafePointer($0) }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}

/// Lines for `COPY … FROM STDIN` in text format: tab-separated fields, `\N` for NULL,
/// backslash escapes for backslash, tab, newline and carriage return.
public struct CopyText {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public mutating func row(_ fields: [String?]) {
        for (index, field) in fields.enumerated() {
            if index > 0 { bytes.append(0x09) }
            guard let field else { bytes += [0x5C, UInt8(ascii: "N")]; continue }
            // Most fields hold nothing to escape: copied whole, not byte by byte.
            guard field.utf8.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else {
                bytes.append(contentsOf: field.utf8)
                continue
            }
            for byte in field.utf8 {
                switch byte {
                case 0x5C: bytes += [0x5C, 0x5C]
                case 0x09: bytes += [0x5C, UInt8(ascii: "t")]
                case 0x0A: bytes += [0x5C, UInt8(ascii: "n")]
                case 0x0D: bytes += [0x5C, UInt8(ascii: "r")]
                default: bytes.append(byte)
                }
            }
        }
        bytes.append(0x0A)
    }
}
