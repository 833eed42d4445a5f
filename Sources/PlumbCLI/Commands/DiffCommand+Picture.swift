import LayoutEngine
import LayoutSpec
import Pictures
import SpecStore
import SpecSync

extension DiffCommand {
    static let pictureHelp = """
        --picture draws the difference: the newer version's screen with added views green,
        removed ones red, moved or resized ones amber (the old frame dashed, an arrow from old
        to new) and property-only changes violet. -o FILE picks the format by extension: .svg
        (the default, on stdout without -o, but not to a terminal), .png (at --scale pixels
        per point, 1 without it), .pdf, .html (both pictures and the list of changes, one
        self-contained page) or .json (the list of changes). --side-by-side draws the two
        versions next to each other instead of one over the other. The screen defaults to an
        iPhone 15.
        """

    /// `diff --picture`: both versions laid out on one screen, drawn with their changes.
    static func runPicture(_ first: DocumentReference, _ second: DocumentReference, _ arguments: ParsedArguments, context: Context) throws {
        let store = try context.readStore()
        let oldVersion = try first.version(in: store), newVersion = try second.version(in: store)
        let old = try SpecSource.load(oldVersion, store: store, context: context)
        let new = try SpecSource.load(newVersion, store: store, context: context)
        let difference = StateDifference(from: try store.state(of: oldVersion), to: try store.state(of: newVersion))
        try runPicture(old, new, difference: difference, arguments, context: context)
    }

    /// `diff --picture` of two loaded specs (versions, or a version and a file) whose stored
    /// difference is `difference`.
    static func runPicture(_ old: LoadedSpec, _ new: LoadedSpec, difference: StateDifference, _ arguments: ParsedArguments, context: Context) throws {
        let options = try LayoutOptions.parse(arguments, spec: spec, defaultDevice: Device.defaultPhone)
        let output = try OutputFile.parse(arguments, allowed: [.svg, .png, .pdf, .html, .json], spec: spec, context: context)
        if !arguments.has("--json") {
            try output.refusePictureOnTerminal("the diff picture", example: "plumb diff … --picture", context: context, spec: spec)
        }
        if arguments.has("--json") && output.format != nil && output.format != .json {
            throw CLIError.usage("--json prints the list of changes; it does not go with -o \(output.path!)", command: spec)
        }
        let measurer = try options.metrics.makeMeasurer()
        let engine = LayoutEngine(measurer: measurer)
        let diff = PictureDiff(
            old: .init(spec: old.spec, layout: engine.resolve(old.spec, viewport: options.viewport, scale: options.scale), label: label(old, in: new.document)),
            new: .init(spec: new.spec, layout: engine.resolve(new.spec, viewport: options.viewport, scale: options.scale), label: label(new, in: new.document)),
            changedProperties: PictureDiff.changedProperties(difference), measurer: measurer)
        let format = arguments.has("--json") ? .json : output.format ?? .svg
        let bytes: [UInt8]
        switch format {
        case .json:
            bytes = Array((JSONWriter.pretty(pictureJSON(diff)) + "\n").utf8)
        case .html:
            let title = "\(new.document): \(diff.old.label) → \(diff.new.label) at \(options.screenDescription)"
            bytes = Array(DiffReport(diff: diff, title: title).html().utf8)
        default:
            let svg = arguments.has("--side-by-side") ? diff.sideBySideSVG(legend: true) : diff.overlaySVG(legend: true)
            bytes = try OutputFile.picture(svg, as: format, scale: options.scale)
        }
        MeasurerReport.printWarnings(of: measurer, console: context.console)
        if let path = output.path {
            try OutputFile.write(bytes, to: path, context: context)
            context.console.message("\(path): \(diff.headline) between \(diff.old.label) and \(diff.new.label) at \(options.screenDescription)")
        } else {
            context.console.write(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// `v3`, with the version's tags: `v3 (release)`, but a tag that says what the number
    /// says is not repeated (`v1`, not `v1 (v1)`); a version of another name than `document`
    /// (a diff across `docs mv`) as `login@3`, its number being that name's; a file by its
    /// spec's name.
    static func label(_ loaded: LoadedSpec, in document: String) -> String {
        guard let version = loaded.version else { return "file \(loaded.document)" }
        let number = "v\(version.number)"
        let tags = version.tags.filter { $0 != number }
        let name = version.document == document ? number : "\(version.document)@\(version.number)"
        return name + (tags.isEmpty ? "" : " (\(tags.joined(separator: ", ")))")
    }

    /// `{"from", "to", "changes": [{"view", "change", "from", "to", "properties"}], "folded"}`;
    /// `change` is added, removed, moved (moved or resized: the frames say which) or changed
    /// (properties only); `folded` names the views that only moved with an edit.
    static func pictureJSON(_ diff: PictureDiff) -> JSONValue {
        .object([
            JSONMember("from", .string(diff.old.label)),
            JSONMember("to", .string(diff.new.label)),
            JSONMember("changes", .array(diff.changes.map { change in
                .object([
                    JSONMember("view", .string(change.view)),
                    JSONMember("change", .string(change.kind.rawValue)),
                    JSONMember("from", change.from.map(FramesJSON.value) ?? .null),
                    JSONMember("to", change.to.map(FramesJSON.value) ?? .null),
                    JSONMember("properties", .array(change.properties.map(JSONValue.string))),
                ])
            })),
            JSONMember("folded", .array(diff.folded.map { .string($0.view) })),
        ])
    }
}
