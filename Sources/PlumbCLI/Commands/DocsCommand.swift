import LayoutSpec
import SpecStore

/// `plumb docs`: the documents in the store.
enum DocsCommand: Command {
    static let spec = CommandSpec(name: "docs", usage: "[--json]", summary: "list documents", flags: ["--json"])

    static func run(_ arguments: ParsedArguments, context: Context) throws {
        try arguments.expect(0...0, spec)
        let documents = try context.readStore().documents()
        if arguments.has("--json") {
            context.console.print(JSONWriter.pretty(.array(documents.map { document in
                .object([
                    JSONMember("name", .string(document.name)),
                    JSONMember("versions", .number(Double(document.versions))),
                    JSONMember("head", document.head.map { .string($0.id.hex) } ?? .null),
                ])
            })))
            return
        }
        if documents.isEmpty { context.console.message("no documents yet (add one with `plumb apply FILE`)") }
        let width = documents.map(\.name.count).max() ?? 0
        for document in documents {
            let head = document.head.map { "\($0.id.short)  \(VersionFormatting.shortTime($0.time))  \($0.message)" } ?? ""
            context.console.print("\(document.name.rightPadded(to: width))  \(String(document.versions).leftPadded(to: 4)) versions  \(head)")
        }
    }
}
