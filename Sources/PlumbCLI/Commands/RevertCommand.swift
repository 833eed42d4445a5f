import SpecStore
import SpecSync

/// `plumb revert DOC@REV`: a new version whose state equals REV's.
enum RevertCommand: Command {
    static let spec = CommandSpec(
        name: "revert", usage: "DOC@REV [-m MSG] [--json]", summary: "make a new version equal to an earlier one",
        flags: ["--json"], options: ["-m"], aliases: ["--message": "-m"])

    static func run(_ arguments: ParsedArguments, context: Context) throws {
        try arguments.expect(1...1, spec)
        let reference = try DocumentReference(arguments.positionals[0], spec: spec)
        guard reference.revision != nil else { throw CLIError.usage("name the version to go back to: DOC@REV", command: spec) }
        let store = try context.store()
        let target = try reference.version(in: store)
        let targetState = try store.state(of: target)
        let message = arguments.value("-m") ?? "Revert to version \(target.number) (\(target.id.short))"
        let result = try store.commit(document: reference.document, message: message, author: context.author) { head in
            StateDifference.edits(from: try head.resolved().state, to: targetState)
        }
        VersionFormatting.committed(result, document: reference.document, context: context, json: arguments.has("--json"))
    }
}
