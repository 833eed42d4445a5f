/// A moment in UTC split into calendar fields by arithmetic (the proleptic Gregorian calendar),
/// for the times listings print: building a `DateFormatter` loads ICU's locale data, which cost
/// `plumb log` most of its time.
struct UTCTime: Equatable {
    var year: Int64
    var month: Int
    var day: Int
    var hour: Int
    var minute: Int
    var second: Int
    var millisecond: Int

    /// The fields of `milliseconds` since 1970-01-01T00:00:00Z (negative before it).
    init(milliseconds: Int64) {
        let (seconds, millisecond) = UTCTime.floorDivision(milliseconds, 1_000)
        let (days, secondOfDay) = UTCTime.floorDivision(seconds, 86_400)
        self.millisecond = Int(millisecond)
        hour = Int(secondOfDay / 3_600)
        minute = Int(secondOfDay % 3_600 / 60)
        second = Int(secondOfDay % 60)
        // Count from 0000-03-01 in 400-year eras (146,097 days each), so the leap day ends a year.
        let (era, dayOfEra) = UTCTime.floorDivision(days + 719_468, 146_097)
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        day = Int(dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
        month = Int(shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9)
        year = era * 400 + yearOfEra + (month <= 2 ? 1 : 0)
    }

    /// `2026-11-30 06:40:12`.
    var short: String {
        "\(UTCTime.padded(year, 4))-\(UTCTime.padded(month, 2))-\(UTCTime.padded(day, 2)) "
            + "\(UTCTime.padded(hour, 2)):\(UTCTime.padded(minute, 2)):\(UTCTime.padded(second, 2))"
    }

    /// `2026-11-30T06:40:12.345Z` (ISO 8601 with milliseconds).
    var iso: String {
        "\(UTCTime.padded(year, 4))-\(UTCTime.padded(month, 2))-\(UTCTime.padded(day, 2))T"
            + "\(UTCTime.padded(hour, 2)):\(UTCTime.padded(minute, 2)):\(UTCTime.padded(second, 2)).\(UTCTime.padded(millisecond, 3))Z"
    }

    /// Quotient rounded down and the remainder that goes with it (never negative).
    static func floorDivision(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let remainder = value % divisor
        return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }

    /// Decimal digits, zero-filled to `width` (a minus sign before them when negative).
    static func padded(_ value: some BinaryInteger, _ width: Int) -> String {
        let digits = String(value.magnitude)
        let filled = digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
        return value < 0 ? "-" + filled : filled
    }
}
