/// One schema step from `Migrations/NNNN_name.sql`, embedded at build time.
public struct Migration: Sendable {
    public let version: Int
    public let name: String
    public let sql: String

    public init(version: Int, name: String, sql: String) {
        self.version = version
        self.name = name
        self.sql = sql
    }

    /// The migrations this build carries, in order.
    public static var all: [Migration] { embeddedMigrations }
}
