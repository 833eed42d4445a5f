import LayoutSpec
import SpecStore
import SpecSync

/// `plumb apply FILE`: makes a document equal to a spec file, as one new version.
enum ApplyCommand: Command {
    static let spec = CommandSpec(
        name: "apply", usage: "FILE [--doc NAME] [-m MSG] [--json]",
        summary: "import or update a document from a spec file (one new version)",
        details: """
            Only the properties that differ from the head become changes; views missing from
            the file are deleted. When nothing differs no version is made. FILE may be - (stdin).
              --doc NAME   store under NAME instead of the file's "name"
              -m MSG       the version's message (default: "Apply FILE")
            """,
        flags: ["--json"], options: ["--doc", "-m"], aliases: ["--message": "-m"])

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
        let result = try store.commit(
            document: parsed.name, message: arguments.value("-m") ?? "Apply \(path)", author: context.author, createIfMissing: true
        ) { head in
            let document = try head.resolved()
            return EditPlanner.edits(toMatch: parsed, from: document.state, projection: document.projection, orderSuffix: suffix)
        }
        VersionFormatting.committed(result, document: parsed.name, context: context, json: arguments.has("--json"))
    }
}
