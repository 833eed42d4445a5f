/// A JSON document, keeping object members in their written order.
///
/// Plumb parses and writes its own JSON so that errors can name the exact place (line,
/// column, JSON path), duplicate keys are caught, and output is byte-for-byte stable.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([JSONMember])

    /// The member named `key` of an object, if any.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// A short name of the value's type, for error messages ("a string", "an object").
    public var typeDescription: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .number(let value): JSONWriter.format(value)
        case .string(let value): "\"\(value.count > 40 ? String(value.prefix(40)) + "…" : value)\""
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// One `"key": value` pair of a JSON object.
public struct JSONMember: Hashable, Sendable {
    public var key: String
    public var value: JSONValue

    public init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }
}
