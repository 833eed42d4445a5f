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
                              "site", "changes", "tags", "lost"}]
            A version with writes that lost at a merge (plumb conflicts lists them) ends in
            [lost at a merge: VIEW.PROPERTY, VIEW (STATE), …], STATE saying what was done about
            one since (kept, restored, dismissed); in --json, "lost" is [{"view", "property",
            "settled"}] (property null for a view lost to a delete or a skipped move, settled
            null while open). A VIEW the document never had is an error.
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
        let lost = try store.lostWrites(in: versions)
        if arguments.has("--json") {
            context.console.print(JSONWriter.pretty(.array(versions.map { json($0, lost: lost[$0.id] ?? []) })))
        } else {
            context.console.print(lines: versions.map { version in
                VersionFormatting.line(version, console: context.console, document: reference.document)
                    + mark(lost[version.id] ?? [], console: context.console)
            })
        }
    }

    /// `  [lost at a merge: title.text, card (restored)]`, at most three named; empty for none.
    static func mark(_ lost: [LostWrite], console: Console) -> String {
        guard !lost.isEmpty else { return "" }
        let named = lost.prefix(3).map { write in
            TerminalText.field(write.name) + (write.settled.map { " (\($0.rawValue))" } ?? "")
        }
        let more = lost.count > 3 ? ", and \(lost.count - 3) more" : ""
        return "  " + console.colored("[lost at a merge: \(named.joined(separator: ", "))\(more)]", "31")
    }

    /// A version's JSON with `"lost"`: its writes that lost at a merge.
    static func json(_ version: VersionRecord, lost: [LostWrite]) -> JSONValue {
        guard case .object(var members) = VersionFormatting.json(version) else { return VersionFormatting.json(version) }
        members.append(JSONMember("lost", .array(lost.map { write in
            .object([
                JSONMember("view", .string(write.key.view)),
                JSONMember("property", write.key.property.isEmpty ? .null : .string(write.key.property)),
                JSONMember("settled", write.settled.map { .string($0.rawValue) } ?? .null),
            ])
        })))
        return .object(members)
    }
}
