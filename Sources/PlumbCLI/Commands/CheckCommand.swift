import Pictures
import LayoutEngine
import LayoutSpec

/// `plumb check DOC[@REV]|FILE`: layout problems at one screen size, one per line.
enum CheckCommand: Command {
    static let spec = CommandSpec(
        name: "check", usage: "DOC[@REV] | FILE [--size WxH | --device NAME] [--json] [--strict] [--no-overlap]",
        summary: "warn about layout problems at a screen size (default: an iPhone 15)",
        details: """
            Lays out the version (head by default) or spec file and prints one warning per line,
            e.g. "login: ok: width 100 is ignored: horizontalAlignment is fill". The checks:
              size-on-fill       width/height on a fill axis that the slot overrides at this size
                                 (and any width/height on the root, which takes the screen)
              margin-on-root     a margin on the root, which takes the whole screen anyway
              min-above-max      minWidth above maxWidth, minHeight above maxHeight (min wins)
              below-padding      width, height or a maximum below the padding on its axis (the
                                 view is never smaller than its padding)
              outside-grid       row/column past a grid's tracks or a span running past them;
                                 row/column/spans on a child of something that is not a grid
              text-does-not-fit  a label's or button's lines dropped or truncated, or taller than
                                 the label, at this size
              overlap            drawn siblings the layout places that overlap: children of a
                                 stack or grid, and children of a view that do not fill it on
                                 both axes (one that does is a background, meant to be drawn over)
              detached           (stored versions) a view a merge cut off from the document: a
                                 concurrent delete above it; see `plumb conflicts DOC`
            Hidden and collapsed views are not checked for text and overlaps.

            \(LayoutOptions.help)
              --json            a JSON array of {"document", "view", "check", "message"}
              --strict          exit 1 when there are warnings
              --no-overlap      leave out the overlap check

            Exit status: 0 whether or not there are warnings (they are findings, not failures),
            unless --strict; 1 when the document or file cannot be read; 64 for usage errors.
            """,
        flags: LayoutOptions.flags + ["--json", "--strict", "--no-overlap"],
        options: LayoutOptions.options)

    static func run(_ arguments: ParsedArguments, context: Context) throws {
        if LayoutOptions.wantsDeviceList(arguments) {
            LayoutOptions.printDeviceList(arguments, console: context.console)
            return
        }
        try arguments.expect(1...1, spec)
        let options = try LayoutOptions.parse(arguments, spec: spec, defaultDevice: Device.defaultPhone)
        let loaded = try SpecSource.load(arguments.positionals[0], spec: spec, context: context, warnDetached: false)
        let measurer = try options.metrics.makeMeasurer()
        let layout = LayoutEngine(measurer: measurer).resolve(loaded.spec, viewport: options.viewport, scale: options.scale)
        let detached = zip(loaded.detached, loaded.detachedReasons).map { view, reason in
            LayoutWarning(view: view, check: .detached, message: "\(reason); it is not laid out (`plumb conflicts \(loaded.document)`)")
        }
        let warnings = detached + LayoutChecker(spec: loaded.spec, layout: layout, measurer: measurer).warnings(overlaps: !arguments.has("--no-overlap"))
        MeasurerReport.printWarnings(of: measurer, console: context.console)

        let console = context.console
        if arguments.has("--json") {
            console.print(JSONWriter.pretty(.array(warnings.map { $0.json(document: loaded.document) })))
        } else {
            console.print(lines: warnings.map { $0.line(document: loaded.document) })
        }
        let count = warnings.isEmpty ? "no warnings" : "\(warnings.count) warning\(warnings.count == 1 ? "" : "s")"
        console.message("\(loaded.document) at \(options.screenDescription): \(count)")
        if arguments.has("--strict") && !warnings.isEmpty {
            throw CLIError.failure("\(count) (--strict)")
        }
    }
}
