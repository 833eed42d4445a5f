/// Writes `JSONValue`s: compact (canonical, for storage and hashing) or indented (for people).
///
/// Output is built as UTF-8 bytes and turned into a `String` once, which keeps writing large
/// documents cheap.
public enum JSONWriter {
    /// Compact JSON with members in their given order and no spaces.
    public static func compact(_ value: JSONValue) -> String {
        var out = [UInt8]()
        write(value, into: &out, pretty: false, level: 0)
        return String(decoding: out, as: UTF8.self)
    }

    /// JSON indented by two spaces, one member or element per line; small flat objects and
    /// arrays of scalars stay on one line.
    public static func pretty(_ value: JSONValue) -> String {
        var out = [UInt8]()
        out.reserveCapacity(1 << 16)
        write(value, into: &out, pretty: true, level: 0)
        return String(decoding: out, as: UTF8.self)
    }

    /// Formats a number as JSON: integers without a fraction, others in shortest round-trip form;
    /// `null` for infinities and NaN, which JSON cannot hold (a layout can overflow to them).
    public static func format(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        return isWrittenWhole(number) ? String(Int64(number)) : "\(number)"
    }

    /// True when `format` writes the number as an integer: whole, and short of the 16th digit.
    private static func isWrittenWhole(_ number: Double) -> Bool {
        number == number.rounded() && abs(number) < 1e15
    }

    /// Appends `format(number)`'s text: whole numbers digit by digit, without a string between
    /// (frames and specs are mostly whole points).
    public static func appendNumber(_ number: Double, to out: inout [UInt8]) {
        guard number.isFinite, isWrittenWhole(number) else {
            out += format(number).utf8
            return
        }
        var whole = Int64(number)
        if whole < 0 {
            out.append(UInt8(ascii: "-"))
            whole = -whole
        }
        var digits: (UInt64, UInt64) = (0, 0)  // 16 bytes: room for the 15 digits of a whole below 1e15
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[15 - count] = UInt8(ascii: "0") + UInt8(whole % 10)
                whole /= 10
                count += 1
            } while whole > 0
            out.append(contentsOf: buffer[(16 - count)...])
        }
    }

    /// Quotes and escapes a string as JSON.
    public static func quote(_ text: String) -> String {
        var out = [UInt8]()
        appendQuoted(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Quotes a string. Besides what JSON requires (quote, backslash, C0 controls), DEL, the
    /// C1 controls and the bidirectional overrides and isolates are written as `\u` escapes:
    /// the same string to any JSON reader, and safe to print on a terminal, whatever a spec,
    /// store or bundle held.
    public static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        out.append(0x22)
        var text = text
        text.withUTF8 { bytes in
            // Runs of bytes that need no escape are copied at once.
            var runStart = 0, index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte >= 0x20 && byte != 0x22 && byte != 0x5C && byte != 0x7F && byte != 0xC2 && byte != 0xE2 {
                    index += 1
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart ..< index]))
                index += 1
                switch byte {
                case 0x22: out.append(0x5C); out.append(0x22)
                case 0x5C: out.append(0x5C); out.append(0x5C)
                case 0x0A: out.append(0x5C); out.append(UInt8(ascii: "n"))
                case 0x0D: out.append(0x5C); out.append(UInt8(ascii: "r"))
                case 0x09: out.append(0x5C); out.append(UInt8(ascii: "t"))
                case 0xC2, 0xE2:
                    // C1 controls are C2 80–C2 9F; U+202A–U+202E are E2 80 AA–AE, U+2066–U+2069
                    // E2 81 A6–A9.
                    let next = index < bytes.count ? bytes[index] : 0
                    let last = index + 1 < bytes.count ? bytes[index + 1] : 0
                    if byte == 0xC2, next >= 0x80 && next <= 0x9F {
                        appendEscape(UInt32(next), to: &out)
                        index += 1
                    } else if byte == 0xE2, next == 0x80, (0xAA...0xAE).contains(last) {
                        appendEscape(0x2000 + UInt32(last - 0x80), to: &out)
                        index += 2
                    } else if byte == 0xE2, next == 0x81, (0xA6...0xA9).contains(last) {
                        appendEscape(0x2040 + UInt32(last - 0x80), to: &out)
                        index += 2
                    } else {
                        out.append(byte)
                    }
                default: appendEscape(UInt32(byte), to: &out)
                }
                runStart = index
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart ..< index]))
        }
        out.append(0x22)
    }

    private static func appendEscape(_ scalar: UInt32, to out: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        out += [0x5C, UInt8(ascii: "u"), hex[Int(scalar >> 12 & 15)], hex[Int(scalar >> 8 & 15)], hex[Int(scalar >> 4 & 15)], hex[Int(scalar & 15)]]
    }

    static func write(_ value: JSONValue, into out: inout [UInt8], pretty: Bool, level: Int) {
        switch value {
        case .null: out += "null".utf8
        case .bool(let flag): out += (flag ? "true" : "false").utf8
        case .number(let number): appendNumber(number, to: &out)
        case .string(let text): appendQuoted(text, to: &out)
        case .array(let elements):
            if elements.isEmpty { out += "[]".utf8; return }
            let inline = !pretty || elements.allSatisfy(isScalar)
            out.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")); if inline && pretty { out.append(0x20) } }
                if !inline { newline(&out, level + 1) }
                write(element, into: &out, pretty: pretty, level: level + 1)
            }
            if !inline { newline(&out, level) }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty { out += "{}".utf8; return }
            let inline = pretty && members.count <= 4 && members.allSatisfy { isScalar($0.value) }
            openObject(members, inline: inline, into: &out, pretty: pretty, level: level)
            closeObject(inline: inline, into: &out, pretty: pretty, level: level)
        }
    }

    /// Writes `{` and `members` (at least one), leaving the object open for more members
    /// (`appendKey`) and `closeObject`: for writers that stream a large document (`SpecEncoder`).
    static func openObject(_ members: [JSONMember], inline: Bool, into out: inout [UInt8], pretty: Bool, level: Int) {
        out.append(UInt8(ascii: "{"))
        if inline { out.append(0x20) }
        for (index, member) in members.enumerated() {
            appendKey(member.key, first: index == 0, inline: inline, into: &out, pretty: pretty, level: level)
            write(member.value, into: &out, pretty: pretty, level: level + 1)
        }
    }

    /// The separator before a member of an object at `level`, its key and the colon.
    static func appendKey(_ key: String, first: Bool, inline: Bool, into out: inout [UInt8], pretty: Bool, level: Int) {
        if !first { out.append(UInt8(ascii: ",")); if inline { out.append(0x20) } }
        if pretty && !inline { newline(&out, level + 1) }
        appendQuoted(key, to: &out)
        out.append(UInt8(ascii: ":"))
        if pretty { out.append(0x20) }
    }

    /// Ends an object opened by `openObject`.
    static func closeObject(inline: Bool, into out: inout [UInt8], pretty: Bool, level: Int) {
        if inline { out.append(0x20) } else if pretty { newline(&out, level) }
        out.append(UInt8(ascii: "}"))
    }

    private static func isScalar(_ value: JSONValue) -> Bool {
        switch value {
        case .array, .object: false
        default: true
        }
    }

    static func newline(_ out: inout [UInt8], _ level: Int) {
        out.append(0x0A)
        var count = 2 * level
        while count > 0 {
            let run = min(count, indentation.count)
            out.append(contentsOf: indentation[..<run])
            count -= run
        }
    }

    /// Spaces copied at once by `newline`.
    private static let indentation = [UInt8](repeating: 0x20, count: 128)
}
