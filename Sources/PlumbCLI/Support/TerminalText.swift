/// Text that came from elsewhere (stores, bundles, hubs, spec files, the command line) made
/// safe to print: characters a terminal would act on are shown as escapes, so a received
/// author or message cannot move the cursor, change colours, retitle the window or forge
/// lines of output.
enum TerminalText {
    /// `text` with C0 controls (except newline and tab), DEL, C1 controls and the bidirectional
    /// overrides and isolates (U+202A–U+202E, U+2066–U+2069) shown as `\u{1B}` (`\r` for a
    /// carriage return). For messages,
    /// which may span lines.
    static func escaped(_ text: String) -> String {
        escape(text, keepingLines: true)
    }

    /// `text` escaped for one field of one line (an author, a message, a value): newlines,
    /// carriage returns, tabs and line separators are escaped too.
    static func field(_ text: String) -> String {
        escape(text, keepingLines: false)
    }

    private static func escape(_ text: String, keepingLines: Bool) -> String {
        // Fast path: nothing that could need escaping (controls, DEL, C1 starts with 0xC2,
        // the bidirectional controls and line separators with 0xE2).
        // Over the bytes in place where the string holds them so (`log` asks it of every
        // author and message).
        func mayNeed(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xE2 }
        let needs = text.utf8.withContiguousStorageIfAvailable { $0.contains(where: mayNeed) } ?? text.utf8.contains(where: mayNeed)
        guard needs else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if needsEscape(scalar, keepingLines: keepingLines) {
                switch scalar {
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                default: out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                }
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func needsEscape(_ scalar: Unicode.Scalar, keepingLines: Bool) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: !keepingLines
        case 0x0D: true
        case 0x00..<0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        case 0x2028, 0x2029: !keepingLines
        default: false
        }
    }
}
