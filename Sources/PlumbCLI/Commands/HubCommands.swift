import LayoutSpec
import Replication
import SpecStore
import SpecSync

/// `plumb remote add NAME URL [--read-url URL] | set-url NAME … | list [-v] | remove NAME`: the
/// hubs this store syncs with, each with an optional second URL that pulls read from.
enum RemoteCommand: Command {
    static let spec = CommandSpec(
        name: "remote",
        usage: "add NAME URL [--read-url URL] | set-url NAME [URL] [--read-url URL | --no-read-url] | list [-v] | remove NAME [--json]",
        summary: "name the PostgreSQL hubs this store pushes to and pulls from",
        details: """
            URL is a postgresql:// URL; its parameters (sslmode, target_session_attrs, …) pass
            through to libpq. Pushes go to URL; pulls read from --read-url when it is set (a hot
            standby of the hub), else from URL too. set-url changes either (after a failover, say).
            `plumb remote` alone lists the remotes; -v shows where pulls and pushes go. Plumb never
            stores a password: use libpq's PGPASSFILE (~/.pgpass), a service file, or the
            environment (PGPASSWORD).
            """,
        flags: ["--json", "--verbose", "--no-read-url"], options: ["--read-url"], aliases: ["-v": "--verbose"])

    static func run(_ arguments: ParsedArguments, context: Context) throws {
        let store = try context.store()
        let subcommand = arguments.positionals.first
        if subcommand != "add" && subcommand != "set-url" && (arguments.has("--no-read-url") || arguments.value("--read-url") != nil) {
            throw CLIError.usage("--read-url and --no-read-url go with add and set-url", command: spec)
        }
        switch subcommand {
        case "add":
            try arguments.expect(3...3, spec)
            let name = arguments.positionals[1], url = arguments.positionals[2]
            guard Identifier.isValid(name) else { throw CLIError.usage("\"\(name)\" is not a remote name (\(Identifier.rule))", command: spec) }
            try RemoteURL.check(url, spec: spec)
            if arguments.has("--no-read-url") { throw CLIError.usage("--no-read-url goes with set-url", command: spec) }
            let readURL = try readURLArgument(arguments)
            try store.addRemote(Remote(name: name, url: url, readURL: readURL))
            context.console.message("added remote \(name)")
        case "set-url":
            try arguments.expect(2...3, spec)
            let name = arguments.positionals[1]
            guard let remote = try store.remote(named: name) else {
                throw CLIError.failure("no remote named \"\(name)\"" + Suggestion.hint(for: name, in: try store.remotes().map(\.name)))
            }
            let url = arguments.positionals.count == 3 ? arguments.positionals[2] : remote.url
            try RemoteURL.check(url, spec: spec)
            if arguments.has("--no-read-url") && arguments.value("--read-url") != nil {
                throw CLIError.usage("--read-url and --no-read-url exclude each other", command: spec)
            }
            guard arguments.positionals.count == 3 || arguments.has("--no-read-url") || arguments.value("--read-url") != nil else {
                throw CLIError.usage("name a new URL, --read-url URL or --no-read-url", command: spec)
            }
            let readURL = arguments.has("--no-read-url") ? nil : try readURLArgument(arguments) ?? remote.readURL
            try store.updateRemote(Remote(name: name, url: url, readURL: readURL))
            context.console.message("updated remote \(name)")
        case "list", nil:
            try arguments.expect(0...1, spec)
            list(try store.remotes(), verbose: arguments.has("--verbose"), json: arguments.has("--json"), context: context)
        case "remove":
            try arguments.expect(2...2, spec)
            try store.removeRemote(named: arguments.positionals[1])
            context.console.message("removed remote \(arguments.positionals[1])")
        default:
            throw CLIError.usage("expected add, set-url, list or remove", command: spec)
        }
    }

    /// `--read-url`, checked as URL is.
    private static func readURLArgument(_ arguments: ParsedArguments) throws(CLIError) -> String? {
        guard let readURL = arguments.value("--read-url") else { return nil }
        try RemoteURL.check(readURL, spec: spec)
        return readURL
    }

    /// `name<TAB>url` per remote; verbose, as `git remote -v` does, one line for where pulls
    /// read and one for where pushes go.
    private static func list(_ remotes: [Remote], verbose: Bool, json: Bool, context: Context) {
        if json {
            context.console.print(JSONWriter.pretty(.array(remotes.map {
                .object([JSONMember("name", .string($0.name)), JSONMember("url", .string($0.url)),
                         JSONMember("readURL", $0.readURL.map(JSONValue.string) ?? .null)])
            })))
        } else if verbose {
            for remote in remotes {
                context.console.print("\(remote.name)\t\(remote.pullURL) (pull)")
                context.console.print("\(remote.name)\t\(remote.url) (push)")
            }
        } else {
            for remote in remotes { context.console.print("\(remote.name)\t\(remote.url)") }
        }
    }
}

