/// Text made safe for XML 1.0 content and attribute values.
public enum XMLText {
    /// Escapes `&`, `<`, `>`, `"` and `'`, and replaces the characters XML 1.0 cannot carry at
    /// all (controls other than tab, newline and carriage return; U+FFFE and U+FFFF) with
    /// U+FFFD, so any view id or label text gives a well-formed document.
    public static func escaped(_ text: String) -> String {
        var needsWork = false
        for byte in text.utf8 where byte < 0x20 || byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27 || byte == 0xEF {
            needsWork = true
            break
        }
        if !needsWork { return text }
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out.unicodeScalars.append("\u{FFFD}")
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
