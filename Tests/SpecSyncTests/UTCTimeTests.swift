import Foundation
@testable import SpecSync
import Testing

/// The listings' times are computed by arithmetic; Foundation's formatter is the reference.
@Suite struct UTCTimeTests {
    static func reference(_ milliseconds: Int64, format: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = format
        return formatter.string(from: Date(timeIntervalSince1970: Double(UTCTime.floorDivision(milliseconds, 1_000).quotient)))
    }

    @Test func agreesWithFoundationFromYearOneToNineThousand() {
        var generator = SystemRandomNumberGenerator()
        // 1583-01-01 (after the Gregorian reform, where Foundation's calendar is proleptic too) to 9999.
        let low: Int64 = -12_212_553_600_000, high: Int64 = 253_402_300_799_000
        var samples: [Int64] = [0, -1, -1_000, -86_400_000, 951_782_400_000, 951_868_799_999, 4_107_542_400_000,
                                 1_764_570_012_345, -2_203_891_200_000, low, high]
        for _ in 0..<2_000 { samples.append(Int64.random(in: low...high, using: &generator)) }
        for milliseconds in samples {
            let time = UTCTime(milliseconds: milliseconds)
            #expect(time.short == Self.reference(milliseconds, format: "yyyy-MM-dd HH:mm:ss"), "\(milliseconds)")
            let expected = Self.reference(milliseconds, format: "yyyy-MM-dd'T'HH:mm:ss") + "." + UTCTime.padded(time.millisecond, 3) + "Z"
            #expect(time.iso == expected, "\(milliseconds)")
            #expect(Int64(time.millisecond) == ((milliseconds % 1_000) + 1_000) % 1_000)
        }
    }

    @Test func extremesDoNotTrap() {
        for milliseconds in [Int64.max, Int64.min, Int64.min + 1] {
            let time = UTCTime(milliseconds: milliseconds)
            #expect((1...12).contains(time.month) && (1...31).contains(time.day))
            #expect(!time.iso.isEmpty)
        }
    }
}
