import LayoutSpec
import SpecStore
import SpecSync

/// `plumb diff DOC@A [DOC@B]`: what changed between two versions (B defaults to head).
enum DiffCommand: Command {
    static let spec = CommandSpec(
        name: "diff", usage: "DOC[@A] [DOC@B | B | FILE] [--json] [--frames | --picture [-o FILE.svg|png|pdf|html|json]] [--size WxH | --device NAME]",
        summary: "property changes between two versions, or a version and a spec file (B defaults to head)",
        details: """
            With a spec FILE (an argument that is -, contains a /, or ends in .json and exists)
            the version is compared with the file: what `plumb apply FILE --doc DOC` would
            change if the version were the head. The two versions may be of two documents
            (a document and the name it had before `plumb docs mv`, say: login@1 sign-in@head).

            --json prints {"added": [ids], "removed": [ids], "moved": [ids],
                           "changed": [{"view", "property", "from", "to"}]}
            with from/to as JSON values (null when unset), added views parent first.

            \(frameHelp)

            \(pictureHelp)
            """,
        flags: ["--json", "--frames", "--picture", "--side-by-side"] + frameFlags, options: frameOptions + ["-o"],
        aliases: ["--output": "-o"])

    static func run(_ arguments: ParsedArguments, context: Context) throws {
        try arguments.expect(1...2, spec)
        var first = try DocumentReference(arguments.positionals[0], spec: spec)
        if arguments.positionals.count == 2, SpecSource.isFile(arguments.positionals[1], context: context) {
            return try runFile(first, arguments.positionals[1], arguments, context: context)
        }
        // `diff DOC` alone is the last change, as `git show` is; the first version's is everything.
        let lastChange = arguments.positionals.count == 1 && first.revision == nil
        if lastChange { first = DocumentReference(document: first.document, revision: "head~1") }
        var second = DocumentReference(document: first.document, revision: nil)
        if arguments.positionals.count == 2 {
            let text = arguments.positionals[1]
            second = text.contains("@") ? try DocumentReference(text, spec: spec) : try DocumentReference("\(first.document)@\(text)", spec: spec)
        }
        try checkFrameOptions(arguments)
        if arguments.has("--frames") && arguments.has("--picture") { throw CLIError.usage("give --frames or --picture, not both", command: spec) }
        if arguments.has("--frames") { return try runFrames(first, second, arguments, context: context) }
        if arguments.has("--picture") { return try runPicture(first, second, arguments, context: context) }
        let store = try context.readStore()
        let newVersion = try second.version(in: store)
        let difference: StateDifference
        if lastChange, try RenameHistory.versions(of: first.document, limit: 2, store: store).count < 2 {
            difference = StateDifference(from: DocumentState(), to: try store.state(of: newVersion))
        } else {
            difference = try store.difference(from: try first.version(in: store), to: newVersion)
        }
        let newSpec = difference.added.isEmpty ? nil : try SpecSource.load(newVersion, store: store, context: context, warnDetached: false).spec
        if arguments.has("--json") {
            context.console.print(JSONWriter.pretty(json(difference, newSpec: newSpec)))
        } else {
            print(difference, newSpec: newSpec, console: context.console)
        }
    }

    /// `diff DOC[@REV] FILE`: the version against a spec file, planned as `apply` plans.
    static func runFile(_ reference: DocumentReference, _ path: String, _ arguments: ParsedArguments, context: Context) throws {
        try checkFrameOptions(arguments)
        let store = try context.readStore()
        let version = try reference.version(in: store)
        let file = try SpecFile.read(path, context: context)
        if arguments.has("--frames") && arguments.has("--picture") { throw CLIError.usage("give --frames or --picture, not both", command: spec) }
        if arguments.has("--frames") {
            let old = try SpecSource.load(version, store: store, context: context)
            return try runFrames(old, LoadedSpec(spec: file, document: file.name, version: nil), arguments, context: context)
        }
        let comparison = SpecComparison(from: try store.state(of: version), toMatch: file, orderSuffix: FractionalIndex.suffix(for: store.site))
        if arguments.has("--picture") {
            let old = try SpecSource.load(version, store: store, context: context)
            return try runPicture(old, LoadedSpec(spec: file, document: file.name, version: nil), difference: comparison.difference, arguments, context: context)
        }
        if arguments.has("--json") {
            context.console.print(JSONWriter.pretty(json(comparison.difference, newSpec: file)))
        } else {
            print(comparison.difference, newSpec: file, console: context.console)
        }
    }

    /// The difference as JSON; added views in the tree order of `newSpec` (parent before
    /// child; sorted when there is no spec), as the text lists them.
    static func json(_ difference: StateDifference, newSpec: Spec?) -> JSONValue {
        func value(_ text: String?) -> JSONValue { text.flatMap(ValueText.decode) ?? .null }
        return .object([
            JSONMember("added", .array(treeOrder(difference.added, in: newSpec).map(JSONValue.string))),
            JSONMember("removed", .array(difference.removed.map(JSONValue.string))),
            JSONMember("moved", .array(difference.moved.map(JSONValue.string))),
            JSONMember("changed", .array(difference.changed.map { change in
                .object([
                    JSONMember("view", .string(change.view)),
                    JSONMember("property", .string(change.property.rawValue)),
                    JSONMember("from", value(change.from)),
                    JSONMember("to", value(change.to)),
                ])
            })),
        ])
    }

    /// The difference as lines: `+ id  (kind in parent)` for each added view, in the tree
    /// order of `newSpec` (parent before child; sorted when there is no spec), then `- id`
    /// removed, `> id moved` and `~ id.property: from → to`.
    static func print(_ difference: StateDifference, newSpec: Spec?, console: Console) {
        if difference.isEmpty { console.message("no differences"); return }
        console.print(lines: addedLines(difference, in: newSpec).map { console.colored($0, "32") }
            + difference.removed.map { console.colored("- \($0)", "31") }
            + difference.moved.map { console.colored("> \($0) moved", "36") }
            + difference.changed.map { change in
                "~ \(change.view).\(change.property.rawValue): \(TerminalText.field(change.from ?? "unset")) → \(TerminalText.field(change.to ?? "unset"))"
            })
    }

    /// `+ id  (kind in parent)` (the root: `(kind)`), in tree order.
    static func addedLines(_ difference: StateDifference, in spec: Spec?) -> [String] {
        guard let spec else { return difference.added.map { "+ \($0)" } }
        var index: [String: Int] = [:]
        for (position, view) in spec.views.enumerated() { index[view.id] = position }
        return treeOrder(difference.added, in: spec).map { id in
            guard let position = index[id] else { return "+ \(id)" }
            let parent = spec.parents[position]
            return "+ \(id)  (\(spec.views[position].kind.rawValue)" + (parent < 0 ? ")" : " in \(spec.views[parent].id))")
        }
    }

    /// `ids` in the tree order of `spec`; those it does not hold (detached) after the others,
    /// in the given (sorted) order.
    static func treeOrder(_ ids: [String], in spec: Spec?) -> [String] {
        guard let spec else { return ids }
        let wanted = Set(ids)
        let ordered = spec.views.map(\.id).filter { wanted.contains($0) }
        let inSpec = Set(ordered)
        return ordered + ids.filter { !inSpec.contains($0) }
    }
}
