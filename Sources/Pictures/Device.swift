import LayoutEngine

/// A screen Plumb knows by name (`--device NAME`): its size in points (phones and tablets
/// portrait) and the pixels per point its display has (for `--scale`).
public struct Device: Sendable {
    public let name: String
    public let width: Double
    public let height: Double
    /// Pixels per point of the real display: a hint for `--scale`, never applied by itself.
    public let scale: Double

    /// The size in points, as listed.
    public var size: Size { Size(width: width, height: height) }

    /// Common phones, tablets and desktops, smallest first within each group. Sizes are the
    /// points (CSS pixels, Android dp) a full-screen app is laid out in.
    public static let catalog: [Device] = [
        Device(name: "iPhone SE", width: 375, height: 667, scale: 2),
        Device(name: "iPhone 13 mini", width: 375, height: 812, scale: 3),
        Device(name: "iPhone 15", width: 393, height: 852, scale: 3),
        Device(name: "iPhone 15 Pro", width: 393, height: 852, scale: 3),
        Device(name: "iPhone 15 Plus", width: 430, height: 932, scale: 3),
        Device(name: "iPhone 15 Pro Max", width: 430, height: 932, scale: 3),
        Device(name: "Pixel 8", width: 412, height: 915, scale: 2.625),
        Device(name: "iPad mini", width: 744, height: 1133, scale: 2),
        Device(name: "iPad", width: 820, height: 1180, scale: 2),
        Device(name: "iPad Pro 11", width: 834, height: 1194, scale: 2),
        Device(name: "iPad Pro 12.9", width: 1024, height: 1366, scale: 2),
        Device(name: "Desktop", width: 1440, height: 900, scale: 2),
        Device(name: "Desktop HD", width: 1920, height: 1080, scale: 1),
    ]

    /// The device `check` and `diff --frames` use when no size is given.
    public static let defaultPhone = catalog[2]

    /// The device called `name`: case, spaces, `-` and `_` do not matter, so `iphone-se`,
    /// `iPhoneSE` and `"iPhone SE"` all name the iPhone SE.
    public static func named(_ name: String) -> Device? {
        let key = normalized(name)
        return catalog.first { normalized($0.name) == key }
    }

    /// The spelling used on command lines: lowercase, words joined by `-` (`iphone-15-pro-max`).
    public var key: String {
        name.lowercased().split(separator: " ").joined(separator: "-")
    }

    private static func normalized(_ name: String) -> String {
        String(name.lowercased().filter { $0 != " " && $0 != "-" && $0 != "_" })
    }

    /// The `--device list` table.
    public static var listing: String {
        let keyWidth = catalog.map(\.key.count).max() ?? 0
        let nameWidth = catalog.map(\.name.count).max() ?? 0
        var lines = ["\("NAME".padded(to: keyWidth))  \("DEVICE".padded(to: nameWidth))  POINTS      SCALE"]
        for device in catalog {
            let points = "\(NumberText.decimal(device.width))×\(NumberText.decimal(device.height))"
            lines.append("\(device.key.padded(to: keyWidth))  \(device.name.padded(to: nameWidth))  \(points.padded(to: 10))  \(NumberText.decimal(device.scale, places: 3))")
        }
        lines.append("")
        lines.append("Sizes are in points, phones and tablets portrait (--landscape turns them). SCALE is the")
        lines.append("display's pixels per point, for --scale; it is not applied unless asked for.")
        return lines.joined(separator: "\n")
    }
}

private extension String {
    func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
