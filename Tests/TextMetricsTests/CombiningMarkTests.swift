import LayoutSpec
import Testing
@testable import TextMetrics

/// Long runs of combining marks: marks past the first few on one letter are not shaped (they
/// take no advance), so any number of them costs linear time and the width does not change.
struct CombiningMarkTests {
    @Test func marksPastTheThirdDoNotChangeTheWidth() throws {
        let measurer = try FontTextMeasurer()
        let font = Font(size: 17)
        let three = measurer.width(of: "xa\u{301}\u{302}\u{303}y", font: font)
        for count in [4, 20, 1_000, 50_000] {
            let marks = String(repeating: "\u{301}\u{302}\u{303}\u{304}", count: count / 4 + 1)
            #expect(measurer.width(of: Substring("xa" + marks + "y"), font: font) == three, "\(count) marks")
        }
        // Ordinary accented text is shaped whole: one mark more or less changes nothing either.
        #expect(measurer.width(of: "e\u{301}", font: font) > 0)
    }

    @Test func textWithMarksAndFallbackStillSumsItsRuns() throws {
        let measurer = try FontTextMeasurer()
        let font = Font(size: 17)
        // 保 comes from a fallback font; the marks after the letters stay with them.
        let mixed = measurer.width(of: "a\u{301}\u{302}保", font: font)
        let parts = measurer.width(of: "a\u{301}\u{302}", font: font) + measurer.width(of: "保", font: font)
        #expect(abs(mixed - parts) < 0.5)
        let zalgo = String(repeating: "a" + String(repeating: "\u{301}", count: 20), count: 100) + "保"
        #expect(measurer.width(of: Substring(zalgo), font: font) > 100 * measurer.width(of: "a", font: font))
    }

    /// The shaper's shortcut for the diacritical marks answers as Unicode's property does.
    @Test func defaultIgnorableShortcutAgreesWithUnicode() {
        for value in UInt32(0x2F0)...0x380 {
            let scalar = Unicode.Scalar(value)!
            #expect(TextShaper.isDefaultIgnorable(scalar) == scalar.properties.isDefaultIgnorableCodePoint, "U+\(String(value, radix: 16))")
        }
    }
}
