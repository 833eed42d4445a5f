import FoundationEssentials
import Glibc
import LayoutSpec
import Replication
import SpecStore
import SpecSync

/// `plumb bundle create|apply`: versions in a file, for mail, USB or git.
enum BundleCommand: Command {
    static let spec = CommandSpec(
        name: "bundle", usage: "create [DOC…] [--since PEER-STATE] -o FILE | apply FILE [--json]",
        summary: "write versions to a file, or apply such a file",
        details: """
            create writes every version (of DOC… only, when given) the peer lacks: --since takes a
            file written by `plumb state -o FILE` on the peer, or a bundle the peer made (which
            records what the peer held). apply is harmless to repeat and takes bundles in any
            order: versions whose base has not arrived wait in the store. The format is in
            docs/bundle-format.md.
            """,
        flags: ["--json"], options: ["--since", "-o", "--max-clock-skew"], aliases: ["--output": "-o"])

    /// Largest bundle (or peer state) file read, in bytes: bundles are read whole.
    static let maxBytes = 2 << 30

    static func run(_ arguments: ParsedArguments, context: Context) throws {
        switch arguments.positionals.first {
        case "create": try create(arguments, context: context)
        case "apply": try apply(arguments, context: context)
        default: throw CLIError.usage("expected create or apply", command: spec)
        }
    }

    private static func create(_ arguments: ParsedArguments, context: Context) throws {
        guard let output = arguments.value("-o") else { throw CLIError.usage("-o FILE is required", command: spec) }
        let documents = Array(arguments.positionals.dropFirst())
        let store = try context.readStore()
        for name in documents { _ = try store.head(of: name) }
        let since = try arguments.value("--since").map { try PeerState.read($0, context: context) } ?? VersionVector()
        let progress = ProgressLine.start("bundle", context: context)
        defer { progress?.finish() }
        progress?.phase("reading versions")
        let bundle = try BundleFile.make(from: store, documents: documents, since: since)
        let changes = bundle.payloads.reduce(0) { $0 + $1.changes.count }
        progress?.phase("writing \(TransferReporting.plural(bundle.payloads.count, "version")) (\(TransferReporting.plural(changes, "change"))) to \(output)")
        let bytes = bundle.encoded()
        try FileSystem.writeAtomically(bytes, to: context.absolute(output), shown: output)
        progress?.finish()
        context.console.print("wrote \(TransferReporting.plural(bundle.payloads.count, "version")) (\(TransferReporting.plural(changes, "change"))) to \(output), \(bytes.count) bytes")
    }

    private static func apply(_ arguments: ParsedArguments, context: Context) throws {
        try arguments.expect(2...2, spec)
        let path = arguments.positionals[1]
        let progress = ProgressLine.start("bundle", context: context)
        defer { progress?.finish() }
        progress?.phase("reading \(path)")
        let bundle: BundleFile
        do {
            bundle = try BundleFile(decoding: try FileSystem.read(context.absolute(path), shown: path, expected: "a bundle file", limit: maxBytes))
        } catch let error as BundleError {
            throw CLIError.failure("\(path): \(error)")
        }
        let store = try context.store()
        let skew = try TransferReporting.maxSkew(arguments, spec: spec)
        let report = try store.importVersions(bundle.payloads, maxClockSkew: skew) { TransferReporting.progress(progress)?("applying", $0, $1) }
        try store.importResolutions(bundle.resolutions)
        try store.importSiteNames(bundle.names)
        progress?.finish()
        if arguments.has("--json") {
            context.console.print(JSONWriter.pretty(TransferReporting.json(report)))
        } else {
            context.console.print(TransferReporting.summary("applied", report))
        }
    }
}

/// `plumb state [-o FILE]`: what this store holds, for a peer's `bundle create --since`.
enum StateCommand: Command {
    static let spec = CommandSpec(
        name: "state", usage: "[-o FILE] [--json]", summary: "print what this store holds (for a peer's bundle create --since)",
        details: """
            Prints {"plumbState": 1, "site", "knowledge": {SITE: SEQ, …}}: JSON always, so --json
            changes nothing (it is accepted as on every read).
            """,
        flags: ["--json"], options: ["-o"], aliases: ["--output": "-o"])

    static func run(_ arguments: ParsedArguments, context: Context) throws {
        try arguments.expect(0...0, spec)
        let store = try context.readStore()
        let text = JSONWriter.pretty(PeerState.json(site: store.site, knowledge: try store.knowledge())) + "\n"
        if let output = arguments.value("-o") {
            try FileSystem.writeAtomically(Array(text.utf8), to: context.absolute(output), shown: output)
        } else {
            context.console.write(text)
        }
    }
}

/// The peer state file: `{"plumbState": 1, "site": HEX, "knowledge": {SITE: SEQ, …}}`.
enum PeerState {
    static func json(site: SiteID, knowledge: VersionVector) -> JSONValue {
        .object([
            JSONMember("plumbState", .number(1)),
            JSONMember("site", .string(site.hex)),
            JSONMember("knowledge", .object(knowledge.sorted.map { JSONMember($0.site.hex, .number(Double($0.seq))) })),
        ])
    }

    /// Reads a state file or a bundle's recorded knowledge.
    static func read(_ path: String, context: Context) throws -> VersionVector {
        let bytes = try FileSystem.read(context.absolute(path), shown: path, expected: "a state file or a bundle", limit: BundleCommand.maxBytes)
        if bytes.starts(with: BundleFile.magic) {
            do { return try BundleFile(decoding: bytes).knowledge } catch { throw CLIError.failure("\(path): \(error)") }
        }
        guard let json = try? JSONParser.parse(bytes), json["plumbState"] == .number(1), case .object(let members)? = json["knowledge"] else {
            throw CLIError.failure("\(path): not a peer state (write one with `plumb state -o FILE`) or a bundle")
        }
        var vector = VersionVector()
        for member in members {
            guard let site = SiteID(hex: member.key), case .number(let seq) = member.value, seq >= 0, seq < 1e15, seq == seq.rounded() else {
                throw CLIError.failure("\(path): bad entry \"\(member.key)\"")
            }
            vector[site] = Int64(seq)
        }
        return vector
    }
}
