import Pictures
import LayoutEngine
import LayoutSpec
import SpecStore

extension DiffCommand {
    /// The options `diff` takes only with `--frames`.
    static let frameFlags = LayoutOptions.flags
    static let frameOptions = LayoutOptions.options

    static let frameHelp = """
        --frames compares geometry instead: both versions are laid out on one screen and every
        view whose frame changed is listed (~ id: from → to), with + for added and - for removed
        views. --json then prints {"frames": [{"id", "from": {"x", "y", "width", "height"} | null,
        "to": … | null}]}. The screen defaults to an iPhone 15 (393x852).
        \(LayoutOptions.help)
        """

    /// `diff --frames`: lays out both versions with one measurer and compares frames.
    static func runFrames(_ first: DocumentReference, _ second: DocumentReference, _ arguments: ParsedArguments, context: Context) throws {
        let store = try context.readStore()
        let old = try SpecSource.load(try first.version(in: store), store: store, context: context)
        let new = try SpecSource.load(try second.version(in: store), store: store, context: context)
        try runFrames(old, new, arguments, context: context)
    }

    /// `diff --frames` of two loaded specs (versions or a file).
    static func runFrames(_ old: LoadedSpec, _ new: LoadedSpec, _ arguments: ParsedArguments, context: Context) throws {
        let options = try LayoutOptions.parse(arguments, spec: spec, defaultDevice: Device.defaultPhone)
        let measurer = try options.metrics.makeMeasurer()
        let engine = LayoutEngine(measurer: measurer)
        let difference = FrameDifference(
            old: (old.spec, engine.resolve(old.spec, viewport: options.viewport, scale: options.scale)),
            new: (new.spec, engine.resolve(new.spec, viewport: options.viewport, scale: options.scale)))
        MeasurerReport.printWarnings(of: measurer, console: context.console)
        if arguments.has("--json") {
            context.console.print(JSONWriter.pretty(difference.json))
        } else if difference.entries.isEmpty {
            context.console.message("no frame changes at \(options.screenDescription)")
        } else {
            context.console.print(lines: difference.lines(console: context.console))
        }
    }

    /// Refuses layout options without `--frames` or `--picture`, and picture options without
    /// `--picture`.
    static func checkFrameOptions(_ arguments: ParsedArguments) throws(CLIError) {
        if !arguments.has("--picture") {
            if arguments.value("-o") != nil { throw CLIError.usage("-o goes with --picture", command: spec) }
            if arguments.has("--side-by-side") { throw CLIError.usage("--side-by-side goes with --picture", command: spec) }
        }
        guard !arguments.has("--frames") && !arguments.has("--picture") else { return }
        for option in frameOptions where arguments.value(option) != nil {
            throw CLIError.usage("\(option) goes with --frames or --picture", command: spec)
        }
        for flag in frameFlags where arguments.has(flag) {
            throw CLIError.usage("\(flag) goes with --frames or --picture", command: spec)
        }
    }
}
