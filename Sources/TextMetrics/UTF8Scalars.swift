/// Walks a text's scalars by decoding its UTF-8 bytes directly: `unicodeScalars` validates
/// every index it steps through, which cost more than the rest of collecting a text full of
/// combining marks (about 20 scalars a letter) for shaping.
enum UTF8Scalars {
    /// Calls `body` with each scalar of `text` and its UTF-8 offset from the text's start, in
    /// order, until `body` returns false; returns whether it never did.
    ///
    /// The bytes are a Swift string's, so valid UTF-8; a sequence cut by the text's bounds
    /// (a slice not on scalar boundaries) is read as U+FFFD a byte, never past the end.
    @inline(__always)
    @discardableResult
    static func forEach(in text: Substring, _ body: (Unicode.Scalar, Int) -> Bool) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let (scalar, width) = decode(bytes, at: offset)
                guard body(scalar, offset) else { return false }
                offset += width
            }
            return true
        }
    }

    /// The scalar starting at `offset` of `bytes` and its length in bytes.
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (Unicode.Scalar, Int) {
        let lead = UInt32(bytes[offset])
        if lead < 0x80 { return (Unicode.Scalar(UInt8(lead)), 1) }
        let remaining = bytes.count - offset
        // Two bytes (Latin accents, combining marks, Greek, Cyrillic), unrolled: the common case.
        if lead >= 0xC0 && lead < 0xE0 && remaining >= 2 {
            let second = UInt32(bytes[offset + 1])
            guard second & 0xC0 == 0x80 else { return ("\u{FFFD}", 1) }
            return (Unicode.Scalar((lead & 0x1F) << 6 | second & 0x3F) ?? "\u{FFFD}", 2)
        }
        let width = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 0
        guard width > 0, width <= remaining else { return ("\u{FFFD}", 1) }
        var value = lead & (0x7F >> UInt32(width))
        for next in 1..<width {
            let byte = UInt32(bytes[offset + next])
            guard byte & 0xC0 == 0x80 else { return ("\u{FFFD}", 1) }
            value = value << 6 | byte & 0x3F
        }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", width)
    }
}
