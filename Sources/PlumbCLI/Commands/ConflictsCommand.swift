import LayoutSpec
import SpecStore
import SpecSync

/// `plumb conflicts DOC`: concurrent writes that lost at a merge.
enum ConflictsCommand: Command {
    static let spec = CommandSpec(
        name: "conflicts", usage: "DOC [--json] [--clear]",
        summary: "list properties where a concurrent write lost at a merge (--clear forgets them)",
        details: """
            --json prints [{"view", "property", "winner": {"value", "site", "hlc"}, "loser": {…}}];
            hlc is the hybrid clock reading (Unix milliseconds × 65536 + counter) as a decimal
            string, since it does not fit a JSON number exactly.
            """,
        flags: ["--json", "--clear"])

    static func run(_ arguments: ParsedArguments, context: Context) throws {
        try arguments.expect(1...1, spec)
        let document = try DocumentReference(arguments.positionals[0], spec: spec).document
        let store = try context.store()
        if arguments.has("--clear") {
            let count = try store.clearConflicts(of: document)
            context.console.message("\(document): cleared \(TransferReporting.plural(count, "conflict"))")
            return
        }
        let conflicts = try store.conflicts(of: document)
        if arguments.has("--json") {
            context.console.print(JSONWriter.pretty(.array(conflicts.map(json))))
            return
        }
        if conflicts.isEmpty { context.console.message("\(document): no conflicts") }
        for conflict in conflicts {
            context.console.print("\(conflict.view).\(conflict.property): \(TerminalText.field(conflict.winner.value ?? "unset")) (site \(conflict.winner.stamp.site.short), \(time(conflict.winner))) won over \(TerminalText.field(conflict.loser.value ?? "unset")) (site \(conflict.loser.stamp.site.short), \(time(conflict.loser)))")
        }
    }

    static func json(_ conflict: Conflict) -> JSONValue {
        func side(_ side: Conflict.Side) -> JSONValue {
            .object([
                JSONMember("value", side.value.flatMap(ValueText.decode) ?? .null),
                JSONMember("site", .string(side.stamp.site.hex)),
                JSONMember("hlc", .string(String(side.stamp.hlc.rawValue))),
            ])
        }
        return .object([
            JSONMember("view", .string(conflict.view)),
            JSONMember("property", .string(conflict.property)),
            JSONMember("winner", side(conflict.winner)),
            JSONMember("loser", side(conflict.loser)),
        ])
    }

    private static func time(_ side: Conflict.Side) -> String {
        VersionFormatting.shortTime(Int64(side.stamp.hlc.milliseconds))
    }
}
