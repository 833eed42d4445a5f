import Pictures
import Foundation
import LayoutEngine
import LayoutSpec

/// `plumb resolve DOC[@REV]|FILE`: the frames a version produces on a screen, as a table,
/// JSON or an SVG picture.
enum ResolveCommand: Command {
    static let spec = CommandSpec(
        name: "resolve", usage: "DOC[@REV] | FILE --size WxH | --device NAME [--format table|json|svg | --json] [-o FILE]",
        summary: "compute the frames of a version (or spec file) on a screen",
        details: """
            Lays out a stored version (head by default) or a spec file, nested or flat, and
            prints every view's frame in root coordinates, in points, parents before children.
            An argument is a file when it is -, contains a /, or ends in .json and exists.

            \(LayoutOptions.help)
              --format F        table (the default on a terminal), json (the default otherwise),
                                or svg; with -o and no --format, the file's extension decides
              --json            the same as --format json (and --device list --json lists the
                                devices as JSON)
              -o FILE           write to FILE instead of stdout
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
        case table, json, svg
    }

    static func run(_ arguments: ParsedArguments, context: Context) throws {
        if LayoutOptions.wantsDeviceList(arguments) {
            LayoutOptions.printDeviceList(arguments, console: context.console)
            return
        }
        try arguments.expect(1...1, spec)
        let options = try LayoutOptions.parse(arguments, spec: spec, defaultDevice: nil)
        let output = arguments.value("-o").flatMap { $0 == "-" ? nil : $0 }
        let format = try format(arguments, output: output, console: context.console)
        if arguments.has("--overlay") && format != .svg { throw CLIError.usage("--overlay draws on the svg format only", command: spec) }
        let loaded = try SpecSource.load(arguments.positionals[0], spec: spec, context: context)
        let measurer = try options.metrics.makeMeasurer()

        let layout = LayoutEngine(measurer: measurer).resolve(loaded.spec, viewport: options.viewport, scale: options.scale)
        let text: String = switch format {
        case .json: FramesJSON.render(loaded.spec, layout: layout, document: loaded.document, versionID: loaded.version?.id.hex)
        case .table: FramesTable.render(loaded.spec, layout: layout)
        case .svg: SVGRenderer(spec: loaded.spec, layout: layout, measurer: measurer, overlay: arguments.has("--overlay")).render()
        }
        MeasurerReport.printWarnings(of: measurer, console: context.console)
        if let output {
            try OutputFile.write(text, to: output, context: context)
        } else {
            context.console.write(text)
        }
    }

    /// `--format`, else the extension of `-o`'s file, else table on a terminal and json
    /// otherwise.
    static func format(_ arguments: ParsedArguments, output: String?, console: Console) throws(CLIError) -> Format {
        if arguments.has("--json") {
            if let text = arguments.value("--format"), text.lowercased() != "json" {
                throw CLIError.usage("--json is --format json; it does not go with --format \(text)", command: spec)
            }
            return .json
        }
        if let text = arguments.value("--format") {
            guard let format = Format(rawValue: text.lowercased()) else {
                throw CLIError.usage("--format: expected table, json or svg, got \"\(text)\"", command: spec)
            }
            return format
        }
        if let output {
            switch URL(fileURLWithPath: output).pathExtension.lowercased() {
            case "svg": return .svg
            case "txt": return .table
            default: return .json
            }
        }
        return console.isTerminal ? .table : .json
    }
}

/// Writing a command's output to `-o FILE`: whole or not at all.
enum OutputFile {
    static func write(_ text: String, to path: String, context: Context) throws {
        let url = URL(fileURLWithPath: context.absolute(path))
        do {
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw CLIError.failure("\(path): cannot write: \(error.localizedDescription)")
        }
    }
}
