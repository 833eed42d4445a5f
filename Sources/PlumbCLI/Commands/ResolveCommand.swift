import FoundationEssentials
import Glibc
import LayoutEngine
import LayoutSpec
import Pictures

/// `plumb resolve DOC[@REV]|FILE`: the frames a version produces on a screen, as a table,
/// JSON or an SVG picture.
enum ResolveCommand: Command {
    static let spec = CommandSpec(
        name: "resolve", usage: "DOC[@REV] | FILE --size WxH | --device NAME [--format table|json|svg | --json] [-o FILE.json|svg|png|pdf|txt]",
        summary: "compute the frames of a version (or spec file) on a screen",
        details: """
            Lays out a stored version (head by default) or a spec file, nested or flat, and
            prints every view's frame in root coordinates, in points, parents before children.
            An argument is a file when it is -, contains a /, or ends in .json and exists.

            \(LayoutOptions.help)
              --format F        table (the default on a terminal), json (the default otherwise),
                                or svg
              --json            the same as --format json (and --device list --json lists the
                                devices as JSON)
              -o FILE           write to FILE instead of stdout, in the format its extension
                                names: .json, .svg, .txt (table), .png (the picture rasterised
                                at --scale pixels per point, 1 without it) or .pdf; any other
                                extension is a usage error
              --overlay         svg: the frames only, outlined and labelled with their ids

            json: {"document", "version" (full id; null for a file), "size": {"width", "height"},
                   "frames": [{"id", "parent" (null for the root), "x", "y", "width", "height",
                               "drawn": false (only when hidden or collapsed, or inside one),
                               "text": {"x", "y", "width", "height",
                                        "lines": [{"text", "x", "y", "width", "height"}]}}]}
                   "text" is given for labels and buttons that take space.
            table: id (indented by depth), kind, x, y, width, height, text lines.
            svg: one rect per drawn view in its backgroundColor, label text in its font; hover
                 shows ids. See docs/resolve.md.
            """,
        flags: LayoutOptions.flags + ["--overlay", "--json"],
        options: LayoutOptions.options + ["--format", "-o"],
        aliases: ["--output": "-o", "-f": "--format"])

    enum Format: String, CaseIterable {
        case table, json, svg, png, pdf
    }

    static func run(_ arguments: ParsedArguments, context: Context) throws {
        if LayoutOptions.wantsDeviceList(arguments) {
            LayoutOptions.printDeviceList(arguments, console: context.console)
            return
        }
        try arguments.expect(1...1, spec)
        let options = try LayoutOptions.parse(arguments, spec: spec, defaultDevice: nil)
        let output = try OutputFile.parse(arguments, allowed: [.json, .svg, .png, .pdf, .txt], spec: spec, context: context)
        let format = try format(arguments, output: output, console: context.console)
        if arguments.has("--overlay") && ![.svg, .png, .pdf].contains(format) {
            throw CLIError.usage("--overlay draws pictures only (svg, png, pdf)", command: spec)
        }
        let progress = ProgressLine.start("resolve", context: context)
        defer { progress?.finish() }
        progress?.phase("reading \(arguments.positionals[0])")
        let loaded = try SpecSource.load(arguments.positionals[0], spec: spec, context: context)
        let measurer = try options.metrics.makeMeasurer()

        progress?.phase("laying out \(ProgressLine.grouped(loaded.spec.count)) views")
        let layout = LayoutEngine(measurer: measurer).resolve(loaded.spec, viewport: options.viewport, scale: options.scale)
        progress?.phase("writing \(ProgressLine.grouped(loaded.spec.count)) frames")
        var picture: String {
            SVGRenderer(spec: loaded.spec, layout: layout, measurer: measurer, overlay: arguments.has("--overlay")).render()
        }
        let text: [UInt8]
        switch format {
        case .json:
            progress?.finish()
            MeasurerReport.printWarnings(of: measurer, console: context.console)
            // In pieces: the frames of a million views are never held whole as text.
            return try output.emit(context: context) { write in
                try FramesJSON.write(loaded.spec, layout: layout, document: loaded.document, versionID: loaded.version?.id.hex, to: write)
            }
        case .table: text = Array(FramesTable.render(loaded.spec, layout: layout).utf8)
        case .svg: text = Array(picture.utf8)
        case .png, .pdf:
            let bytes = try OutputFile.picture(picture, as: format == .png ? .png : .pdf, scale: options.scale)
            progress?.finish()
            MeasurerReport.printWarnings(of: measurer, console: context.console)
            // Binary formats come only from an -o extension, so there is a path.
            return try OutputFile.write(bytes, to: output.path!, context: context)
        }
        progress?.finish()
        MeasurerReport.printWarnings(of: measurer, console: context.console)
        try output.emit(bytes: text, context: context)
    }

    /// The extension of `-o`'s file, else `--format` (or `--json`), else table on a terminal
    /// and json otherwise. `--format` and the extension must agree when both are given.
    static func format(_ arguments: ParsedArguments, output: OutputFile, console: Console) throws(CLIError) -> Format {
        let fromFile: Format? = output.format.map { written in
            switch written {
            case .txt: .table
            case .svg: .svg
            case .png: .png
            case .pdf: .pdf
            default: .json
            }
        }
        if arguments.has("--json") {
            if let text = arguments.value("--format"), text.lowercased() != "json" {
                throw CLIError.usage("--json is --format json; it does not go with --format \(text)", command: spec)
            }
            if let fromFile, fromFile != .json, let path = output.path {
                throw CLIError.usage("--json disagrees with -o \(path), whose extension names \(fromFile.rawValue)", command: spec)
            }
            return .json
        }
        if let text = arguments.value("--format") {
            guard let format = Format(rawValue: text.lowercased()), [.table, .json, .svg].contains(format) else {
                throw CLIError.usage("--format: expected table, json or svg, got \"\(text)\" (PNG and PDF come from -o FILE.png or FILE.pdf)", command: spec)
            }
            if let fromFile, fromFile != format, let path = output.path {
                throw CLIError.usage("--format \(format.rawValue) disagrees with -o \(path), whose extension names \(fromFile.rawValue)", command: spec)
            }
            return format
        }
        if let fromFile { return fromFile }
        return console.isTerminal ? .table : .json
    }
}
