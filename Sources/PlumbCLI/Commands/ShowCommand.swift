import LayoutSpec
import SpecStore
import SpecSync

/// `plumb show DOC[@REV]`: the spec of a version, in the spec format.
enum ShowCommand: Command {
    static let spec = CommandSpec(
        name: "show", usage: "DOC[@REV] [--flat] [--json]",
        summary: "print the spec of a version (apply of it is a no-op)",
        details: """
            Prints only the properties that were set, children in order, nested by default.
              --flat   the flat shape: a "views" list, each naming its parent
              --json   the same JSON (the spec format is JSON already)
            """,
        flags: ["--flat", "--json"])

    static func run(_ arguments: ParsedArguments, context: Context) throws {
        try arguments.expect(1...1, spec)
        let reference = try DocumentReference(arguments.positionals[0], spec: spec)
        let store = try context.store()
        let result = try SpecReader.spec(of: try reference.version(in: store), store: store)
        for id in result.detached {
            context.console.warn("\(reference.document): view \"\(id)\" is not laid out: its parent is deleted, unknown or not a container")
        }
        var shape: SpecCodec.Shape = arguments.has("--flat") ? .flat : .nested
        if shape == .nested, result.spec.depth > SpecCodec.maxNestingDepth {
            context.console.warn("\(reference.document) is nested deeper than \(SpecCodec.maxNestingDepth) levels; showing the flat shape")
            shape = .flat
        }
        context.console.write(SpecCodec.encodeText(result.spec, shape: shape))
    }
}

/// Reads a stored version as a spec.
enum SpecReader {
    static func spec(of version: VersionRecord, store: Store) throws -> Materializer.Result {
        let state = try store.state(of: version)
        do {
            return try Materializer.spec(named: version.document, from: state)
        } catch {
            let name = "\(version.document)@\(version.number)"
            if state.aliveViews.isEmpty && version.number > 1 {
                throw CLIError.failure("\(name): the document is deleted in this version (plumb docs rm or mv); `plumb revert \(version.document)@\(version.number - 1)` brings it back")
            }
            throw CLIError.failure("\(name): no root view in this version")
        }
    }
}
