import FoundationEssentials
import Glibc
import LayoutSpec
import Replication
import SpecStore
import SpecSync

/// `plumb sync PATH`: both ways with another store on this machine or a mounted disk.
enum SyncCommand: Command {
    static let spec = CommandSpec(
        name: "sync", usage: "PATH|REMOTE [--max-clock-skew SECONDS] [--json]",
        summary: "sync both ways with another store (a file or a folder holding .plumb/) or a hub (pull, then push)",
        details: """
            Each side receives the versions it lacks; concurrent edits merge per property, last
            writer wins, and the losing values are listed by `plumb conflicts DOC`. Changes
            stamped more than --max-clock-skew seconds (default 60) ahead of this machine's
            clock are refused.
            """,
        flags: ["--json"], options: ["--max-clock-skew"])

    static func run(_ arguments: ParsedArguments, context: Context) throws {
        try arguments.expect(1...1, spec)
        let skew = try TransferReporting.maxSkew(arguments, spec: spec)
        let local = try context.store()
        if let remote = try local.remote(named: arguments.positionals[0]) {
            try syncWithHub(remote, local: local, skew: skew, arguments: arguments, context: context)
            return
        }
        let remotePath = try existingStoreFile(arguments.positionals[0], context: context, remotes: try local.remotes().map(\.name))
        // The other store is only ever changed by what it receives: an older one is not upgraded
        // behind its owner's back.
        let remote = try context.open(remotePath, migrate: false)
        guard realPath(remote.path) != realPath(local.path) else { throw CLIError.failure("\(arguments.positionals[0]): that is this store") }
        let progress = ProgressLine.start("sync", context: context)
        defer { progress?.finish() }
        let report = try StoreSync.sync(local: local, remote: remote, maxClockSkew: skew, progress: TransferReporting.progress(progress))
        progress?.finish()
        if arguments.has("--json") {
            context.console.print(JSONWriter.pretty(.object([
                JSONMember("received", TransferReporting.json(report.received)),
                JSONMember("sent", TransferReporting.json(report.sent)),
            ])))
        } else {
            context.console.print(TransferReporting.summary("received", report.received))
            context.console.print(TransferReporting.summary("sent", report.sent))
        }
    }
}

/// The store file a `PATH` argument names, or an error telling a missing remote (a bare name,
/// where `remotes` could have held it) from a missing path and from a folder without a store.
func existingStoreFile(_ argument: String, context: Context, remotes: [String]?) throws -> String {
    let path = Store.storeFileOrSelf(argument, relativeTo: context.directory)
    var isDirectory = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
        guard isDirectory else { return path }
        throw CLIError.failure("\(argument): a folder without a Plumb store (no .plumb/store.sqlite or store.sqlite in it)")
    }
    if let remotes, !argument.contains("/") {
        let hint = Suggestion.nearest(to: argument, in: remotes).map { "did you mean \"\($0)\"? " } ?? ""
        let known = remotes.isEmpty ? "there are none; `plumb remote add \(argument) URL` adds one" : "\(hint)`plumb remote list` shows them"
        throw CLIError.failure("\"\(argument)\" is not a remote (\(known)), nor a path to a store (no file or folder \(context.absolute(argument)))")
    }
    throw CLIError.failure("\(argument): no such file or folder (give a store file, or a folder holding .plumb/)")
}

/// A path with links and `..` resolved, for telling whether two paths name one file.
func realPath(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
}

extension SyncCommand {
    /// `plumb sync REMOTE`: pull, then push.
    static func syncWithHub(_ remote: Remote, local: Store, skew: UInt64, arguments: ParsedArguments, context: Context) throws {
        // Pulls read from the remote's read URL when it has one (a standby), pushes go to its URL.
        let reader = try context.hub(remote.pullURL)
        let progress = ProgressLine.start("sync", context: context)
        defer { progress?.finish() }
        let pulled = try reader.pull(into: local, maxClockSkew: skew) { TransferReporting.progress(progress)?("pulling", $0, $1) }
        progress?.phase("pushing")
        let writer = remote.readURL == nil ? reader : try context.hub(remote.url)
        let pushed = try writer.push(from: local, allSites: false)
        progress?.finish()
        if arguments.has("--json") {
            context.console.print(JSONWriter.pretty(.object([
                JSONMember("pulled", HubReporting.json(pulled)),
                JSONMember("pushed", HubReporting.json(pushed)),
            ])))
        } else {
            HubReporting.pulled(pulled, from: remote, context: context)
            HubReporting.pushed(pushed, to: remote, context: context, json: false)
        }
        try HubReporting.failIfRefused(pulled)
    }
}

/// `plumb reidentify`: a new site id for a store that was copied.
enum ReidentifyCommand: Command {
    static let spec = CommandSpec(
        name: "reidentify", usage: "", summary: "give this store a new site id (after copying a store file)",
        details: "A copied store shares its original's site id, and sync refuses to merge the two. This gives the copy its own.")

    static func run(_ arguments: ParsedArguments, context: Context) throws {
        try arguments.expect(0...0, spec)
        let store = try context.store()
        let old = store.site
        let fresh = try store.reidentify()
        context.console.print("site \(old.short) → \(fresh.short)")
    }
}
