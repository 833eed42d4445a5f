/// A version (commit) of one document: the state its vector includes, plus who made it and why.
public struct Version: Hashable, Sendable {
    /// What made a version.
    public enum Kind: String, Sendable {
        /// A write command (apply, set, add, rm, mv, revert, restore).
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

    /// The id of the merge version of `document` at `vector`: SHA-256 of
    /// `str("plumb-merge-2") str(document) vec(vector)` (docs/store.md#version-ids). No message,
    /// author or time, so every store merging the same changes makes the same merge version.
    public static func mergeID(document: String, vector: VersionVector) -> VersionID {
        var hasher = ContentHasher()
        hasher.string("plumb-merge-2")
        hasher.string(document)
        hasher.vector(vector)
        return hasher.finish()
    }
}

/// A version's global id: 32 bytes, shown as hex, the first 12 digits in short form.
public struct VersionID: Hashable, Sendable, CustomStringConvertible {
    public let bytes: [UInt8]

    public init(bytes: [UInt8]) {
        precondition(bytes.count == 32)
        self.bytes = bytes
    }

    /// Reads 32 bytes; `nil` for any other length.
    public init?(checking bytes: some Collection<UInt8>) {
        guard bytes.count == 32 else { return nil }
        self.bytes = Array(bytes)
    }

    public init?(hex: String) {
        guard hex.utf8.count == 64, let bytes = Hex.decode(hex) else { return nil }
        self.bytes = bytes
    }

    public var hex: String { Hex.encode(bytes) }
    public var short: String { Hex.encode(bytes.prefix(6)) }
    public var description: String { hex }

    /// The first 8 bytes are a hash already: hashing them as one word is enough.
    public func hash(into hasher: inout Hasher) {
        var word: UInt64 = 0
        for byte in bytes.prefix(8) { word = word << 8 | UInt64(byte) }
        hasher.combine(word)
    }

    public static func == (lhs: VersionID, rhs: VersionID) -> Bool { lhs.bytes == rhs.bytes }
}

/// Writes the canonical bytes of version ids into SHA-256: `u32`/`u64` big-endian, `str` as a
/// `u32` UTF-8 byte count and the bytes, `vec` as a `u32` entry count and per entry (sorted by
/// site) the 16 site bytes and a `u64` seq. The hub computes the same bytes in SQL.
struct ContentHasher {
    private var sha = SHA256()
    /// Bytes gathered for SHA-256, handed over a few kilobytes at a time: a version of many
    /// small changes would otherwise feed it a few bytes per call.
    private var buffer: [UInt8] = []

    init() { buffer.reserveCapacity(ContentHasher.chunk + 256) }

    private static let chunk = 8192

    private mutating func flushIfFull() {
        guard buffer.count >= ContentHasher.chunk else { return }
        buffer.withUnsafeBytes { sha.update($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    mutating func byte(_ value: UInt8) {
        buffer.append(value)
        flushIfFull()
    }

    mutating func u32(_ value: UInt32) {
        buffer.append(UInt8(truncatingIfNeeded: value >> 24))
        buffer.append(UInt8(truncatingIfNeeded: value >> 16))
        buffer.append(UInt8(truncatingIfNeeded: value >> 8))
        buffer.append(UInt8(truncatingIfNeeded: value))
        flushIfFull()
    }

    mutating func u64(_ value: UInt64) {
        u32(UInt32(truncatingIfNeeded: value >> 32))
        u32(UInt32(truncatingIfNeeded: value))
    }

    mutating func string(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            u32(UInt32(bytes.count))
            if bytes.count > ContentHasher.chunk {
                buffer.withUnsafeBytes { sha.update($0) }
                buffer.removeAll(keepingCapacity: true)
                sha.update(UnsafeRawBufferPointer(bytes))
            } else {
                buffer.append(contentsOf: bytes)
                flushIfFull()
            }
        }
    }

    mutating func site(_ site: SiteID) {
        u64(site.high)
        u64(site.low)
    }

    mutating func vector(_ vector: VersionVector) {
        let entries = vector.sorted
        u32(UInt32(entries.count))
        for (site, seq) in entries {
            self.site(site)
            u64(UInt64(bitPattern: seq))
        }
    }

    mutating func finish() -> VersionID {
        buffer.withUnsafeBytes { sha.update($0) }
        buffer.removeAll()
        return VersionID(bytes: sha.finish())
    }
}
