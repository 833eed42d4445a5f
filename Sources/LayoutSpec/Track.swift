/// A grid row or column size: fixed points, `auto` (sized to content) or star (a weighted share).
public enum Track: Hashable, Sendable {
    case fixed(Double)
    case auto
    case star(Double)

    /// The spelling used in spec files: `44`, `"auto"`, `"*"`, `"2*"`.
    public var json: JSONValue {
        switch self {
        case .fixed(let points): .number(points)
        case .auto: .string("auto")
        case .star(let weight): .string(weight == 1 ? "*" : "\(JSONWriter.format(weight))*")
        }
    }

    /// Parses `44`, `"44"`, `"auto"`, `"*"` or `"2.5*"`; nil when it is none of these.
    public init?(json: JSONValue) {
        switch json {
        case .number(let points) where points.isFinite && points >= 0:
            self = .fixed(points)
        case .string("auto"):
            self = .auto
        case .string(let text) where text.hasSuffix("*"):
            let weightText = text.dropLast()
            if weightText.isEmpty {
                self = .star(1)
            } else if let weight = PropertyType.jsonNumber(String(weightText)), weight > 0 {
                self = .star(weight)
            } else {
                return nil
            }
        case .string(let text):
            guard let points = PropertyType.jsonNumber(text), points >= 0 else { return nil }
            self = .fixed(points)
        default:
            return nil
        }
    }
}
