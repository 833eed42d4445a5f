import LayoutSpec
import SpecStore

/// `plumb tag DOC@REV NAME`, `tag --list [DOC]`, `tag --delete DOC NAME`.
enum TagCommand: Command {
    static let spec = CommandSpec(
        name: "tag", usage: "DOC[@REV] NAME | --list [DOC] | --delete DOC NAME [--json]",
        summary: "name a version; list or delete tags",
        details: """
            plumb tag DOC[@REV] NAME     name a version (head by default); a tag is never moved
            plumb tag --list [DOC]       every tag (of DOC, or of all documents): document, name,
                                         version number, id, time, message; DOC's include
                                         those of earlier names its history follows (docs mv)
              --json                     [{"document", "name", "version": {…as plumb log --json}}];
                                         when tagging or deleting, the version named
            plumb tag --delete DOC NAME  remove a tag (the version stays)
            Tags are local to a store: sync does not carry them.
            """,
        flags: ["--list", "--delete", "--json"], aliases: ["-l": "--list", "-d": "--delete"])

    static func run(_ arguments: ParsedArguments, context: Context) throws {
        if arguments.has("--list") && arguments.has("--delete") { throw CLIError.usage("--list and --delete do not go together", command: spec) }
        if arguments.has("--list") { return try list(arguments, context: context) }
        try arguments.expect(2...2, spec)
        let store = try context.store()
        if arguments.has("--delete") {
            let document = try DocumentReference(arguments.positionals[0], spec: spec)
            guard document.revision == nil else { throw CLIError.usage("--delete takes DOC NAME, without @REV", command: spec) }
            let version = try store.deleteTag(arguments.positionals[1], of: document.document)
            if arguments.has("--json") { return context.console.print(JSONWriter.pretty(VersionFormatting.json(version))) }
            context.console.print("\(document.document): deleted tag \(arguments.positionals[1]) (was version \(version.number), \(version.id.short))")
            return
        }
        let reference = try DocumentReference(arguments.positionals[0], spec: spec)
        let version = try reference.version(in: store)
        try store.tag(version, as: arguments.positionals[1])
        if arguments.has("--json") { return context.console.print(JSONWriter.pretty(VersionFormatting.json(try reference.version(in: store)))) }
        context.console.print("\(reference.document): tagged version \(version.number) (\(version.id.short)) as \(arguments.positionals[1])")
    }

    private static func list(_ arguments: ParsedArguments, context: Context) throws {
        try arguments.expect(0...1, spec)
        let document = try arguments.positionals.first.map { try DocumentReference($0, spec: spec).document }
        let store = try context.store()
        var tags = try store.tags(of: document)
        if let document {
            // The history follows docs mv (as log does), so do DOC's tags: an earlier name's,
            // on the versions it passed on, listed under that name (login@first-cut).
            for version in try RenameHistory.versions(of: document, store: store) where version.document != document {
                tags += version.tags.map { TagRecord(document: version.document, name: $0, version: version) }
            }
        }
        if arguments.has("--json") {
            context.console.print(JSONWriter.pretty(.array(tags.map { tag in
                .object([
                    JSONMember("document", .string(tag.document)),
                    JSONMember("name", .string(tag.name)),
                    JSONMember("version", VersionFormatting.json(tag.version)),
                ])
            })))
            return
        }
        if tags.isEmpty { context.console.message(document.map { "\($0): no tags" } ?? "no tags") }
        let width = tags.map { $0.document.count + 1 + $0.name.count }.max() ?? 0
        for tag in tags {
            let version = tag.version
            let name = "\(tag.document)@\(tag.name)".rightPadded(to: width)
            context.console.print("\(name)  \(String(version.number).leftPadded(to: 4))  \(version.id.short)  \(VersionFormatting.shortTime(version.time))  \(VersionFormatting.subject(version.message))")
        }
    }
}
