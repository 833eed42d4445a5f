import LayoutSpec

/// Property values as stored: canonical compact JSON text, with fast paths for the common
/// shapes (plain strings and numbers) so reading a large state stays cheap.
public enum ValueText {
    /// Canonical text of a value.
    public static func encode(_ value: JSONValue) -> String {
        JSONWriter.compact(value)
    }

    /// Parses stored text back into JSON; `nil` if the text is not valid JSON.
    public static func decode(_ text: String) -> JSONValue? {
        var text = text
        switch text.withUTF8(scalar) {
        case .string(let plain): return .string(plain)
        case .number(let whole): return .number(whole)
        case .other: break
        }
        // `Double(_:)` alone also takes "01", "1.", "inf", "0x10"…, which are not JSON.
        if isJSONNumber(text.utf8), let number = Double(text), number.isFinite {
            return .number(number)
        }
        return try? JSONParser.parse(text)
    }

    /// What the fast paths read of a stored text's bytes: a string without escapes, a whole
    /// number, or something for the parser.
    private enum Scalar {
        case string(String)
        case number(Double)
        case other
    }

    /// A plain string (quotes around bytes that need no escape) or a whole number of at most 15
    /// digits (optionally after `-`, no leading zero): nearly every stored value. Read as bytes:
    /// as Characters, the opening quote and a combining mark after it are one grapheme. Any such
    /// number is exact as a `Double`, so this gives what `Double(_:)` gives, without parsing a float.
    private static func scalar(_ bytes: UnsafeBufferPointer<UInt8>) -> Scalar {
        guard let first = bytes.first else { return .other }
        if first == UInt8(ascii: "\"") {
            guard bytes.count >= 2, bytes.last == UInt8(ascii: "\"") else { return .other }
            let inner = UnsafeBufferPointer(rebasing: bytes[1 ..< bytes.count - 1])
            for byte in inner where byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\"") || byte < 0x20 { return .other }
            return .string(String(decoding: inner, as: UTF8.self))
        }
        let negative = first == UInt8(ascii: "-")
        let digits = UnsafeBufferPointer(rebasing: bytes[(negative ? 1 : 0)...])
        guard let lead = digits.first, digits.count <= 15, lead != UInt8(ascii: "0") || digits.count == 1 else { return .other }
        var magnitude: Int64 = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return .other }
            magnitude = magnitude * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        return .number(negative ? -Double(magnitude) : Double(magnitude))
    }

    /// True when the text is exactly a JSON number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private static func isJSONNumber(_ utf8: String.UTF8View) -> Bool {
        var bytes = utf8.makeIterator()
        var byte = bytes.next()
        func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
        if byte == UInt8(ascii: "-") { byte = bytes.next() }
        if byte == UInt8(ascii: "0") {
            byte = bytes.next()
        } else if isDigit(byte) {
            repeat { byte = bytes.next() } while isDigit(byte)
        } else {
            return false
        }
        if byte == UInt8(ascii: ".") {
            byte = bytes.next()
            guard isDigit(byte) else { return false }
            repeat { byte = bytes.next() } while isDigit(byte)
        }
        if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            byte = bytes.next()
            if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") { byte = bytes.next() }
            guard isDigit(byte) else { return false }
            repeat { byte = bytes.next() } while isDigit(byte)
        }
        return byte == nil
    }

    /// The string a stored value holds (`"root"` → `root`), `nil` when it holds none: the parent,
    /// order and kind of every view are read this way, so plain strings skip the JSON parser.
    public static func stringValue(_ text: String?) -> String? {
        guard var text else { return nil }
        switch text.withUTF8(scalar) {
        case .string(let plain): return plain
        case .number: return nil
        case .other: return decode(text)?.string
        }
    }

    /// The canonical text of a string value.
    public static func string(_ text: String) -> String { JSONWriter.quote(text) }

    /// The canonical text of JSON `null` (the root's `parent`).
    public static let null = "null"
}
