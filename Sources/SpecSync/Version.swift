/// A version (commit) of one document: the state its vector includes, plus who made it and why.
public struct Version: Hashable, Sendable {
    /// What made a version.
    public enum Kind: String, Sendable {
        /// A write command (apply, set, add, rm, mv, revert).
        case commit
        /// A sync that brought in concurrent work; its id depends only on document and vector,
        /// so every store merging the same changes makes the same merge version.
        case merge
    }

    public let document: String
    public let vector: VersionVector
    public let kind: Kind
    public let message: String
    public let author: String
    /// Unix milliseconds.
    public let time: Int64

    public init(document: String, vector: VersionVector, kind: Kind, message: String, author: String, time: Int64) {
        self.document = document
        self.vector = vector
        self.kind = kind
        self.message = message
        self.author = author
        self.time = time
    }

    /// The global id: SHA-256 of the version's canonical header (each field length-prefixed,
    /// so no two headers share bytes). A merge version leaves out message, author and time, so
    /// stores that merge the same changes agree on its id.
    public var id: VersionID {
        var header = BinaryWriter()
        header.string("plumb-version-1")
        header.string(kind.rawValue)
        header.string(document)
        let encoded = vector.encoded
        header.varint(encoded.count)
        header.raw(encoded)
        if kind == .commit {
            header.string(message)
            header.string(author)
            header.signed(time)
        }
        return VersionID(bytes: SHA256.hash(header.bytes))
    }
}

/// A version's global id: 32 bytes, shown as hex, the first 12 digits in short form.
public struct VersionID: Hashable, Sendable, CustomStringConvertible {
    public let bytes: [UInt8]

    public init(bytes: [UInt8]) {
        precondition(bytes.count == 32)
        self.bytes = bytes
    }

    public init?(hex: String) {
        guard hex.utf8.count == 64, let bytes = Hex.decode(hex) else { return nil }
        self.bytes = bytes
    }

    public var hex: String { Hex.encode(bytes) }
    public var short: String { String(hex.prefix(12)) }
    public var description: String { hex }
}
