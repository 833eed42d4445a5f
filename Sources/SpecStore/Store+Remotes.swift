/// A hub this store syncs with.
public struct Remote: Hashable, Sendable {
    public let name: String
    /// A `postgresql://` URL without a password.
    public let url: String

    public init(name: String, url: String) {
        self.name = name
        self.url = url
    }
}

extension Store {
    public func remotes() throws -> [Remote] {
        var remotes: [Remote] = []
        try database.query("SELECT name, url FROM remotes ORDER BY name") { row in
            remotes.append(Remote(name: row.text(0) ?? "", url: row.text(1) ?? ""))
        }
        return remotes
    }

    public func remote(named name: String) throws -> Remote? {
        try remotes().first { $0.name == name }
    }

    public func addRemote(_ remote: Remote) throws {
        try mapErrors {
            try database.writeTransaction {
                if try self.remote(named: remote.name) != nil {
                    throw StoreError.invalidEdit("a remote named \"\(remote.name)\" already exists")
                }
                try database.run("INSERT INTO remotes (name, url) VALUES (?, ?)", [.text(remote.name), .text(remote.url)])
            }
        }
    }

    public func removeRemote(named name: String) throws {
        try mapErrors {
            try database.writeTransaction {
                guard try self.remote(named: name) != nil else { throw StoreError.invalidEdit("no remote named \"\(name)\"") }
                try database.run("DELETE FROM remotes WHERE name = ?", [.text(name)])
            }
        }
    }
}
