import SpecStore

/// `plumb gc`: packs the store tighter, as `git gc` does.
enum GCCommand: Command {
    static let spec = CommandSpec(
        name: "gc", usage: "", summary: "pack this store tighter (recompress its history, return free space), like git gc",
        details: "Compresses every version's packed changes, every snapshot and the head's chunks again at a slower, tighter level, then returns the space freed to the file system (SQLite's VACUUM). Contents do not change. Each step is its own transaction: interrupting it loses nothing, and the next run goes on where it stopped. Other plumb commands may wait for it. A command that writes versions also compresses one small batch of the oldest on its way out once 1,000 versions have piled up since the last run got.")

    static func run(_ arguments: ParsedArguments, context: Context) throws {
        try arguments.expect(0...0, spec)
        let report = try context.store().compact()
        context.console.print("\(try context.storeFilePath()): \(kilobytes(report.bytesBefore)) → \(kilobytes(report.bytesAfter)) (\(report.recompressed) blobs recompressed)")
    }

    private static func kilobytes(_ bytes: Int64) -> String {
        "\((bytes + 1023) / 1024) KB"
    }
}
