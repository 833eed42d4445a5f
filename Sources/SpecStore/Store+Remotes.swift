/// A hub this store syncs with.
public struct Remote: Hashable, Sendable {
    public let name: String
    /// A `postgresql://` URL without a password: pushes go there, and pulls too unless
    /// `readURL` is set.
    public let url: String
    /// Where pulls read from when set: a hot standby of the hub (or a libpq multi-host URL
    /// preferring one). It may lag behind `url`; a pull asks it for what the store lacks by seq,
    /// so a lagging standby delays versions, never skips them.
    public let readURL: String?

    public init(name: String, url: String, readURL: String? = nil) {
        self.name = name
        self.url = url
        self.readURL = readURL
    }

    /// The URL pulls read from.
    public var pullURL: String { readURL ?? url }
}

extension Store {
    public func remotes() throws -> [Remote] {
        try mapErrors { try remoteTable.all() }
    }

    public func remote(named name: String) throws -> Remote? {
        try mapErrors { try remoteTable.remote(named: name) }
    }

    public func addRemote(_ remote: Remote) throws {
        try mapErrors {
            try database.writeTransaction {
                if try remoteTable.remote(named: remote.name) != nil {
                    throw StoreError.invalidEdit("a remote named \"\(remote.name)\" already exists")
                }
                try remoteTable.add(remote)
            }
        }
    }

    /// Replaces a remote's URLs (after a failover, or to add or drop its read URL).
    public func updateRemote(_ remote: Remote) throws {
        try mapErrors {
            try database.writeTransaction {
                guard try remoteTable.remote(named: remote.name) != nil else { throw StoreError.invalidEdit("no remote named \"\(remote.name)\"") }
                try remoteTable.update(remote)
            }
        }
    }

    public func removeRemote(named name: String) throws {
        try mapErrors {
            try database.writeTransaction {
                guard try remoteTable.remote(named: name) != nil else { throw StoreError.invalidEdit("no remote named \"\(name)\"") }
                try remoteTable.remove(named: name)
            }
        }
    }
}
