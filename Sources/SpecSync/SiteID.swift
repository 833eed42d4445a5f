/// A store's identity: 128 random bits made at `plumb init`. `(site, seq)` names a change
/// everywhere; sites also break ties between equal clocks (compared as unsigned bytes).
public struct SiteID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let high: UInt64
    public let low: UInt64

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// A fresh random site id.
    public static func random() -> SiteID {
        var generator = SystemRandomNumberGenerator()
        return SiteID(high: generator.next(), low: generator.next())
    }

    /// The 16 bytes, big-endian (so byte order and numeric order agree).
    public var bytes: [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: high >> (56 - 8 * $0)) } + (0..<8).map { UInt8(truncatingIfNeeded: low >> (56 - 8 * $0)) }
    }

    /// Reads 16 big-endian bytes.
    /// Inlinable, so each caller gets it for its own collection type: left generic, its first
    /// call with a type makes the runtime build that type's metadata, a noticeable share of a
    /// short command.
    @inlinable public init?(bytes: some Collection<UInt8>) {
        guard bytes.count == 16 else { return nil }
        var high: UInt64 = 0, low: UInt64 = 0, index = 0
        for byte in bytes {
            if index < 8 { high = high << 8 | UInt64(byte) } else { low = low << 8 | UInt64(byte) }
            index += 1
        }
        self.init(high: high, low: low)
    }

    /// 32 lowercase hex digits.
    public var hex: String { Hex.encode(bytes) }

    /// Parses 32 hex digits.
    public init?(hex: String) {
        guard let bytes = Hex.decode(hex) else { return nil }
        self.init(bytes: bytes)
    }

    /// The first 8 hex digits, as people see it.
    public var short: String { String(hex.prefix(8)) }

    public var description: String { hex }

    public static func < (lhs: SiteID, rhs: SiteID) -> Bool {
        (lhs.high, lhs.low) < (rhs.high, rhs.low)
    }
}

/// Lowercase hexadecimal.
public enum Hex {
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        var out = [UInt8]()
        out.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            out.append(digit(byte >> 4))
            out.append(digit(byte & 15))
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The lower-case hex digit of a nibble.
    private static func digit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") - 10 + nibble
    }

    public static func decode(_ text: String) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count % 2 == 0 else { return nil }
        var bytes = [UInt8]()
        bytes.reserveCapacity(utf8.count / 2)
        var index = 0
        while index < utf8.count {
            guard let high = nibble(utf8[index]), let low = nibble(utf8[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x61...0x66: byte - 0x61 + 10
        case 0x41...0x46: byte - 0x41 + 10
        default: nil
        }
    }
}
