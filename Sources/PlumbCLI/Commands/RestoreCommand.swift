import LayoutSpec
import SpecStore

/// `plumb restore DOC VIEW [--from REV]`: a deleted view back with its subtree, as a new version.
enum RestoreCommand: Command {
    static let spec = CommandSpec(
        name: "restore", usage: "DOC VIEW [--from REV] [-m MSG] [--json]",
        summary: "bring a deleted view back with its subtree (one new version)",
        details: """
            Takes VIEW and everything under it as it was in REV (default: the latest version
            whose document has VIEW), and the views above it that are gone, so it hangs from the
            root again. Views added under it since stay. `plumb conflicts DOC` names the REV that
            undoes each loss.
            """,
        flags: ["--json"], options: ["--from", "-m"], aliases: ["--message": "-m"])

    static func run(_ arguments: ParsedArguments, context: Context) throws {
        try arguments.expect(2...2, spec)
        let document = try DocumentReference.document(arguments.positionals[0], spec: spec)
        let view = arguments.positionals[1]
        guard Identifier.isValid(view) else { throw CLIError.usage("\"\(view)\" is not a view id (\(Identifier.rule))", command: spec) }
        let store = try context.store()
        let result = try store.restore(document: document, view: view, from: arguments.value("--from"), message: arguments.value("-m"),
                                       author: context.author)
        if result.commit != nil, !arguments.has("--json") {
            context.console.message("\(document): \(view) restored as in version \(result.source.number) (\(result.source.id.short))")
        }
        VersionFormatting.committed(result.commit, document: document, context: context, json: arguments.has("--json"))
    }
}
