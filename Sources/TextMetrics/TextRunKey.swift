/// A cache key for a run of text compared byte for byte (UTF-8), not by Unicode canonical
/// equivalence as `String` compares: "é" precomposed and "e" + combining accent may shape
/// differently (a font may lack one form), and hashing raw bytes skips normalisation.
struct TextRunKey: Hashable {
    let text: Substring

    /// A key that borrows `text` for a lookup.
    init(borrowing text: Substring) {
        self.text = text
    }

    /// A key that owns a copy of `text`, so a stored key does not keep a larger string alive.
    init(copying text: Substring) {
        self.text = Substring(String(text))
    }

    static func == (lhs: TextRunKey, rhs: TextRunKey) -> Bool {
        let left = lhs.text.utf8, right = rhs.text.utf8
        guard left.count == right.count else { return false }
        let fast = left.withContiguousStorageIfAvailable { leftBytes in
            right.withContiguousStorageIfAvailable { rightBytes in
                Self.sameBytes(UnsafeRawBufferPointer(leftBytes), UnsafeRawBufferPointer(rightBytes))
            }
        }
        return (fast ?? nil) ?? left.elementsEqual(right)
    }

    /// Byte equality of two buffers of equal length, eight bytes at a time.
    private static func sameBytes(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Bool {
        let count = left.count
        var offset = 0
        while offset + 8 <= count {
            if left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != right.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
            offset += 8
        }
        while offset < count {
            if left[offset] != right[offset] { return false }
            offset += 1
        }
        return true
    }

    func hash(into hasher: inout Hasher) {
        let bytes = text.utf8
        let hashed: Void? = bytes.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        if hashed == nil {
            // Same byte stream as the fast path, so equal keys hash equally either way.
            Array(bytes).withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }
}
