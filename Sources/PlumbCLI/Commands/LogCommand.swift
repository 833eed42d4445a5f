import LayoutSpec
import SpecStore

/// `plumb log DOC [VIEW]`: versions, newest first, following renames.
enum LogCommand: Command {
    static let spec = CommandSpec(
        name: "log", usage: "DOC [VIEW] [-n N] [--no-follow] [--json]",
        summary: "list versions, newest first; with VIEW only those that touched it",
        details: """
            A document made by `plumb docs mv OLD DOC` continues into OLD's history (its first
            version's message ends "Renamed-from: OLD@ID"), as git log --follow does; versions
            of OLD are numbered OLD@N. --no-follow lists DOC's own versions only.
              -n N          at most N versions
              --json        [{"document", "number", "id", "kind", "message", "author", "time",
                              "site", "changes", "tags"}]
            A VIEW the document never had is an error.
            """,
        flags: ["--json", "--no-follow"], options: ["-n"], aliases: ["--max-count": "-n"])

    static func run(_ arguments: ParsedArguments, context: Context) throws {
        try arguments.expect(1...2, spec)
        let reference = try DocumentReference(arguments.positionals[0], spec: spec)
        var limit: Int?
        if let text = arguments.value("-n") {
            guard let value = Int(text), value > 0 else { throw CLIError.usage("-n: expected a whole number > 0", command: spec) }
            limit = value
        }
        let store = try context.readStore()
        let view = arguments.positionals.dropFirst().first
        if let view, try !store.hasView(view, in: reference.document) {
            let hint = Suggestion.hint(for: view, in: try store.viewIDs(of: reference.document))
            throw CLIError.failure("\(reference.document): no view \"\(view)\"" + hint)
        }
        let versions = arguments.has("--no-follow")
            ? try store.log(of: reference.document, view: view, limit: limit)
            : try RenameHistory.versions(of: reference.document, view: view, limit: limit, store: store)
        if arguments.has("--json") {
            context.console.print(JSONWriter.pretty(.array(versions.map(VersionFormatting.json))))
        } else {
            context.console.print(lines: versions.map { VersionFormatting.line($0, console: context.console, document: reference.document) })
        }
    }
}
