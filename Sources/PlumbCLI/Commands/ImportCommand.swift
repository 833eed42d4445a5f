import Interop
import LayoutSpec
import SpecStore
import SpecSync

/// `plumb import figma FILE`: each top-level frame of a Figma file becomes a document.
enum ImportCommand: Command {
    static let spec = CommandSpec(
        name: "import", usage: "figma FILE.json [--frame NAME|ID] [--doc NAME] [--replace] [-m MSG] [--json]",
        summary: "import the frames of a Figma file as documents (one new version each)",
        details: """
            FILE is a Figma REST API response: GET /v1/files/:key, or GET /v1/files/:key/nodes,
            or one node of either as plugins save it (- reads stdin). Every top-level frame of every page becomes a document named after
            the frame; importing a later export of the same file makes one new version per
            frame holding only what changed (views keep their ids through the Figma node id,
            stored as sourceId). What Plumb cannot express (vectors, images, effects, rotation,
            masks, boolean operations, …) stays a plain view with its frame and is counted in
            the summary. The mapping is in docs/figma.md.
              --frame NAME|ID   import only this frame (its name, or a node id such as 12:34)
              --doc NAME        store the frame under NAME (one frame only)
              --replace         overwrite a document of the same name that was not imported
                                from Figma (refused without it)
              -m MSG            the versions' message (default: "Import FILE from Figma")
              --json            print the documents, versions and summary as JSON
            """,
        flags: ["--json", "--replace"], options: ["--frame", "--doc", "-m"], aliases: ["--message": "-m"])

    /// What `import figma` reads: Figma files of 100 MB exist; they stop where specs do.
    static let figmaFile = SpecFile.Kind(expected: "a Figma file (JSON)", maxBytes: SpecFile.maxBytes)

    static func run(_ arguments: ParsedArguments, context: Context) throws {
        guard arguments.positionals.first == "figma" else {
            throw CLIError.usage(arguments.positionals.isEmpty ? "expected figma FILE.json" : "unknown format \"\(arguments.positionals[0])\"; expected figma", command: spec)
        }
        try arguments.expect(2...2, spec)
        let path = arguments.positionals[1]
        let documentName = arguments.value("--doc")
        if let documentName, !Identifier.isValid(documentName) {
            throw CLIError.usage("--doc: \"\(documentName)\" is not a document name (\(Identifier.rule))", command: spec)
        }
        // The store first: a missing or unreadable one is said before a big file is read.
        let store = try context.store()
        let progress = ProgressLine.start("import", context: context)
        defer { progress?.finish() }
        progress?.phase("reading \(path)")
        let bytes = try SpecFile.bytes(path, context: context, kind: figmaFile)
        var frames: FigmaImporter.Frames
        do {
            // The bytes are handed over (not copied): each frame's subtree is parsed from them
            // when the frame is mapped.
            frames = try FigmaImporter.open(consume bytes, file: path == "-" ? "<stdin>" : path, frame: arguments.value("--frame"))
        } catch {
            throw CLIError.failure(error.description)
        }
        if let documentName {
            guard frames.documents.count == 1 else {
                throw CLIError.usage("--doc names one document, but the file has \(frames.documents.count) top-level frames; pick one with --frame", command: spec)
            }
            frames.rename(0, to: documentName)
        }
        let message = arguments.value("-m") ?? "Import \(path) from Figma"
        // One transaction: a killed import leaves every frame or none. Each frame is mapped
        // inside it and let go once written, so the specs of every frame are never held at
        // once; a frame that cannot be mapped abandons the transaction, writing nothing.
        progress?.phase("writing \(frames.documents.count == 1 ? frames.documents[0] : "\(frames.documents.count) frames")")
        let replace = arguments.has("--replace")
        var views: [Int] = []
        var fonts = AskedFonts()
        let outcomes = try store.commit(documents: frames.documents, message: message, author: context.author,
                                        createIfMissing: true) { index, head in
            var frame: ImportedFrame
            do {
                frame = try frames.map(index)
            } catch let error as InteropError {
                throw CLIError.failure(error.description)
            }
            views.append(frame.spec.count)
            fonts.add(frame.spec)
            let document = try head.resolved()
            let sources = sourceIDs(in: document)
            if sources.isEmpty, !replace, !document.state.aliveViews.isEmpty {
                throw CLIError.failure("""
                    \(frame.document) exists and was not imported from Figma; importing would replace its views. \
                    Pass --replace to overwrite it, or --frame and --doc NAME to store the frame under another name. Nothing was written.
                    """)
            }
            frame.assignIDs(reusing: sources)
            // The file's text boxes were measured for its text: a changed text keeps the new box.
            return EditPlanner.edits(toMatch: frame.spec, from: document.state, projection: document.projection,
                                     orderSuffix: FractionalIndex.suffix(for: store.site), keepingDesignedSizes: true)
        }
        progress?.finish()
        let committed = zip(frames.documents, zip(views, outcomes)).map { (document: $0, views: $1.0, outcome: $1.1) }
        report(committed, summary: frames.summary, path: path, context: context, json: arguments.has("--json"))
        MeasurerReport.warnMissingFamilies(of: fonts, console: context.console)
    }

    /// The stored document's Figma node ids, `sourceId` → the living views holding it, in tree
    /// order (then the detached ones): a file that repeats a node id maps its n-th node of that
    /// id to the n-th view, the same ones every time.
    static func sourceIDs(in document: ResolvedDocument) -> [String: [String]] {
        var ids: [String: [String]] = [:]
        for view in document.projection.order + document.projection.detached where document.state.isAlive(view) {
            guard let text = document.state.value(view, .sourceId), case .string(let source)? = try? JSONParser.parse(text) else { continue }
            ids[source, default: []].append(view)
        }
        return ids
    }

    private static func report(_ committed: [(document: String, views: Int, outcome: CommitResult?)], summary: ImportSummary,
                               path: String, context: Context, json: Bool) {
        if json {
            let documents = committed.map { frame in
                JSONValue.object([
                    JSONMember("document", .string(frame.document)),
                    JSONMember("views", .number(Double(frame.views))),
                    JSONMember("version", frame.outcome.map { VersionFormatting.json($0.version) } ?? .null),
                ])
            }
            func counts(_ table: [String: Int]) -> JSONValue {
                .object(table.sorted { $0.key < $1.key }.map { JSONMember($0.key, .number(Double($0.value))) })
            }
            context.console.print(JSONWriter.pretty(.object([
                JSONMember("documents", .array(documents)),
                JSONMember("unexpressed", counts(summary.unexpressed)),
                JSONMember("approximated", counts(summary.approximated)),
                JSONMember("skipped", counts(summary.skipped)),
            ])))
            return
        }
        for frame in committed {
            VersionFormatting.committed(frame.outcome, document: frame.document, context: context, json: false)
        }
        let frames = committed.count == 1 ? "1 frame" : "\(committed.count) frames"
        context.console.message("imported \(frames) from \(path): \(summary.views) views")
        for line in summary.lines { context.console.message("  " + line) }
    }
}