/// Checks a hub URL: postgresql://, and no password in it.
enum RemoteURL {
    static func check(_ url: String, spec: CommandSpec) throws(CLIError) {
        guard url.hasPrefix("postgresql://") || url.hasPrefix("postgres://") else {
            throw CLIError.usage("expected a postgresql:// URL", command: spec)
        }
        let afterScheme = url.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false).dropFirst(2).first ?? ""
        if let at = afterScheme.lastIndex(of: "@"), afterScheme[..<at].contains(":") {
            throw CLIError.usage("the URL holds a password, which Plumb never stores; put it in ~/.pgpass (PGPASSFILE) instead", command: spec)
        }
        if url.contains("password=") {
            throw CLIError.usage("the URL holds a password, which Plumb never stores; put it in ~/.pgpass (PGPASSFILE) instead", command: spec)
        }
    }

    /// A remote's URL by name, or the only remote when no name is given.
    static func resolve(_ name: String?, store: Store, spec: CommandSpec) throws -> Remote {
        let remotes = try store.remotes()
        if let name {
            guard let remote = remotes.first(where: { $0.name == name }) else {
                throw CLIError.failure("no remote named \"\(name)\"" + Suggestion.hint(for: name, in: remotes.map(\.name)))
            }
            return remote
        }
        if remotes.count == 1 { return remotes[0] }
        if let origin = remotes.first(where: { $0.name == "origin" }) { return origin }
        throw CLIError.usage(remotes.isEmpty ? "no remote yet (add one with `plumb remote add NAME URL`)" : "name the remote to use", command: spec)
    }
}

/// `plumb push [NAME]`.
enum PushCommand: Command {
    static let spec = CommandSpec(
        name: "push", usage: "[NAME] [--all-sites] [--json]",
        summary: "send this store's versions that the hub lacks",
        details: "One transaction: a retried push adds nothing twice. --all-sites also relays versions other stores made.",
        flags: ["--json", "--all-sites"])

    static func run(_ arguments: ParsedArguments, context: Context) throws {
        try arguments.expect(0...1, spec)
        let store = try context.store()
        let remote = try RemoteURL.resolve(arguments.positionals.first, store: store, spec: spec)
        let report = try context.hub(remote.url).push(from: store, allSites: arguments.has("--all-sites"))
        HubReporting.pushed(report, to: remote, context: context, json: arguments.has("--json"))
    }
}

/// `plumb pull [NAME]`.
enum PullCommand: Command {
    static let spec = CommandSpec(
        name: "pull", usage: "[NAME] [--max-clock-skew SECONDS] [--json]",
        summary: "fetch and merge the versions this store lacks from a hub",
        flags: ["--json"], options: ["--max-clock-skew"])

    static func run(_ arguments: ParsedArguments, context: Context) throws {
        try arguments.expect(0...1, spec)
        let store = try context.store()
        let remote = try RemoteURL.resolve(arguments.positionals.first, store: store, spec: spec)
        let skew = try TransferReporting.maxSkew(arguments, spec: spec)
        let hub = try context.hub(remote.pullURL)
        let progress = ProgressLine.start("pull", context: context)
        defer { progress?.finish() }
        progress?.phase("fetching from \(remote.name)")
        let report = try hub.pull(into: store, maxClockSkew: skew) { TransferReporting.progress(progress)?("pulling", $0, $1) }
        progress?.finish()
        if arguments.has("--json") {
            context.console.print(JSONWriter.pretty(HubReporting.json(report)))
        } else {
            HubReporting.pulled(report, from: remote, context: context)
        }
        try HubReporting.failIfRefused(report)
    }
}

/// `plumb hub init URL`, `plumb hub grant URL --role ROLE …` and `plumb hub revoke URL --role ROLE …`.
enum HubCommand: Command {
    static let spec = CommandSpec(
        name: "hub", usage: "init URL | grant URL --role ROLE [--site SITE]… [--document DOC]… [--read-only] | revoke URL --role ROLE [--site SITE]… [--document DOC]…",
        summary: "set up a PostgreSQL hub, or let a PostgreSQL role push and read through it",
        details: """
            init creates or upgrades the hub's tables (run it as the database owner); a hub set up
            by a newer Plumb is refused. grant lets ROLE push the changes of each --site (a site id
            from `plumb state`) and read and write each --document (all documents when none is
            given); row-level security and the hub's checks enforce both. --read-only grants
            reading only. revoke takes back each --site and --document named, or everything.
            """,
        flags: ["--read-only", "--json"], options: ["--role", "--site", "--document"])

