import LayoutSpec

/// A list of CSS declarations for a `style` attribute, and CSS spellings of numbers.
struct CSSDeclarations {
    private(set) var text = ""

    var isEmpty: Bool { text.isEmpty }

    mutating func add(_ property: String, _ value: String) {
        if !text.isEmpty { text += ";" }
        text += property
        text += ":"
        text += value
    }

    /// `12px`, `0.5px`: at most three decimals, no trailing zeros.
    static func px(_ value: Double) -> String { number(value) + "px" }

    static func number(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return JSONWriter.format(rounded)
    }
}

/// Text and attribute values for HTML: `&`, `<`, `>`, quotes escaped; characters HTML does
/// not allow (controls other than tab and newline, lone surrogates) replaced by U+FFFD.
enum HTMLText {
    static func escaped(_ text: String, keepingNewlines: Bool = false) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\n" where keepingNewlines, "\t": out.unicodeScalars.append(scalar)
            case "\n", "\r": out += keepingNewlines ? "\n" : "&#10;"
            default:
                if scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0) || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
