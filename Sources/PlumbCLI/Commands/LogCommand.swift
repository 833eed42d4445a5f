import LayoutSpec
import SpecStore

/// `plumb log DOC [VIEW]`: versions, newest first.
enum LogCommand: Command {
    static let spec = CommandSpec(
        name: "log", usage: "DOC [VIEW] [-n N] [--json]",
        summary: "list versions, newest first; with VIEW only those that touched it",
        flags: ["--json"], options: ["-n"], aliases: ["--max-count": "-n"])

    static func run(_ arguments: ParsedArguments, context: Context) throws {
        try arguments.expect(1...2, spec)
        let reference = try DocumentReference(arguments.positionals[0], spec: spec)
        var limit: Int?
        if let text = arguments.value("-n") {
            guard let value = Int(text), value > 0 else { throw CLIError.usage("-n: expected a whole number > 0", command: spec) }
            limit = value
        }
        let versions = try context.readStore().log(of: reference.document, view: arguments.positionals.dropFirst().first, limit: limit)
        if arguments.has("--json") {
            context.console.print(JSONWriter.pretty(.array(versions.map(VersionFormatting.json))))
        } else {
            for version in versions { context.console.print(VersionFormatting.line(version, console: context.console)) }
        }
    }
}
