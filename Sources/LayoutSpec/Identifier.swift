/// The rules for view ids and document names.
public enum Identifier {
    /// Longest accepted id or name, in characters.
    public static let maxLength = 128

    /// True when `text` is 1–128 characters of letters, digits, `_`, `-`, `.` or `:`, starting
    /// with a letter, digit or `_`. (`@` and `~` are kept out: they mark revisions.)
    public static func isValid(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard let first = utf8.first, utf8.count <= maxLength, isWordByte(first) else { return false }
        return utf8.allSatisfy { isWordByte($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ":") }
    }

    /// What `isValid` expects, for error messages.
    public static let rule = "1–128 letters, digits, '_', '-', '.' or ':', starting with a letter, digit or '_'"

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }
}
