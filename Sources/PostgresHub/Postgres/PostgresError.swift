/// A failed libpq call or SQL statement: the message, the SQLSTATE code when the server sent
/// one, and the statement.
public struct PostgresError: Error, CustomStringConvertible, Sendable {
    public let message: String
    /// Five-character SQLSTATE (`42501` insufficient privilege, …), empty for client errors.
    public let code: String
    public let sql: String?

    public var description: String {
        let text = message.trimmed
        return code.isEmpty ? text : "\(text) (SQLSTATE \(code))"
    }

    /// The server refused for lack of privilege (including row-level security).
    public var isPermissionDenied: Bool { code == "42501" }
}

extension String {
    /// Without leading and trailing white space (libpq's messages end in a newline). Replication
    /// does without Foundation, whose `trimmingCharacters(in:)` this stands for.
    var trimmed: String {
        let body = drop(while: \.isWhitespace)
        return String(body.dropLast(body.reversed().prefix(while: \.isWhitespace).count))
    }
}