    static func run(_ arguments: ParsedArguments, context: Context) throws {
        switch arguments.positionals.first {
        case "init":
            try arguments.expect(2...2, spec)
            let url = arguments.positionals[1]
            try RemoteURL.check(url, spec: spec)
            let applied = try context.hubType().initialize(url: url)
            context.console.message(applied == 0 ? "the hub is up to date" : "hub ready (\(TransferReporting.plural(applied, "schema step")) applied)")
        case "grant":
            try arguments.expect(2...2, spec)
            let url = arguments.positionals[1]
            try RemoteURL.check(url, spec: spec)
            guard let role = arguments.value("--role") else { throw CLIError.usage("--role is required", command: spec) }
            let sites = try siteArguments(arguments)
            let documents = arguments.values("--document").isEmpty ? ["*"] : arguments.values("--document")
            try context.hub(url).grant(role: role, sites: sites, documents: documents, readOnly: arguments.has("--read-only"))
            let what = arguments.has("--read-only") ? "read" : "push \(sites.count) site\(sites.count == 1 ? "" : "s") and read"
            context.console.message("granted \(role): \(what) \(documents == ["*"] ? "all documents" : documents.joined(separator: ", "))")
        case "revoke":
            try arguments.expect(2...2, spec)
            let url = arguments.positionals[1]
            try RemoteURL.check(url, spec: spec)
            guard let role = arguments.value("--role") else { throw CLIError.usage("--role is required", command: spec) }
            let sites = try siteArguments(arguments), documents = arguments.values("--document")
            try context.hub(url).revoke(role: role, sites: sites, documents: documents)
            let what = sites.isEmpty && documents.isEmpty ? "everything" : (sites.map { "site \($0.short)" } + documents.map { "document \($0)" }).joined(separator: ", ")
            context.console.message("revoked from \(role): \(what)")
        default:
            throw CLIError.usage("expected init, grant or revoke", command: spec)
        }
    }

    private static func siteArguments(_ arguments: ParsedArguments) throws(CLIError) -> [SiteID] {
        try arguments.values("--site").map { text throws(CLIError) -> SiteID in
            guard let site = SiteID(hex: text) else { throw CLIError.usage("--site: expected a 32-digit site id (see `plumb state`)", command: spec) }
            return site
        }
    }
}

/// How push and pull report.
enum HubReporting {
    static func pushed(_ report: PushReport, to remote: Remote, context: Context, json: Bool) {
        if json {
            context.console.print(JSONWriter.pretty(self.json(report)))
        } else {
            context.console.print("pushed \(TransferReporting.plural(report.versions, "version")) (\(TransferReporting.plural(report.changes, "change"))) in \(TransferReporting.plural(report.documents.count, "document")) to \(remote.name)")
        }
        for skipped in report.skipped {
            let what = skipped.isSite ? "site \(skipped.name.prefix(8))" : "document \(skipped.name)"
            context.console.warn("skipped \(what) (\(TransferReporting.plural(skipped.versions, "version"))): \(skipped.reason)")
        }
    }

    static func json(_ report: PushReport) -> JSONValue {
        .object([
            JSONMember("versions", .number(Double(report.versions))),
            JSONMember("changes", .number(Double(report.changes))),
            JSONMember("documents", .array(report.documents.sorted().map(JSONValue.string))),
            JSONMember("skipped", .array(report.skipped.map {
                .object([JSONMember($0.isSite ? "site" : "document", .string($0.name)), JSONMember("versions", .number(Double($0.versions))),
                         JSONMember("reason", .string($0.reason))])
            })),
        ])
    }

    static func pulled(_ report: PullReport, from remote: Remote, context: Context) {
        context.console.print(TransferReporting.summary("pulled", report.imported) + " from \(remote.name)")
    }

    static func json(_ report: PullReport) -> JSONValue {
        guard case .object(var members) = TransferReporting.json(report.imported) else { return TransferReporting.json(report.imported) }
        members.append(JSONMember("refused", .array(report.refused.map {
            .object([JSONMember("id", .string($0.id)), JSONMember("site", .string($0.site)), JSONMember("document", .string($0.document)),
                     JSONMember("firstSeq", .number(Double($0.firstSeq))), JSONMember("lastSeq", .number(Double($0.lastSeq))),
                     JSONMember("reason", .string($0.reason))])
        })))
        return .object(members)
    }

    /// A pull that met bad versions on the hub applied the rest, and then fails, naming each.
    static func failIfRefused(_ report: PullReport) throws {
        guard !report.refused.isEmpty else { return }
        let lines = report.refused.map {
            "version \($0.id.prefix(12)) of site \($0.site.prefix(8)) (document \($0.document), seqs \($0.firstSeq)…\($0.lastSeq)): \($0.reason)"
        }
        throw CLIError.failure("""
            the hub holds \(TransferReporting.plural(report.refused.count, "bad version")), not applied (everything else was; versions building on them wait):
              \(lines.joined(separator: "\n  "))
            Ask the hub's owner to delete \(report.refused.count == 1 ? "it" : "them"), and the site's owner to push again.
            """)
    }
}
