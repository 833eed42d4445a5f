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
        if first == UInt8(ascii: "\""), utf8.count >= 2, utf8.last == UInt8(ascii: "\""),
           !utf8.contains(UInt8(ascii: "\\")) {
            return .string(String(text.dropFirst().dropLast()))
        }
        if first == UInt8(ascii: "-") || (first >= 0x30 && first <= 0x39), let number = Double(text) {
            return .number(number)
        }
        return try? JSONParser.parse(text)
    }

    /// The canonical text of a string value.
    public static func string(_ text: String) -> String { JSONWriter.quote(text) }

    /// The canonical text of JSON `null` (the root's `parent`).
    public static let null = "null"
}
