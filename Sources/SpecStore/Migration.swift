/// One schema step from `Migrations/NNNN_name.sql`, embedded at build time, with the Swift code
/// that completes it where SQL alone cannot (hashing, decoding blobs).
package struct Migration: Sendable {
    package let version: Int
    package let name: String
    package let sql: String
    /// Runs after `sql`, in the same transaction.
    package let step: (@Sendable (Database) throws -> Void)?

    package init(version: Int, name: String, sql: String, step: (@Sendable (Database) throws -> Void)? = nil) {
        self.version = version
        self.name = name
        self.sql = sql
        self.step = step
    }

    /// The migrations this build carries, in order, each with its code step.
    package static var all: [Migration] {
        embeddedMigrations.map { Migration(version: $0.version, name: $0.name, sql: $0.sql, step: step($0.version)) }
    }

    /// The code step of a migration number, if it has one. A step reads and writes only through
    /// the `Database` it is given, must not depend on later migrations' schema, and writes with
    /// frozen copies of the forms it needs (`SchemaForms`), never the live codecs.
    static func step(_ version: Int) -> (@Sendable (Database) throws -> Void)? {
        switch version {
        case 2: ContentIDMigration.run
        case 3: PackedChangesMigration.run
        case 4: HeadChunksMigration.run
        case 8: CurrentFormsMigration.run
        default: nil
        }
    }
}
