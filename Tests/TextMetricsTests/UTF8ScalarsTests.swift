import Testing
@testable import TextMetrics

/// The shaper's UTF-8 walk yields what `unicodeScalars` does, with each scalar's byte offset.
struct UTF8ScalarsTests {
    @Test(arguments: ["", "abc", "e\u{301}\u{302}", "Ωж保\u{10FFFF}😀\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}", "a\u{0}b\u{200D}c"])
    func walksAsUnicodeScalars(_ text: String) {
        var expected: [(Unicode.Scalar, Int)] = []
        var offset = 0
        for scalar in text.unicodeScalars {
            expected.append((scalar, offset))
            offset += UTF8.width(scalar)
        }
        var found: [(Unicode.Scalar, Int)] = []
        UTF8Scalars.forEach(in: text[...]) { scalar, offset in
            found.append((scalar, offset))
            return true
        }
        #expect(found.map(\.0) == expected.map(\.0))
        #expect(found.map(\.1) == expected.map(\.1))
    }

    @Test func aSequenceCutByTheBoundsIsReplacedByteByByte() {
        let bytes: [UInt8] = [0x61, 0xE4, 0xBF]  // "a" and the first two bytes of 保
        let scalars = bytes.withUnsafeBufferPointer { buffer in
            var offset = 0
            var found: [Unicode.Scalar] = []
            while offset < buffer.count {
                let (scalar, width) = UTF8Scalars.decode(buffer, at: offset)
                found.append(scalar)
                offset += width
            }
            return found
        }
        #expect(scalars == ["a", "\u{FFFD}", "\u{FFFD}"])
    }
}
