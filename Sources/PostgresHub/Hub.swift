import Replication
import SpecStore
import SpecSync

/// A PostgreSQL hub (DESIGN.md §5): it stores versions and their changes; clients push what it
/// lacks and pull what they lack, then merge with the same rules as store-to-store sync.
public final class Hub: HubAccess {
    let connection: PostgresConnection

    /// The hub schema steps this Plumb carries (`Migrations/hub`).
    static var migrations: [Migration] { embeddedMigrations }

    /// Connects and checks the hub's schema: refused when it is not a hub, or was set up by a
    /// newer Plumb, or needs upgrading.
    public init(url: String) throws {
        connection = try Hub.connect(url)
        let found = try schemaVersion()
        let known = Hub.migrations.last?.version ?? 0
        guard let found else { throw HubError.notAHub }
        if found > known { throw HubError.newerHub(found: found, known: known) }
        if found < known { throw HubError.olderHub(found: found, known: known) }
    }

    private init(connection: PostgresConnection) {
        self.connection = connection
    }

    static func connect(_ url: String) throws -> PostgresConnection {
        do {
            return try PostgresConnection(url: url)
        } catch {
            throw HubError.connection(error.message)
        }
    }

    /// The hub's schema version, `nil` when the database holds no Plumb hub.
    func schemaVersion() throws -> Int? {
        do {
            let result = try connection.execute("SELECT max(version) FROM plumb_hub_migrations")
            return Int(result.int64(0, 0))
        } catch {
            if error.code == "42P01" { return nil }
            if error.isPermissionDenied {
                throw HubError.refused("\(error.message.trimmed) (this role has no access to the hub: its owner can give it with `plumb hub grant`)")
            }
            throw HubError.server(error)
        }
    }

    /// Sets up or upgrades a hub in the database at `url`: each pending step in its own
    /// transaction with its bookkeeping row. Refuses a hub set up by a newer Plumb.
    /// - Returns: the number of steps applied.
    @discardableResult
    public static func initialize(url: String) throws -> Int {
        let hub = Hub(connection: try connect(url))
        return try hub.server {
            try hub.connection.execute("""
                CREATE TABLE IF NOT EXISTS plumb_hub_migrations (
                    version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())
                """)
            let known = migrations.last?.version ?? 0
            var applied = 0
            for migration in migrations {
                try hub.connection.execute("BEGIN")
                do {
                    try hub.connection.execute("SELECT pg_advisory_xact_lock(7245160)")
                    let current = try hub.schemaVersion() ?? 0
                    if current > known { throw HubError.newerHub(found: current, known: known) }
                    if current < migration.version {
                        try hub.connection.execute(migration.sql)
                        try hub.connection.execute("INSERT INTO plumb_hub_migrations (version, name) VALUES ($1, $2)",
                                                   [String(migration.version), migration.name])
                        applied += 1
                    }
                    try hub.connection.execute("COMMIT")
                } catch {
                    _ = try? hub.connection.execute("ROLLBACK")
                    throw error
                }
            }
            return applied
        }
    }

    /// Lets `role` push the changes of `sites` (unless `readOnly`) and read `documents`
    /// (`["*"]` = all), enforced by the server's row-level security.
    public func grant(role: String, sites: [SiteID], documents: [String], readOnly: Bool) throws {
        try server {
            let exists = try connection.execute("SELECT 1 FROM pg_roles WHERE rolname = $1", [role]).rowCount > 0
            guard exists else { throw HubError.refused("no role \"\(role)\" on the server (create it with CREATE ROLE first)") }
            let quoted = "\"" + role.replacingAll("\"", with: "\"\"") + "\""
            try connection.execute("BEGIN")
            do {
                try connection.execute("GRANT SELECT ON plumb_versions, plumb_changes, plumb_document_sites, plumb_hub_migrations TO \(quoted)")
                if !readOnly {
                    try connection.execute("GRANT INSERT ON plumb_versions, plumb_changes TO \(quoted)")
                    for site in sites {
                        try connection.execute("INSERT INTO plumb_site_grants (role, site) VALUES ($1, $2) ON CONFLICT DO NOTHING", [role, site.hex])
                    }
                }
                for document in documents {
                    try connection.execute("""
                        INSERT INTO plumb_document_grants (role, document, may_write) VALUES ($1, $2, $3)
                        ON CONFLICT (role, document) DO UPDATE SET may_write = plumb_document_grants.may_write OR excluded.may_write
                        """, [role, document, readOnly ? "false" : "true"])
                }
                try connection.execute("COMMIT")
            } catch {
                _ = try? connection.execute("ROLLBACK")
                throw error
            }
        }
    }

    /// Takes back what `grant` gave: pushing `sites`, and reading and writing `documents`; with
    /// neither, everything (its grants and its privileges on the hub's tables). A revoke waits
    /// for pushes already relying on the grant, and a push whose transaction began before the
    /// revoke committed is refused (docs/hub.md).
    public func revoke(role: String, sites: [SiteID], documents: [String]) throws {
        try server {
            try connection.execute("BEGIN")
            do {
                if sites.isEmpty && documents.isEmpty {
                    try connection.execute("DELETE FROM plumb_site_grants WHERE role = $1", [role])
                    try connection.execute("DELETE FROM plumb_document_grants WHERE role = $1", [role])
                    if try connection.execute("SELECT 1 FROM pg_roles WHERE rolname = $1", [role]).rowCount > 0 {
                        let quoted = "\"" + role.replacingAll("\"", with: "\"\"") + "\""
                        try connection.execute("REVOKE ALL ON plumb_versions, plumb_changes, plumb_document_sites, plumb_hub_migrations FROM \(quoted)")
                    }
                }
                for site in sites {
                    try connection.execute("DELETE FROM plumb_site_grants WHERE role = $1 AND site = $2", [role, site.hex])
                }
                for document in documents {
                    try connection.execute("DELETE FROM plumb_document_grants WHERE role = $1 AND document = $2", [role, document])
                }
                try connection.execute("COMMIT")
            } catch {
                _ = try? connection.execute("ROLLBACK")
                throw error
            }
        }
    }

    /// Throws `HubError.refused` unless this role is the hub's owner or may read some document
    /// (every one, or one named by `plumb hub grant`): what a pull may read, asked of the same
    /// grants row-level security reads.
    public func checkMayRead() throws {
        try server {
            let row = try connection.execute("""
                SELECT session_user, plumb_is_owner() OR plumb_reads_all() OR EXISTS (SELECT 1 FROM plumb_readable_documents())
                """)
            guard row.text(0, 1) != "t" else { return }
            let role = row.text(0, 0) ?? "this role"
            throw HubError.refused("role \(role) may read no document on this hub (its owner can allow it with `plumb hub grant URL --role \(role) --read-only`, or without --read-only to push too)")
        }
    }

    /// Runs server work, turning libpq errors into hub errors.
    func server<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as PostgresError {
            if error.isPermissionDenied { throw HubError.refused(error.message.trimmed) }
            if error.code.isEmpty { throw HubError.connection(error.message) }
            // read_only_sql_transaction: a hot standby refusing a write.
            if error.code == "25006" { throw HubError.readOnlyServer(error.message) }
            throw HubError.server(error)
        }
    }
}

extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for character in self { if character == target { out += replacement } else { out.append(character) } }
        return out
    }
}
