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
        let utf8 = text.utf8
        guard let first = utf8.first else { return nil }
        if first == UInt8(ascii: "\""), utf8.count >= 2, utf8.last == UInt8(ascii: "\"") {
            // Cut the quotes as bytes: as Characters, the opening quote and a combining mark after
            // it are one grapheme, and the mark would go with the quote.
            let inner = utf8.dropFirst().dropLast()
            if !inner.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"") || $0 < 0x20 }) {
                return .string(String(decoding: inner, as: UTF8.self))
            }
        }
        // `Double(_:)` alone also takes "01", "1.", "inf", "0x10"…, which are not JSON.
        if isJSONNumber(utf8), let number = Double(text), number.isFinite {
            return .number(number)
        }
        return try? JSONParser.parse(text)
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
        guard let text else { return nil }
        let utf8 = text.utf8
        if utf8.count >= 2, utf8.first == UInt8(ascii: "\""), utf8.last == UInt8(ascii: "\""),
           !utf8.dropFirst().dropLast().contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"") || $0 < 0x20 }) {
            return String(Substring(utf8.dropFirst().dropLast()))
        }
        return decode(text)?.string
    }

    /// The canonical text of a string value.
    public static func string(_ text: String) -> String { JSONWriter.quote(text) }

    /// The canonical text of JSON `null` (the root's `parent`).
    public static let null = "null"
}
