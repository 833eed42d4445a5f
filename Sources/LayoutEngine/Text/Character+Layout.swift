extension Unicode.Scalar {
    /// Unicode's White_Space property, spelled out: the standard library's property lookup
    /// dominated text layout time.
    @inline(__always)
    var isLayoutWhitespace: Bool {
        switch value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// The characters Swift's `Character.isNewline` accepts.
    @inline(__always)
    var isLayoutNewline: Bool {
        switch value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }
}

extension Character {
    /// The grapheme's first scalar; ASCII is read from the first UTF-8 byte (fast).
    @inline(__always)
    var firstScalar: Unicode.Scalar {
        if let byte = utf8.first, byte < 0x80 { return Unicode.Scalar(byte) }
        return unicodeScalars.first!
    }

    /// Whitespace, newlines included, judged by the first scalar (as `isWhitespace` does).
    @inline(__always)
    var isLayoutWhitespace: Bool { firstScalar.isLayoutWhitespace }

    /// A newline ("\r\n" is one grapheme starting with CR).
    @inline(__always)
    var isLayoutNewline: Bool { firstScalar.isLayoutNewline }
}
