import SpecStore

/// `plumb upgrade`: brings a store written by an older Plumb up to this one's schema.
enum UpgradeCommand: Command {
    static let spec = CommandSpec(
        name: "upgrade", usage: "", summary: "bring this store up to this Plumb's schema (other commands do it too; sync asks for it)",
        details: "Write commands upgrade their own store as they open it; `plumb sync PATH` refuses a peer store of an older schema and names this command, so that only its owner changes it.")

    static func run(_ arguments: ParsedArguments, context: Context) throws {
        try arguments.expect(0...0, spec)
        let path = try context.storeFilePath()
        do {
            _ = try context.open(path, access: .read, migrate: false)
            context.console.message("\(path): already up to date")
        } catch StoreError.olderSchema(_, let found, let current) {
            _ = try context.store()
            context.console.message("\(path): upgraded from schema \(found) to \(current)")
        }
    }
}
