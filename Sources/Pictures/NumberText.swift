import Foundation

/// Numbers for people: rounded to a few decimals, without trailing zeros.
public enum NumberText {
    /// `value` with at most `places` decimals, trailing zeros dropped: 195, 10.5, 0.33. Minus
    /// zero prints as 0; infinities and NaN as Swift spells them.
    public static func decimal(_ value: Double, places: Int = 2) -> String {
        guard value.isFinite else { return "\(value)" }
        let factor = pow(10, Double(places))
        let rounded = (value * factor).rounded() / factor
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        var text = String(format: "%.\(places)f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// `x, y, width×height` of a rect, for one-line messages.
    public static func rect(x: Double, y: Double, width: Double, height: Double) -> String {
        "\(decimal(x)), \(decimal(y)), \(decimal(width))×\(decimal(height))"
    }
}
