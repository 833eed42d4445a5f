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
        var parsed = try SpecFile.read(path, context: context)
        if let name = arguments.value("--doc") {
            guard Identifier.isValid(name) else { throw CLIError.usage("--doc: \"\(name)\" is not a document name (\(Identifier.rule))", command: spec) }
            parsed.name = name
        }
        let store = try context.store()
        let suffix = FractionalIndex.suffix(for: store.site)
        if arguments.has("--dry-run") { return try dryRun(parsed, store: store, suffix: suffix, context: context, json: arguments.has("--json")) }
        var difference = StateDifference(from: DocumentState(), to: DocumentState())
        var previous: Int?
        let result = try store.commit(
            document: parsed.name, message: arguments.value("-m") ?? "Apply \(path)", author: context.author, createIfMissing: true
        ) { head in
            let comparison = SpecComparison(from: try head.resolved().state, toMatch: parsed, orderSuffix: suffix)
            difference = comparison.difference
            previous = head.exists ? try store.head(of: parsed.name).number : nil
            return comparison.edits
        }
        if result != nil, let warning = SpecComparison.deletionWarning(difference, document: parsed.name, previous: previous) {
            context.console.warn(warning)
        }
        VersionFormatting.committed(result, document: parsed.name, context: context, json: arguments.has("--json"),
                                    detail: SpecComparison.summary(difference))
    }

    /// `--dry-run`: the difference between the head (nothing, for a new document) and the file.
    private static func dryRun(_ parsed: Spec, store: Store, suffix: String, context: Context, json: Bool) throws {
        let names = try store.documentNames()
        let state = names.contains(parsed.name) ? try store.state(of: try store.head(of: parsed.name)) : DocumentState()
        let difference = SpecComparison(from: state, toMatch: parsed, orderSuffix: suffix).difference
        if json {
            context.console.print(JSONWriter.pretty(DiffCommand.json(difference)))
        } else {
            DiffCommand.print(difference, console: context.console)
        }
        let target = names.contains(parsed.name) ? parsed.name : "\(parsed.name) (new document)"
        context.console.message("\(target): would make \(SpecComparison.summary(difference)); nothing written (--dry-run)")
    }
}
