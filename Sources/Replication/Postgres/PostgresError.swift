/// A failed libpq call or SQL statement: the message, the SQLSTATE code when the server sent
/// one, and the statement.
public struct PostgresError: Error, CustomStringConvertible, Sendable {
    public let message: String
    /// Five-character SQLSTATE (`42501` insufficient privilege, …), empty for client errors.
    public let code: String
    public let sql: String?

    public var description: String {
        let text = message.trimmingCharacters(in: .whitespacesAndNewlines)
        return code.isEmpty ? text : "\(text) (SQLSTATE \(code))"
    }

    /// The server refused for lack of privilege (including row-level security).
    public var isPermissionDenied: Bool { code == "42501" }
    /// The connection is gone (server closed it, network dropped, backend terminated).
    public var isConnectionLost: Bool { code.hasPrefix("08") || code == "57P01" || code.isEmpty }
}

extension String {
    func trimmingCharacters(in set: Set<Character>) -> String {
        String(drop(while: { set.contains($0) }).reversed().drop(while: { set.contains($0) }).reversed())
    }
}

extension Set where Element == Character {
    static let whitespacesAndNewlines: Set<Character> = [" ", "\n", "\t", "\r"]
}
