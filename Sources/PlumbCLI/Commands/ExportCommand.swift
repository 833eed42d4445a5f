import FoundationEssentials
import Glibc
import Interop
import LayoutSpec

/// `plumb export DOC[@REV] --format html`: a responsive page the browser lays out with CSS.
enum ExportCommand: Command {
    static let spec = CommandSpec(
        name: "export", usage: "DOC[@REV] | FILE [--format html] [-o FILE.html] [--metrics fonts|fixed]",
        summary: "write a version (or spec file) as a self-contained responsive HTML page",
        details: """
            One page, no external files: every view is a <div data-id="ID"> laid out by the
            browser with CSS that follows Plumb's rules (a view is a one-cell CSS grid, a stack
            a flexbox, a grid a CSS grid), so resizing the window lays the design out again as
            plumb resolve would at that size. Labels use the installed face Plumb measured with
            (--metrics fixed: the family as written). See docs/html-export.md.
              --format html     the only format for now (the default)
              -o FILE.html      write to FILE instead of stdout (the extension picks the
                                format, as everywhere: .html is the one export writes)
              --metrics M       fonts (default) or fixed: which measurer names faces and line heights
            """,
        options: ["--format", "-o", "--metrics"], aliases: ["--output": "-o", "-f": "--format"])

    static func run(_ arguments: ParsedArguments, context: Context) throws {
        try arguments.expect(1...1, spec)
        let output = try OutputFile.parse(arguments, allowed: [.html], spec: spec, context: context)
        let format = arguments.value("--format") ?? output.format?.rawValue ?? "html"
        guard format.lowercased() == "html" else { throw CLIError.usage("--format: expected html, got \"\(format)\"", command: spec) }
        let metricsText = arguments.value("--metrics") ?? TextMetricsChoice.fonts.rawValue
        guard let metrics = TextMetricsChoice(rawValue: metricsText) else {
            throw CLIError.usage("--metrics: expected fonts or fixed, got \"\(metricsText)\"", command: spec)
        }
        let loaded = try SpecSource.load(arguments.positionals[0], spec: spec, context: context)
        let measurer = try metrics.makeMeasurer()
        let page = HTMLExporter(spec: loaded.spec, measurer: measurer).render()
        MeasurerReport.printWarnings(of: measurer, console: context.console)
        try output.emit(page, context: context)
    }
}
