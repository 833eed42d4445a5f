import LayoutSpec

/// Appends LEB128 varints, strings and raw bytes: the building blocks of Plumb's binary forms
/// (snapshots, version packs, bundles).
///
/// The writing steps are `@inlinable`, as the reader's are: the store's blob writers call them
/// once a field, for every entry of a document, from another module.
public struct BinaryWriter {
    @usableFromInline var storage: [UInt8] = []

    public init(capacity: Int = 0) { storage.reserveCapacity(capacity) }

    /// What has been written.
    public var bytes: [UInt8] { storage }

    @inlinable public mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            storage.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        storage.append(UInt8(value))
    }

    @inlinable public mutating func varint(_ value: Int) { varint(UInt64(value)) }

    /// A signed number, zigzag-encoded so small negatives stay short.
    @inlinable public mutating func signed(_ value: Int64) { varint(UInt64(bitPattern: (value << 1) ^ (value >> 63))) }

    public mutating func string(_ text: String) {
        varint(text.utf8.count)
        storage += text.utf8
    }

    @inlinable public mutating func raw(_ data: some Sequence<UInt8>) { storage += data }
}

/// Reads what `BinaryWriter` wrote, returning `nil` on anything short or malformed.
///
/// The reading steps are `@inlinable`: the store's blob readers call them once a field, for
/// every entry of a document, from another module.
public struct BinaryReader {
    public let bytes: [UInt8]
    /// Where the next read starts.
    public var offset: Int { position }
    @usableFromInline var position: Int

    public init(bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes
        self.position = offset
    }

    @inlinable public var isAtEnd: Bool { position == bytes.count }
    @inlinable public var remaining: Int { bytes.count - position }

    @inlinable public mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, count <= remaining else { return nil }
        defer { position += count }
        return bytes[position..<position + count]
    }

    /// Steps over `count` bytes without reading them; false when fewer remain.
    @inlinable public mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, count <= remaining else { return false }
        position += count
        return true
    }

    @inlinable public mutating func varint() -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while position < bytes.count, shift < 64 {
            let byte = bytes[position]
            position += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
        return nil
    }

    /// A varint that must be at most `limit` (a count or an index).
    @inlinable public mutating func count(atMost limit: Int) -> Int? {
        guard limit >= 0, let value = varint(), value <= UInt64(limit) else { return nil }
        return Int(value)
    }

    public mutating func signed() -> Int64? {
        guard let raw = varint() else { return nil }
        return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
    }

    /// A length-prefixed UTF-8 string; `nil` when malformed or holding a NUL (which neither
    /// SQLite's C strings nor PostgreSQL's text carry).
    public mutating func string() -> String? {
        guard let count = count(atMost: remaining), let raw = take(count), !raw.contains(0) else { return nil }
        return String(validatingUTF8Bytes: raw)
    }
}
