import Foundation
import SpecStore

/// `plumb init [DIR]`: makes `DIR/.plumb/store.sqlite` with a fresh site id.
enum InitCommand: Command {
    static let spec = CommandSpec(
        name: "init", usage: "[DIR]", summary: "create a store in DIR (default: here) as DIR/.plumb/",
        details: "Later commands find the store by walking up from the current folder, as git does.")

    static func run(_ arguments: ParsedArguments, context: Context) throws {
        try arguments.expect(0...1, spec)
        let directory = context.absolute(arguments.positionals.first ?? ".")
        let folder = URL(fileURLWithPath: directory).appendingPathComponent(".plumb")
        let file = Store.storeFile(inDirectory: directory)
        if FileManager.default.fileExists(atPath: file) {
            throw CLIError.failure("\(file): a store is already there")
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw CLIError.failure("\(folder.path): cannot create the folder (\(error.localizedDescription))")
        }
        let store = try Store.create(at: file)
        context.console.print("Initialized an empty Plumb store in \(folder.path) (site \(store.site.short))")
    }
}
