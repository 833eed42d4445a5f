/// Writes `JSONValue`s: compact (canonical, for storage and hashing) or indented (for people).
public enum JSONWriter {
    /// Compact JSON with members in their given order and no spaces.
    public static func compact(_ value: JSONValue) -> String {
        var out = ""
        write(value, into: &out, indent: nil, level: 0)
        return out
    }

    /// JSON indented by two spaces, one member or element per line.
    public static func pretty(_ value: JSONValue) -> String {
        var out = ""
        write(value, into: &out, indent: "  ", level: 0)
        return out
    }

    /// Formats a number as JSON: integers without a fraction, others in shortest round-trip form.
    public static func format(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 {
            return String(Int64(number))
        }
        return "\(number)"
    }

    /// Quotes and escapes a string as JSON.
    public static func quote(_ text: String) -> String {
        var out = ""
        appendQuoted(text, to: &out)
        return out
    }

    static func appendQuoted(_ text: String, to out: inout String) {
        out.append("\"")
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out.append("\\\"")
            case "\\": out.append("\\\\")
            case "\n": out.append("\\n")
            case "\r": out.append("\\r")
            case "\t": out.append("\\t")
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out.append("\"")
    }

    private static func write(_ value: JSONValue, into out: inout String, indent: String?, level: Int) {
        switch value {
        case .null: out.append("null")
        case .bool(let flag): out.append(flag ? "true" : "false")
        case .number(let number): out.append(format(number))
        case .string(let text): appendQuoted(text, to: &out)
        case .array(let elements):
            if elements.isEmpty { out.append("[]"); return }
            let inline = indent == nil || elements.allSatisfy(isScalar)
            out.append("[")
            for (index, element) in elements.enumerated() {
                if index > 0 { out.append(inline && indent != nil ? ", " : ",") }
                if !inline, let indent { newline(&out, indent, level + 1) }
                write(element, into: &out, indent: indent, level: level + 1)
            }
            if !inline, let indent { newline(&out, indent, level) }
            out.append("]")
        case .object(let members):
            if members.isEmpty { out.append("{}"); return }
            if indent != nil, members.count <= 4, members.allSatisfy({ isScalar($0.value) }) {
                // Small flat objects (margins, fonts, rects) stay on one line.
                out.append("{ ")
                for (index, member) in members.enumerated() {
                    if index > 0 { out.append(", ") }
                    appendQuoted(member.key, to: &out)
                    out.append(": ")
                    write(member.value, into: &out, indent: indent, level: level + 1)
                }
                out.append(" }")
                return
            }
            out.append("{")
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(",") }
                if let indent { newline(&out, indent, level + 1) }
                appendQuoted(member.key, to: &out)
                out.append(indent == nil ? ":" : ": ")
                write(member.value, into: &out, indent: indent, level: level + 1)
            }
            if let indent { newline(&out, indent, level) }
            out.append("}")
        }
    }

    private static func isScalar(_ value: JSONValue) -> Bool {
        switch value {
        case .array, .object: false
        default: true
        }
    }

    private static func newline(_ out: inout String, _ indent: String, _ level: Int) {
        out.append("\n")
        for _ in 0..<level { out.append(indent) }
    }
}
