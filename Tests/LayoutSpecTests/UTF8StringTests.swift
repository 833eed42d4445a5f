import LayoutSpec
import Testing

/// `String(validatingUTF8Bytes:)`: ASCII taken as is, other text validated.
struct UTF8StringTests {
    static let valid: [[UInt8]] = [[], Array("root".utf8), Array("é ✓ 𝄞".utf8), [0x61, 0x7F], Array("a\u{0}b".utf8)]
    static let invalid: [[UInt8]] = [[0xFF], [0x61, 0xC0, 0xAF], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0x80]]

    @Test(arguments: valid)
    func validBytesReadAsTheStandardLibraryReadsThem(_ bytes: [UInt8]) {
        #expect(String(validatingUTF8Bytes: bytes) == String(validating: bytes, as: UTF8.self))
        #expect(String(validatingUTF8Bytes: bytes[...]).map { Array($0.utf8) } == bytes)
    }

    @Test(arguments: invalid)
    func invalidBytesAreRefused(_ bytes: [UInt8]) {
        #expect(String(validatingUTF8Bytes: bytes) == nil)
        #expect(String(validatingUTF8Bytes: [0x61] + bytes + [0x62]) == nil)
    }
}
