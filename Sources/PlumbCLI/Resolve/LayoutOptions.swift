import Pictures
import LayoutEngine
import LayoutSpec

/// The options every command that lays out a spec shares: the screen (`--size WxH` or
/// `--device NAME`, `--landscape`), pixel snapping (`--scale N`) and the text measurer
/// (`--metrics fixed|fonts`).
struct LayoutOptions {
    /// The root's size, in points.
    var viewport: Size
    /// The device named by `--device`, if one was.
    var device: Device?
    /// Pixels per point to snap to, or nil for unrounded frames.
    var scale: Double?
    var metrics: TextMetricsChoice

    static let flags = ["--landscape"]
    static let options = ["--size", "--device", "--scale", "--metrics"]

    /// Help lines for these options, to put in a command's details.
    static let help = """
          --size WxH        the screen in points, e.g. 375x667 (decimals allowed)
          --device NAME     a named screen, e.g. iphone-se, iphone-15, pixel-8, ipad, desktop;
                            --device list shows them all with their sizes
          --landscape       the longer side horizontal: swaps a portrait size, keeps a landscape one
          --scale N         round every edge to 1/N point, as a screen with N pixels per point
                            draws it (e.g. 2 or 3); frames are unrounded without it
          --metrics M       fonts (default): real installed fonts; fixed: the deterministic
                            model of docs/layout.md (0.6 em per glyph, lines 1.2 em)
        """

    /// True when the command line asks for `--device list`.
    static func wantsDeviceList(_ arguments: ParsedArguments) -> Bool {
        arguments.value("--device")?.lowercased() == "list"
    }

    /// `--device list`: a table, or with `--json` [{"name", "device", "width", "height", "scale"}].
    static func printDeviceList(_ arguments: ParsedArguments, console: Console) {
        guard arguments.has("--json") else { return console.print(Device.listing) }
        console.print(JSONWriter.pretty(.array(Device.catalog.map { device in
            .object([
                JSONMember("name", .string(device.key)),
                JSONMember("device", .string(device.name)),
                JSONMember("width", .number(device.width)),
                JSONMember("height", .number(device.height)),
                JSONMember("scale", .number(device.scale)),
            ])
        })))
    }

    /// Reads the options. Without `--size` or `--device`, the screen is `defaultDevice`, and
    /// when that is nil too it is a usage error.
    static func parse(_ arguments: ParsedArguments, spec: CommandSpec, defaultDevice: Device?) throws(CLIError) -> LayoutOptions {
        var device: Device?
        var viewport: Size
        switch (arguments.value("--size"), arguments.value("--device")) {
        case (_?, _?):
            throw CLIError.usage("give --size or --device, not both", command: spec)
        case (let text?, nil):
            guard let size = parseSize(text) else {
                throw CLIError.usage("--size: expected WIDTHxHEIGHT in points, both > 0 (e.g. 375x667), got \"\(text)\"", command: spec)
            }
            viewport = size
        case (nil, let name?):
            if name.lowercased() == "list" { throw CLIError.usage("--device list is a listing: run plumb resolve --device list", command: spec) }
            guard let named = Device.named(name) else {
                let hint = Suggestion.hint(for: name, in: Device.catalog.map(\.key))
                throw CLIError.usage("--device: unknown device \"\(name)\"\(hint); --device list shows the known ones", command: spec)
            }
            device = named
            viewport = named.size
        case (nil, nil):
            guard let defaultDevice else { throw CLIError.usage("give the screen size: --size WxH or --device NAME", command: spec) }
            device = defaultDevice
            viewport = defaultDevice.size
        }
        if arguments.has("--landscape"), viewport.height > viewport.width {
            viewport = Size(width: viewport.height, height: viewport.width)
        }

        var scale: Double?
        if let text = arguments.value("--scale") {
            guard let value = Double(text), value.isFinite, value > 0, value <= 100 else {
                throw CLIError.usage("--scale: expected pixels per point, a number > 0 and ≤ 100 (e.g. 2), got \"\(text)\"", command: spec)
            }
            scale = value
        }
        let metricsText = arguments.value("--metrics") ?? TextMetricsChoice.fonts.rawValue
        guard let metrics = TextMetricsChoice(rawValue: metricsText) else {
            throw CLIError.usage("--metrics: expected fonts or fixed, got \"\(metricsText)\"", command: spec)
        }
        return LayoutOptions(viewport: viewport, device: device, scale: scale, metrics: metrics)
    }

    /// `375x667` or `375×667` → a size; nil unless both parts are finite numbers > 0 and at
    /// most a million points.
    static func parseSize(_ text: String) -> Size? {
        let parts = text.lowercased().split(omittingEmptySubsequences: false) { $0 == "x" || $0 == "×" }
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]) else { return nil }
        let range = Double.leastNonzeroMagnitude...1_000_000
        guard range.contains(width), range.contains(height) else { return nil }
        return Size(width: width, height: height)
    }

    /// `393x852 (iPhone 15)`, for messages.
    var screenDescription: String {
        let size = "\(NumberText.decimal(viewport.width, places: 3))x\(NumberText.decimal(viewport.height, places: 3))"
        return device.map { "\(size) (\($0.name))" } ?? size
    }
}
