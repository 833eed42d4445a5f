/// A moment in UTC split into calendar fields by arithmetic (the proleptic Gregorian calendar),
/// for the times listings print: building a `DateFormatter` loads ICU's locale data, which cost
/// `plumb log` most of its time.
public struct UTCTime: Equatable, Sendable {
    public var year: Int64
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int
    public var millisecond: Int

    /// The fields of `milliseconds` since 1970-01-01T00:00:00Z (negative before it).
    public init(milliseconds: Int64) {
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
    public var short: String { text(between: UInt8(ascii: " "), seconds: true, milliseconds: false) }

    /// `2026-11-30 06:40:12.345`: precise enough to order two writes by eye (conflicts).
    public var milliseconds: String {
        let text = String(millisecond)
        return short + "." + String(repeating: "0", count: 3 - text.count) + text
    }

    /// `2026-11-30 06:40` (the studio's lists).
    public var minutes: String { text(between: UInt8(ascii: " "), seconds: false, milliseconds: false) }

    /// `2026-11-30T06:40:12.345Z` (ISO 8601 with milliseconds).
    public var iso: String { text(between: UInt8(ascii: "T"), seconds: true, milliseconds: true) }

    /// The date, `separator`, the time to the minute and perhaps `:ss` and `.mmmZ`, made as
    /// bytes (`log` prints one per version).
    private func text(between separator: UInt8, seconds: Bool, milliseconds: Bool) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        UTCTime.append(year, 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        UTCTime.append(Int64(month), 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        UTCTime.append(Int64(day), 2, to: &bytes)
        bytes.append(separator)
        UTCTime.append(Int64(hour), 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        UTCTime.append(Int64(minute), 2, to: &bytes)
        if seconds {
            bytes.append(UInt8(ascii: ":"))
            UTCTime.append(Int64(second), 2, to: &bytes)
        }
        if milliseconds {
            bytes.append(UInt8(ascii: "."))
            UTCTime.append(Int64(millisecond), 3, to: &bytes)
            bytes.append(UInt8(ascii: "Z"))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Quotient rounded down and the remainder that goes with it (never negative).
    public static func floorDivision(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let remainder = value % divisor
        return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }

    /// Decimal digits, zero-filled to `width` (a minus sign before them when negative).
    static func padded(_ value: Int, _ width: Int) -> String {
        var bytes: [UInt8] = []
        append(Int64(value), width, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `value`'s decimal digits, zero-filled to `width`, a minus sign before them when
    /// negative.
    static func append(_ value: Int64, _ width: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var count = 1
        var rest = magnitude / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: max(width, count)))
        var index = bytes.count - 1
        repeat {
            bytes[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
            index -= 1
        } while magnitude > 0
    }
}
