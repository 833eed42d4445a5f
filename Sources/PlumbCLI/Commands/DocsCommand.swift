import LayoutSpec
import SpecStore

/// `plumb docs [rm DOC | mv OLD NEW]`: the documents in the store, and deleting or renaming one.
enum DocsCommand: Command {
    static let spec = CommandSpec(
        name: "docs", usage: "[--all] [--json] | rm DOC [-m MSG] [--json] | mv OLD NEW [-m MSG] [--json]",
        summary: "list documents; delete (rm) or rename (mv) one, keeping its history",
        details: """
            plumb docs              the documents, with their version count and head
              --all                 deleted documents too, marked (deleted)
              --json                [{"name", "versions", "head", "deleted"}]
            plumb docs rm DOC       delete DOC as a new version (every view deleted); its history
                                    and tags stay, and `plumb revert DOC@N` brings it back
            plumb docs mv OLD NEW   rename: a version of NEW holding OLD's state, its message
                                    ending "Renamed-from: OLD@ID", and a version deleting OLD;
                                    `plumb log NEW` follows into OLD's history. NEW may be a
                                    deleted document's name, not a live one's.
            Both are versions like any other edit, so they sync. See docs/cli.md.
            """,
        flags: ["--json", "--all"], options: ["-m"], aliases: ["--message": "-m", "-a": "--all"])

    static func run(_ arguments: ParsedArguments, context: Context) throws {
        switch arguments.positionals.first {
        case nil: try list(arguments, context: context)
        case "rm": try remove(arguments, context: context)
        case "mv": try rename(arguments, context: context)
        case let other?:
            throw CLIError.usage("unknown subcommand \"\(other)\" (expected rm or mv)" + Suggestion.hint(for: other, in: ["rm", "mv"]), command: spec)
        }
    }

    private static func list(_ arguments: ParsedArguments, context: Context) throws {
        if arguments.value("-m") != nil { throw CLIError.usage("-m goes with rm or mv", command: spec) }
        let store = try context.readStore()
        let all = try store.documents().map { (summary: $0, deleted: try store.isDeleted($0.name)) }
        let documents = all.filter { arguments.has("--all") || !$0.deleted }
        if arguments.has("--json") {
            context.console.print(JSONWriter.pretty(.array(documents.map { document, deleted in
                .object([
                    JSONMember("name", .string(document.name)),
                    JSONMember("versions", .number(Double(document.versions))),
                    JSONMember("head", document.head.map { .string($0.id.hex) } ?? .null),
                    JSONMember("deleted", .bool(deleted)),
                ])
            })))
            return
        }
        if documents.isEmpty {
            context.console.message(all.isEmpty ? "no documents yet (add one with `plumb apply FILE`)"
                                                 : "no documents but \(TransferReporting.plural(all.count, "deleted one")) (plumb docs --all lists them)")
        }
        let width = documents.map(\.summary.name.count).max() ?? 0
        for (document, deleted) in documents {
            // The head's id, and the last change someone made (a merge made by a sync says nothing).
            let head = document.head.map { head in
                let change = document.lastChange ?? head
                return "\(change.id.short)  \(VersionFormatting.shortTime(change.time))  \(VersionFormatting.subject(change.message))"
            } ?? ""
            let versions = String(document.versions).leftPadded(to: 4) + (document.versions == 1 ? " version " : " versions")
            context.console.print("\(document.name.rightPadded(to: width))  \(versions)  \(head)\(deleted ? "  (deleted)" : "")")
        }
    }

    private static func remove(_ arguments: ParsedArguments, context: Context) throws {
        guard arguments.positionals.count == 2 else { throw CLIError.usage("expected docs rm DOC", command: spec) }
        let document = try DocumentReference(arguments.positionals[1], spec: spec).document
        let store = try context.store()
        let result = try store.deleteDocument(document, message: arguments.value("-m") ?? "Delete document \(document)", author: context.author)
        if arguments.has("--json") {
            context.console.print(JSONWriter.pretty(VersionFormatting.json(result.version)))
            return
        }
        let version = result.version
        context.console.print("\(document): deleted in version \(version.number) (\(version.id.short)); `plumb revert \(document)@\(version.number - 1)` brings it back")
    }

    private static func rename(_ arguments: ParsedArguments, context: Context) throws {
        guard arguments.positionals.count == 3 else { throw CLIError.usage("expected docs mv OLD NEW", command: spec) }
        let old = try DocumentReference(arguments.positionals[1], spec: spec).document
        let new = arguments.positionals[2]
        guard Identifier.isValid(new) else { throw CLIError.usage("\"\(new)\" is not a document name (\(Identifier.rule))", command: spec) }
        let store = try context.store()
        let result = try store.renameDocument(old, to: new, message: arguments.value("-m") ?? "Rename \(old) to \(new)", author: context.author)
        if arguments.has("--json") {
            context.console.print(JSONWriter.pretty(.object([
                JSONMember("renamed", VersionFormatting.json(result.renamed.version)),
                JSONMember("deleted", VersionFormatting.json(result.deleted.version)),
            ])))
            return
        }
        let renamed = result.renamed.version, deleted = result.deleted.version
        context.console.print("\(old) → \(new): \(new) version \(renamed.number) (\(renamed.id.short)); \(old) deleted in version \(deleted.number) (\(deleted.id.short))")
    }
}
