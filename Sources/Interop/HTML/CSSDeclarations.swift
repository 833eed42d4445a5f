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
/// not allow (controls other than tab and newline, U+FFFE, U+FFFF) replaced by U+FFFD.
/// Works on UTF-8 bytes; text with nothing to escape is returned as it is.
enum HTMLText {
    static func escaped(_ text: String, keepingNewlines: Bool = false) -> String {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.contains(where: { needsWork($0, keepingNewlines) }) else { return String(decoding: bytes, as: UTF8.self) }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 32)
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "&"): out += Array("&amp;".utf8)
                case UInt8(ascii: "<"): out += Array("&lt;".utf8)
                case UInt8(ascii: ">"): out += Array("&gt;".utf8)
                case UInt8(ascii: "\""): out += Array("&quot;".utf8)
                case UInt8(ascii: "'"): out += Array("&#39;".utf8)
                case UInt8(ascii: "\t"): out.append(byte)
                case UInt8(ascii: "\r") where index < bytes.count && bytes[index] == UInt8(ascii: "\n"):
                    continue  // CR LF is one line break
                case UInt8(ascii: "\n"), UInt8(ascii: "\r"): out += keepingNewlines ? [UInt8(ascii: "\n")] : Array("&#10;".utf8)
                case 0..<0x20, 0x7F: out += replacement
                case 0xC2 where index < bytes.count && bytes[index] >= 0x80 && bytes[index] < 0xA0:
                    out += replacement  // C1 controls
                    index += 1
                case 0xEF where index + 1 < bytes.count && bytes[index] == 0xBF && (bytes[index + 1] == 0xBE || bytes[index + 1] == 0xBF):
                    out += replacement  // U+FFFE, U+FFFF
                    index += 2
                default: out.append(byte)
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    private static let replacement = Array("\u{FFFD}".utf8)

    private static func needsWork(_ byte: UInt8, _ keepingNewlines: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"), 0x7F, 0xC2, 0xEF, UInt8(ascii: "\r"): true
        case UInt8(ascii: "\n"): !keepingNewlines
        case UInt8(ascii: "\t"): false
        case 0..<0x20: true
        default: false
        }
    }
}
