import LayoutSpec
import SpecStore
import SpecSync

/// `plumb conflicts DOC`: concurrent work that lost at a merge, property writes and structure.
enum ConflictsCommand: Command {
    static let spec = CommandSpec(
        name: "conflicts", usage: "DOC [--json] [--clear]",
        summary: "list concurrent work that lost at a merge: property writes, and views lost to a delete or a skipped move (--clear forgets them)",
        details: """
            Each line says what won, what lost, and for work lost to a delete the command that
            brings it back (plumb restore DOC VIEW --from REV). --json prints an array of
            entries, each with a "kind": "property", "deleted", "added-under-deleted",
            "moved-under-deleted", "edited-under-deleted" or "move-skipped" (docs/sync.md has
            every field). hlc is the hybrid clock reading (Unix milliseconds × 65536 + counter)
            as a decimal string, since it does not fit a JSON number exactly.
            """,
        flags: ["--json", "--clear"])

    static func run(_ arguments: ParsedArguments, context: Context) throws {
        try arguments.expect(1...1, spec)
        let document = try DocumentReference.document(arguments.positionals[0], spec: spec)
        if arguments.has("--clear") {
            let count = try context.store().clearConflicts(of: document)
            context.console.message("\(document): cleared \(TransferReporting.plural(count, "conflict"))")
            return
        }
        let store = try context.readStore()
        let properties = try store.conflicts(of: document)
        let structural = try store.structuralConflicts(of: document).map { conflict in
            (conflict, try store.losingVersion(of: conflict, in: document))
        }
        if arguments.has("--json") {
            let entries = properties.map(json) + structural.map { json($0.0, version: $0.1, document: document) }
            context.console.print(JSONWriter.pretty(.array(entries)))
            return
        }
        if properties.isEmpty && structural.isEmpty { context.console.message("\(document): no conflicts") }
        context.console.print(lines: properties.map { conflict in
            "\(conflict.view).\(conflict.property): \(TerminalText.field(conflict.winner.value ?? "unset")) (site \(conflict.winner.stamp.site.short), \(time(conflict.winner.stamp))) won over \(TerminalText.field(conflict.loser.value ?? "unset")) (site \(conflict.loser.stamp.site.short), \(time(conflict.loser.stamp)))"
        } + structural.map { conflict, version in line(conflict, version: version, document: document) })
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
            JSONMember("kind", .string("property")),
            JSONMember("view", .string(conflict.view)),
            JSONMember("property", .string(conflict.property)),
            JSONMember("winner", side(conflict.winner)),
            JSONMember("loser", side(conflict.loser)),
        ])
    }

    static func json(_ conflict: StructuralConflict, version: VersionRecord?, document: String) -> JSONValue {
        var members = [JSONMember("kind", .string(conflict.kind.rawValue)), JSONMember("view", .string(conflict.view))]
        members.append(conflict.kind == .moveSkipped ? JSONMember("parent", .string(conflict.cause)) : JSONMember("deleted", .string(conflict.cause)))
        members.append(JSONMember("winner", .object([
            JSONMember("view", .string(conflict.winnerView)),
            JSONMember("site", .string(conflict.winner.site.hex)),
            JSONMember("hlc", .string(String(conflict.winner.hlc.rawValue))),
        ])))
        members.append(JSONMember("loser", .object([
            JSONMember("site", .string(conflict.loser.site.hex)),
            JSONMember("hlc", .string(String(conflict.loser.hlc.rawValue))),
            JSONMember("version", version.map { .string($0.id.hex) } ?? .null),
            JSONMember("changes", .object(conflict.lost.map { JSONMember($0.property.rawValue, $0.value.flatMap(ValueText.decode) ?? .null) })),
        ])))
        members.append(JSONMember("restore", restoreCommand(conflict, version: version, document: document).map(JSONValue.string) ?? .null))
        return .object(members)
    }

    /// The command that undoes the loss: restore the view from the losing version.
    static func restoreCommand(_ conflict: StructuralConflict, version: VersionRecord?, document: String) -> String? {
        guard conflict.isRestorable else { return nil }
        return "plumb restore \(document) \(conflict.view)" + (version.map { " --from \($0.id.short)" } ?? "")
    }

    static func line(_ conflict: StructuralConflict, version: VersionRecord?, document: String) -> String {
        let restore = restoreCommand(conflict, version: version, document: document).map { "; restore: \($0)" } ?? ""
        return conflict.sentence(side: { "site \($0.site.short) (\(time($0)))" }, text: TerminalText.field) + restore
    }

    private static func time(_ stamp: Stamp) -> String {
        VersionFormatting.shortTime(Int64(stamp.hlc.milliseconds))
    }
}
