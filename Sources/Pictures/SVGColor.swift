/// A spec colour (`#RRGGBB` or `#RRGGBBAA`) as SVG 1.1 wants it: `#RRGGBB` and an opacity.
public struct SVGColor {
    public let hex: String
    public let opacity: Double

    public init(hex: String, opacity: Double) {
        self.hex = hex
        self.opacity = opacity
    }

    /// Nil unless `text` is `#` and 6 or 8 hex digits.
    public init?(_ text: String) {
        let digits = text.dropFirst()
        guard text.hasPrefix("#"), digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit) else { return nil }
        hex = "#" + digits.prefix(6).uppercased()
        opacity = digits.count == 8 ? Double(Int(digits.suffix(2), radix: 16)!) / 255 : 1
    }

    /// `fill="#RRGGBB"`, with `fill-opacity` when translucent.
    public func attributes(for property: String) -> String {
        let base = "\(property)=\"\(hex)\""
        return opacity < 1 ? base + " \(property)-opacity=\"\(NumberText.decimal(opacity, places: 3))\"" : base
    }
}
