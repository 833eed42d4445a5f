import LayoutEngine
import LayoutSpec
import Pictures

/// `plumb sheet DOC[@REV]|FILE --devices A,B,C -o FILE`: one version on several screens.
enum SheetCommand: Command {
    static let spec = CommandSpec(
        name: "sheet", usage: "DOC[@REV] | FILE [--devices A,B,C] [--landscape] [-o FILE.svg|png|pdf]",
        summary: "draw a version on several devices side by side",
        details: """
            Lays out the version (head by default) or spec file on each screen and draws them in
            a row, each captioned with its device and size.
              --devices LIST    device names or sizes, comma-separated (default:
                                \(defaultDevices));
                                --device list shows the names, WxH gives a size
              --landscape       every screen with its longer side horizontal
              --scale N         snap frames to 1/N point; a PNG gets N pixels per point (1 without)
              --metrics M       fonts (default) or fixed
              -o FILE           .svg (the default, on stdout without -o, but not to a
                                terminal), .png or .pdf
            """,
        flags: ["--landscape"], options: ["--devices", "--scale", "--metrics", "-o"],
        aliases: ["--output": "-o"])

    /// `--devices` when not given, in the option's own form.
    static let defaultDevices = "iphone-se,iphone-15,pixel-8,ipad"

    static func run(_ arguments: ParsedArguments, context: Context) throws {
        try arguments.expect(1...1, spec)
        let screens = try screens(arguments)
        let output = try OutputFile.parse(arguments, allowed: [.svg, .png, .pdf], spec: spec, context: context)
        try output.refusePictureOnTerminal("the sheet", example: "plumb sheet \(arguments.positionals[0])", context: context, spec: spec)
        // The shared options, for --scale and --metrics (the screen comes from --devices).
        let options = try LayoutOptions.parse(arguments, spec: spec, defaultDevice: Device.defaultPhone)
        let loaded = try SpecSource.load(arguments.positionals[0], spec: spec, context: context)
        let measurer = try options.metrics.makeMeasurer()
        let engine = LayoutEngine(measurer: measurer)
        let sheet = DeviceSheet(
            title: loaded.version == nil ? loaded.document : "\(loaded.document): \(DiffCommand.label(loaded, in: loaded.document))",
            screens: screens.map { screen in
                DeviceSheet.Screen(caption: screen.caption, spec: loaded.spec,
                                   layout: engine.resolve(loaded.spec, viewport: screen.size, scale: options.scale))
            },
            measurer: measurer)
        let svg = sheet.render()
        MeasurerReport.printWarnings(of: measurer, console: context.console)
        guard let path = output.path, let format = output.format else {
            context.console.write(svg)
            return
        }
        try OutputFile.write(try OutputFile.picture(svg, as: format, scale: options.scale), to: path, context: context)
    }

    /// The screens `--devices` names, turned by `--landscape`.
    static func screens(_ arguments: ParsedArguments) throws(CLIError) -> [(caption: String, size: Size)] {
        let list = (arguments.value("--devices") ?? defaultDevices).split(separator: ",").map { String($0).trimmed }
        guard !list.isEmpty, list.count <= 24 else {
            throw CLIError.usage("--devices: expected 1 to 24 device names or sizes, comma-separated", command: spec)
        }
        return try list.map { item throws(CLIError) in
            var size: Size
            var name: String?
            if let device = Device.named(item) {
                size = device.size
                name = device.name
            } else if let parsed = LayoutOptions.parseSize(item) {
                size = parsed
            } else {
                let hint = Suggestion.hint(for: item, in: Device.catalog.map(\.key))
                throw CLIError.usage("--devices: unknown device \"\(item)\"\(hint); --device list on resolve shows the known ones, WxH gives a size", command: spec)
            }
            if arguments.has("--landscape"), size.height > size.width { size = Size(width: size.height, height: size.width) }
            let points = "\(NumberText.decimal(size.width))×\(NumberText.decimal(size.height))"
            return (name.map { "\($0) · \(points)" } ?? points, size)
        }
    }
}

private extension String {
    var trimmed: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
