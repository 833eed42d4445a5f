import LayoutSpec
import SpecStore
import SpecSync

/// `plumb apply FILE`: makes a document equal to a spec file, as one new version.
enum ApplyCommand: Command {
    static let spec = CommandSpec(
        name: "apply", usage: "FILE [--doc NAME] [-m MSG] [--dry-run] [--json]",
        summary: "import or update a document from a spec file (one new version)",
        details: """
            Only the properties that differ from the head become changes; views missing from
            the file are deleted (with a warning naming them). When nothing differs no version
            is made. FILE may be - (stdin). Every apply ends with what it did by kind: views
            added, removed and moved, properties changed.
              --doc NAME   store under NAME instead of the file's "name"
              -m MSG       the version's message (default: "Apply FILE")
              --dry-run    print what would change, view by view (as plumb diff does), and
                           write nothing
              --json       the new version (null when nothing changed); with --dry-run the
                           difference, as plumb diff --json prints it
            """,
        flags: ["--json", "--dry-run"], options: ["--doc", "-m"], aliases: ["--message": "-m", "-n": "--dry-run"])

    static func run(_ arguments: ParsedArguments, context: Context) throws {
        try arguments.expect(1...1, spec)
        let path = arguments.positionals[0]
        // The store first: a missing or unreadable one is said before a big file is parsed.
        let store = try context.store()
        let progress = ProgressLine.start("apply", context: context)
        defer { progress?.finish() }
        progress?.phase("reading \(path)")
        // Held here only until planned: a large file's views are not kept beside the version
        // being written.
        var pending: Spec? = try readSpec(path, arguments: arguments, context: context)
        // The parsed JSON, let go view by view while the views were made, lies freed in the
        // middle of the heap; the edits made next are one block of another size.
        FreedMemory.handBack()
        let name = pending?.name ?? ""
        let suffix = FractionalIndex.suffix(for: store.site)
        if arguments.has("--dry-run"), let parsed = pending {
            progress?.finish()
            return try dryRun(parsed, store: store, suffix: suffix, context: context, json: arguments.has("--json"))
        }
        var difference = StateDifference(from: DocumentState(), to: DocumentState())
        var previous: Int?
        let result = try store.commit(
            document: name, message: arguments.value("-m") ?? "Apply \(path)", author: context.author, createIfMissing: true
        ) { head -> EditList in
            guard let spec = pending.take() else { return [] }
            progress?.phase(head.exists ? "reading \(name)" : "planning \(ProgressLine.grouped(spec.count)) views")
            let document = try head.resolved()
            progress?.phase("planning \(ProgressLine.grouped(spec.count)) views")
            let comparison = SpecComparison(from: document, toMatch: spec, orderSuffix: suffix)
            difference = comparison.difference
            previous = head.exists ? try store.head(of: name).number : nil
            progress?.phase("writing \(ProgressLine.grouped(comparison.edits.count)) changes")
            return comparison.edits
        }
        progress?.finish()
        if result != nil, let warning = SpecComparison.deletionWarning(difference, document: name, previous: previous) {
            context.console.warn(warning)
        }
        VersionFormatting.committed(result, document: name, context: context, json: arguments.has("--json"),
                                    detail: SpecComparison.summary(difference))
    }

    /// The spec in FILE, named by `--doc` when given.
    private static func readSpec(_ path: String, arguments: ParsedArguments, context: Context) throws -> Spec {
        var parsed = try SpecFile.read(path, context: context)
        if let name = arguments.value("--doc") {
            guard Identifier.isValid(name) else { throw CLIError.usage("--doc: \"\(name)\" is not a document name (\(Identifier.rule))", command: spec) }
            parsed.name = name
        }
        return parsed
    }

    /// `--dry-run`: the difference between the head (nothing, for a new document) and the file.
    private static func dryRun(_ parsed: Spec, store: Store, suffix: String, context: Context, json: Bool) throws {
        let names = try store.documentNames()
        let state = names.contains(parsed.name) ? try store.state(of: try store.head(of: parsed.name)) : DocumentState()
        let difference = SpecComparison(from: state, toMatch: parsed, orderSuffix: suffix).difference
        if json {
            context.console.print(JSONWriter.pretty(DiffCommand.json(difference, newSpec: parsed)))
        } else {
            DiffCommand.print(difference, newSpec: parsed, console: context.console)
        }
        let target = names.contains(parsed.name) ? parsed.name : "\(parsed.name) (new document)"
        context.console.message("\(target): would make \(SpecComparison.summary(difference)); nothing written (--dry-run)")
    }
}
