import LayoutEngine
import Pictures

/// The screen a page lays out on: a named device, or a custom size (`?device=iphone-se`,
/// `?size=375x667`), portrait unless `landscape=1`.
struct ScreenChoice: Sendable {
    var device: Device?
    var size: Size

    static let standard = ScreenChoice(device: Device.defaultPhone, size: Device.defaultPhone.size)

    /// Reads the query. An unknown device or a size that is not two numbers from 1 to 100,000
    /// (a long page laid out whole) is a bad request.
    init(query: [String: String]) throws(StudioError) {
        if let text = query["size"], !text.isEmpty {
            let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
                  (1...100_000).contains(width), (1...100_000).contains(height) else {
                throw StudioError.badRequest("size: expected WIDTHxHEIGHT in points, each from 1 to 100000, got \"\(text)\"")
            }
            device = nil
            size = Size(width: width.rounded(), height: height.rounded())
        } else if let name = query["device"], !name.isEmpty {
            guard let named = Device.named(name) else { throw StudioError.badRequest("device: unknown device \"\(name)\"") }
            device = named
            size = named.size
        } else {
            self = .standard
        }
        if query["landscape"] == "1", size.height > size.width { size = Size(width: size.height, height: size.width) }
    }

    init(device: Device?, size: Size) {
        self.device = device
        self.size = size
    }

    /// The query that names this screen.
    var query: [(String, String?)] {
        if let device, device.size == size { return [("device", device.key)] }
        if let device, device.size == Size(width: size.height, height: size.width) { return [("device", device.key), ("landscape", "1")] }
        return [("size", "\(NumberText.decimal(size.width))x\(NumberText.decimal(size.height))")]
    }

    /// "iPhone 15 · 393×852" or "500×700".
    var caption: String {
        let points = "\(NumberText.decimal(size.width))×\(NumberText.decimal(size.height))"
        return device.map { "\($0.name) · \(points)" } ?? points
    }
}
