import LayoutSpec
import SpecStore
import SpecSync

/// `plumb site`: this store's site id and name; `site name NAME` gives it one, which travels
/// with sync; `site list` names every store whose changes this one holds.
enum SiteCommand: Command {
    static let spec = CommandSpec(
        name: "site", usage: "[--json] | name NAME | list [--json]",
        summary: "show this store's site id and name, name it (shown for its work in every store it syncs with), or list every store this one knows",
        details: """
            Every store is a site with a random id; its changes carry the id. A name ("Anna's
            laptop", "CI") is what people see instead: plumb conflicts, the studio and every
            store this one syncs with (store files, bundles, a hub) show it wherever a site
            would be named by its id. Only the store itself sets its name (a hub lets a role
            set only the names of the sites it may push); the latest name wins everywhere.
            plumb site name "" takes the name back. A name is at most 64 bytes, with no control
            characters and no space at either end.
            """,
        flags: ["--json"])

    static func run(_ arguments: ParsedArguments, context: Context) throws {
        switch arguments.positionals.first {
        case "name":
            try arguments.expect(2...2, spec)
            let store = try context.store()
            try store.setName(arguments.positionals[1])
            let name = arguments.positionals[1]
            context.console.print(name.isEmpty ? "site \(store.site.short) has no name now" : "site \(store.site.short) is now named \(TerminalText.field(name))")
        case "list":
            try arguments.expect(1...1, spec)
            let store = try context.readStore()
            let names = SiteNames(try store.siteNames())
            var sites = Set(try store.knowledge().sorted.map(\.0))
            sites.insert(store.site)
            let rows = sites.sorted { $0.hex < $1.hex }.map { (site: $0, name: names[$0], isThis: $0 == store.site) }
            if arguments.has("--json") {
                context.console.print(JSONWriter.pretty(.array(rows.map(json))))
            } else {
                context.console.print(lines: rows.map { row in
                    "\(row.site.short)  \(row.name.map(TerminalText.field) ?? "(no name)")\(row.isThis ? "  (this store)" : "")"
                })
            }
        case nil:
            try arguments.expect(0...0, spec)
            let store = try context.readStore()
            let name = try store.name(of: store.site)
            if arguments.has("--json") {
                context.console.print(JSONWriter.pretty(json((store.site, name, true))))
            } else {
                context.console.print("site \(store.site.short)" + (name.map { " \(TerminalText.field($0))" } ?? " (no name: plumb site name NAME gives it one)"))
            }
        case let word?:
            throw CLIError.usage("unknown subcommand \(TerminalText.field(word)); expected name or list", command: spec)
        }
    }

    static func json(_ row: (site: SiteID, name: String?, isThis: Bool)) -> JSONValue {
        .object([
            JSONMember("site", .string(row.site.hex)),
            JSONMember("name", row.name.map(JSONValue.string) ?? .null),
            JSONMember("this", .bool(row.isThis)),
        ])
    }
}
