/// A fast hash of an id's UTF-8 bytes (64-bit FNV-1a): for finding a few wanted ids among many
/// read from stored bytes or text without making a string of each, where a `Hasher` per id
/// cost more than the rest of the search. Callers compare the bytes of a match; the hash only
/// narrows the candidates.
public enum IDHash {
    public static func of(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.withUnsafeBytes(of)
    }

    public static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }
}
