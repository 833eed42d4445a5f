import PackagePlugin

/// Embeds the target's `Migrations/NNNN_name.sql` files into the binary as a generated Swift
/// source, so a built `plumb` carries its schema wherever it is copied. (SpecStore gets the
/// store's migrations, Replication the hub's, each through a `Migrations` link in its folder.)
@main
struct EmbedMigrationsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target.sourceModule else { return [] }
        let inputs = module.sourceFiles(withSuffix: "sql").map(\.url).sorted { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedMigrations.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) migrations",
                executable: try context.tool(named: "EmbedMigrations").url,
                arguments: [output.path, target.name] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output]
            ),
        ]
    }
}
