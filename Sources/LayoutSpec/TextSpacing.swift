/// A text measure given either in points or as a percentage of the font size, as designers
/// set line height and letter spacing: `24` is 24 pt, `"150%"` is 1.5 × the font size.
public enum TextSpacing: Hashable, Sendable {
    case points(Double)
    case percent(Double)

    /// The value of a JSON number (points) or a string `"N%"`; `nil` for anything else.
    public init?(json: JSONValue) {
        switch json {
        case .number(let number) where number.isFinite: self = .points(number)
        case .string(let text) where text.hasSuffix("%"):
            guard let number = PropertyType.jsonNumber(String(text.dropLast())), number.isFinite else { return nil }
            self = .percent(number)
        default: return nil
        }
    }

    /// The number as written, points or percent: what the spec's limits apply to.
    public var amount: Double {
        switch self {
        case .points(let value), .percent(let value): value
        }
    }

    /// As JSON: a number for points, `"N%"` for a percentage.
    public var json: JSONValue {
        switch self {
        case .points(let value): .number(value)
        case .percent(let value): .string(JSONWriter.format(value) + "%")
        }
    }

    /// In points, for text of `fontSize`.
    public func points(fontSize: Double) -> Double {
        switch self {
        case .points(let value): value
        case .percent(let value): value / 100 * fontSize
        }
    }
}
