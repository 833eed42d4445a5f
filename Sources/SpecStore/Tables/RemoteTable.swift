/// The `remotes` table: the hubs this store syncs with, by name.
struct RemoteTable {
    let database: Database

    func all() throws -> [Remote] {
        var remotes: [Remote] = []
        try database.query("SELECT name, url, read_url FROM remotes ORDER BY name") { row in
            remotes.append(Remote(name: row.text(0) ?? "", url: row.text(1) ?? "", readURL: row.text(2)))
        }
        return remotes
    }

    func remote(named name: String) throws -> Remote? {
        var found: Remote?
        try database.query("SELECT name, url, read_url FROM remotes WHERE name = ?", [.text(name)]) { row in
            found = Remote(name: row.text(0) ?? "", url: row.text(1) ?? "", readURL: row.text(2))
        }
        return found
    }

    func add(_ remote: Remote) throws {
        try database.run("INSERT INTO remotes (name, url, read_url) VALUES (?, ?, ?)",
                         [.text(remote.name), .text(remote.url), remote.readURL.map { .text($0) } ?? .null])
    }

    func update(_ remote: Remote) throws {
        try database.run("UPDATE remotes SET url = ?, read_url = ? WHERE name = ?",
                         [.text(remote.url), remote.readURL.map { .text($0) } ?? .null, .text(remote.name)])
    }

    func remove(named name: String) throws {
        try database.run("DELETE FROM remotes WHERE name = ?", [.text(name)])
    }
}
