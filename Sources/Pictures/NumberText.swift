/// Numbers for people: rounded to a few decimals, without trailing zeros.
public enum NumberText {
    /// `value` with at most `places` decimals, trailing zeros dropped: 195, 10.5, 0.33. Minus
    /// zero prints as 0; infinities and NaN as Swift spells them. Digits come from integer
    /// arithmetic on the rounded value (pictures print thousands of numbers; `String(format:)`
    /// was most of an SVG's cost).
    public static func decimal(_ value: Double, places: Int = 2) -> String {
        guard value.isFinite else { return "\(value)" }
        let places = min(max(places, 0), 9)
        let factor = powersOfTen[places]
        let scaled = (value * Double(factor)).rounded()
        guard abs(scaled) < 1e15 else {
            let rounded = scaled / Double(factor)
            return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int64(rounded)) : "\(rounded)"
        }
        let units = Int64(scaled)
        if units == 0 { return "0" }
        let magnitude = units.magnitude
        let whole = magnitude / UInt64(factor)
        var fraction = magnitude % UInt64(factor)
        var text = units < 0 ? "-" + String(whole) : String(whole)
        guard fraction > 0 else { return text }
        var digits = places
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let fractionText = String(fraction)
        text += "."
        if fractionText.count < digits { text += String(repeating: "0", count: digits - fractionText.count) }
        return text + fractionText
    }

    private static let powersOfTen: [Int64] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000]

    /// `x, y, width×height` of a rect, for one-line messages.
    public static func rect(x: Double, y: Double, width: Double, height: Double) -> String {
        "\(decimal(x)), \(decimal(y)), \(decimal(width))×\(decimal(height))"
    }
}
