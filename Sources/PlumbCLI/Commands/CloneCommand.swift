import LayoutSpec
import Replication
import SpecStore
import SpecSync

/// `plumb clone SRC DIR`: a new store with its own site id holding everything SRC has, SRC being
/// another store or a hub (a `postgresql://` URL, which becomes the new store's remote `origin`).
enum CloneCommand: Command {
    static let spec = CommandSpec(
        name: "clone", usage: "SRC DIR [--origin NAME] [--max-clock-skew SECONDS]",
        summary: "make a new store in DIR holding everything SRC (a store, or a hub's URL) has, with its own site id",
        details: """
            SRC is a store (a file, or a folder holding .plumb/) or a hub's postgresql:// URL. From
            a hub, the new store gets the hub as its remote `origin` (--origin names it otherwise),
            with the same URL, and pulls every version the role may read, as `plumb pull` does
            (changes stamped more than --max-clock-skew seconds, default 60, ahead are refused).
            The store is built under a temporary name: a refused clone leaves nothing in DIR.
            """,
        options: ["--origin", "--max-clock-skew"])

    static func run(_ arguments: ParsedArguments, context: Context) throws {
        try arguments.expect(2...2, spec)
        let source = arguments.positionals[0], directory = context.absolute(arguments.positionals[1])
        if source.hasPrefix("postgresql://") || source.hasPrefix("postgres://") {
            try cloneHub(source, into: directory, arguments: arguments, context: context)
            return
        }
        if arguments.value("--origin") != nil || arguments.value("--max-clock-skew") != nil {
            throw CLIError.usage("--origin and --max-clock-skew go with a hub's URL (a store's clone takes every version as it is)", command: spec)
        }
        let store = try context.open(try existingStoreFile(source, context: context, remotes: nil), access: .read, migrate: false)
        var report = ImportReport()
        let progress = ProgressLine.start("clone", context: context)
        defer { progress?.finish() }
        progress?.phase("reading \(source)")
        // Built whole under a temporary name: a refused clone leaves nothing to block a retry.
        try InitCommand.make(in: directory, context: context) { target in
            report = try StoreSync.clone(from: store, into: target) { TransferReporting.progress(progress)?("copying", $0, $1) }
        }
        progress?.finish()
        context.console.print(TransferReporting.summary("copied", report))
    }

    /// `plumb clone URL DIR`: a new store whose remote `origin` is the hub at URL, holding every
    /// version of the hub the role may read. The hub is reached and its read grants checked
    /// before anything is made; the store is made, given its remote and filled whole, or not at all.
    private static func cloneHub(_ url: String, into directory: String, arguments: ParsedArguments, context: Context) throws {
        try RemoteURL.check(url, spec: spec)
        let name = arguments.value("--origin") ?? "origin"
        guard Identifier.isValid(name) else { throw CLIError.usage("--origin: \"\(name)\" is not a remote name (\(Identifier.rule))", command: spec) }
        let skew = try TransferReporting.maxSkew(arguments, spec: spec)
        // In `plumb`, which lacks the hub's code, this hands the whole command to `plumb-hub`.
        let hub = try context.hub(url)
        try hub.checkMayRead()
        let remote = Remote(name: name, url: url, readURL: nil)
        var report = PullReport()
        let progress = ProgressLine.start("clone", context: context)
        defer { progress?.finish() }
        progress?.phase("fetching from \(name)")
        try InitCommand.make(in: directory, context: context) { target in
            try target.addRemote(remote)
            report = try hub.pull(into: target, maxClockSkew: skew) { TransferReporting.progress(progress)?("pulling", $0, $1) }
        }
        progress?.finish()
        HubReporting.pulled(report, from: remote, context: context)
        if report.imported.versions == 0 && report.imported.waiting == 0 && report.refused.isEmpty {
            context.console.warn("the hub holds no version this role may read yet: the clone is empty")
        }
        try HubReporting.failIfRefused(report)
    }
}
