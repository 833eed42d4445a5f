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

    public func removeRemote(named name: String) throws {
        try mapErrors {
            try database.writeTransaction {
                guard try remoteTable.remote(named: name) != nil else { throw StoreError.invalidEdit("no remote named \"\(name)\"") }
                try remoteTable.remove(named: name)
            }
        }
    }
}
