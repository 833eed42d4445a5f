import FoundationEssentials
import Glibc
import SpecStore

/// `plumb init [DIR]`: makes `DIR/.plumb/store.sqlite` with a fresh site id.
enum InitCommand: Command {
    static let spec = CommandSpec(
        name: "init", usage: "[DIR]", summary: "create a store in DIR (default: here) as DIR/.plumb/",
        details: "Later commands find the store by walking up from the current folder, as git does.")

    static func run(_ arguments: ParsedArguments, context: Context) throws {
        try arguments.expect(0...1, spec)
        let directory = context.absolute(arguments.positionals.first ?? ".")
        let store = try make(in: directory, context: context)
        let folder = URL(fileURLWithPath: store.path).deletingLastPathComponent().path
        context.console.print("Initialized an empty Plumb store in \(folder) (site \(store.site.short))")
    }

    /// Makes `directory/.plumb/store.sqlite` whole (filled by `populate`, if given) or not at all:
    /// on failure nothing is left that would block a retry, not even the folders it made.
    @discardableResult
    static func make(in directory: String, context: Context, populate: ((Store) throws -> Void)? = nil) throws -> Store {
        let folder = URL(fileURLWithPath: directory).appendingPathComponent(".plumb")
        let file = Store.storeFile(inDirectory: directory)
        if FileManager.default.fileExists(atPath: file) {
            throw CLIError.failure("\(file): a store is already there")
        }
        var made: [URL] = []
        var missing = folder
        while !FileManager.default.fileExists(atPath: missing.path) && missing.path != "/" {
            made.append(missing)
            missing = missing.deletingLastPathComponent()
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw CLIError.failure("\(folder.path): cannot create the folder (\(error))")
        }
        // The context's clock (`PLUMB_NOW_MS`, for tests) from the start: filling the store merges
        // versions, and a clone from a hub checks their clocks against it.
        let now = context.environment["PLUMB_NOW_MS"].flatMap { UInt64($0) }
        do {
            let store = try Store.create(at: file, populate: populate.map { populate in
                { store in
                    if let now { store.clock = { now } }
                    try populate(store)
                }
            })
            if let now { store.clock = { now } }
            return store
        } catch {
            for url in made { try? FileManager.default.removeItem(at: url) }
            throw error
        }
    }
}
