import SpecStore

/// `plumb tag DOC@REV NAME`.
enum TagCommand: Command {
    static let spec = CommandSpec(name: "tag", usage: "DOC[@REV] NAME", summary: "name a version")

    static func run(_ arguments: ParsedArguments, context: Context) throws {
        try arguments.expect(2...2, spec)
        let reference = try DocumentReference(arguments.positionals[0], spec: spec)
        let store = try context.store()
        let version = try reference.version(in: store)
        try store.tag(version, as: arguments.positionals[1])
        context.console.print("\(reference.document): tagged version \(version.number) (\(version.id.short)) as \(arguments.positionals[1])")
    }
}
