import FoundationEssentials
import Glibc
import LayoutSpec
import Replication
import SpecStore
import SpecSync

/// A `plumb` subcommand.
protocol Command: SendableMetatype {
    static var spec: CommandSpec { get }
    static func run(_ arguments: ParsedArguments, context: Context) throws
}

/// The `plumb` command line: global options, dispatch, and the one place errors become exit
/// statuses (0 ok, 1 failure, 64 usage).
public enum Plumb {
    public static let version = "0.1.0"

    /// Every command, in the order help lists them; each is named by its spec.
    static let commands: [any Command.Type] = [
        InitCommand.self, DemoCommand.self, ApplyCommand.self, SetCommand.self, AddCommand.self, RemoveCommand.self,
        MoveCommand.self, DocsCommand.self, ShowCommand.self, LogCommand.self, DiffCommand.self, TagCommand.self,
        RevertCommand.self, ResolveCommand.self, CheckCommand.self, SheetCommand.self, SyncCommand.self,
        BundleCommand.self, StateCommand.self, CloneCommand.self, ConflictsCommand.self, SiteCommand.self, ReidentifyCommand.self,
        RemoteCommand.self, PushCommand.self, PullCommand.self, HubCommand.self, ImportCommand.self,
        ExportCommand.self, CompletionsCommand.self, RestoreCommand.self, UpgradeCommand.self, GCCommand.self,
        ServeCommand.self,
    ]

    /// The command named `name`, if there is one.
    static func command(named name: String) -> (any Command.Type)? {
        commands.first { $0.spec.name == name }
    }

    /// Every command's name.
    static var commandNames: [String] { commands.map { $0.spec.name } }

    /// Runs one command line (without the program name) and returns the exit status.
    /// `hub`: the PostgreSQL hub's code (`plumb-hub`, the tests); `studio`: the studio's
    /// (`plumb-studio`). Without one, a command that needs it is run whole by the program
    /// beside this one that has it (in this process's working directory, on its standard
    /// streams), and its exit status is returned.
    public static func run(_ arguments: [String], environment: [String: String], directory: String, console: Console,
                           hub: (any HubAccess.Type)? = nil, studio: (any StudioServing.Type)? = nil) -> Int32 {
        let commandLine = arguments
        var arguments = arguments
        var storePath: String?
        do {
            storePath = try takeStoreOption(&arguments)
        } catch {
            console.message("plumb: \(TerminalText.escaped(String(describing: error)))")
            return ExitStatus.usage
        }
        guard let name = arguments.first else {
            console.message(overview)
            return ExitStatus.usage
        }
        if name == "--version" || name == "version" {
            console.print("plumb \(version)")
            return written(ExitStatus.success, console: console, prefix: "plumb")
        }
        if name == "--help" || name == "-h" || name == "help" {
            return written(help(Array(arguments.dropFirst()), console: console), console: console, prefix: "plumb help")
        }
        guard let command = Self.command(named: name) else {
            let hint = Suggestion.hint(for: name, in: commandNames)
            console.message("plumb: unknown command \(JSONWriter.quote(name))\(hint); `plumb help` lists the commands")
            return ExitStatus.usage
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            console.print(command.spec.help)
            return written(ExitStatus.success, console: console, prefix: "plumb \(name)")
        }
        let context = Context(environment: environment, directory: directory, console: console, storePath: storePath)
        context.hubAccess = hub
        context.studioServing = studio
        do {
            let parsed = try ParsedArguments(rest, spec: command.spec)
            do {
                try command.run(parsed, context: context)
            } catch let handOver as HandOver {
                return try HelperProgram.beside(handOver.program).handOver(commandLine, environment: environment)
            }
            try console.checkOutput()
            context.compactIfDue()
            return ExitStatus.success
        } catch let error as CLIError {
            switch error {
            case .usage(let message, let spec):
                console.message("plumb \(name): \(TerminalText.escaped(message))")
                console.message((spec ?? command.spec).usageLine)
                return ExitStatus.usage
            case .failure(let message):
                console.message("plumb \(name): \(TerminalText.escaped(message))")
                return ExitStatus.failure
            }
        } catch {
            console.message("plumb \(name): \(TerminalText.escaped(String(describing: error)))")
            return ExitStatus.failure
        }
    }

    /// `status`, or a failure when stdout did not take all of the output (a full disk, a closed
    /// descriptor): the same check a command's run ends with.
    private static func written(_ status: Int32, console: Console, prefix: String) -> Int32 {
        do {
            try console.checkOutput()
            return status
        } catch {
            console.message("\(prefix): \(error)")
            return ExitStatus.failure
        }
    }

    /// Why the command line cannot be read as text, or `nil`: an argument that is not valid
    /// UTF-8 (Plumb's files and stores hold UTF-8, and `apply` refuses invalid UTF-8 too).
    public static func argumentEncodingProblem(_ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, count: Int) -> String? {
        for index in 1..<max(1, count) {
            guard let pointer = argv[index] else { continue }
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
            var decoder = UTF8()
            var iterator = bytes.makeIterator()
            var offset = 0
            decoding: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): offset += UTF8.width(scalar)
                case .emptyInput: break decoding
                case .error:
                    let shown = TerminalText.field(String(decoding: bytes, as: UTF8.self))
                    return "argument \(index) (\(shown)) is not valid UTF-8 (bad byte at offset \(offset)). Plumb keeps text as UTF-8: check the shell's quoting or the terminal's encoding."
                }
            }
        }
        return nil
    }

    /// `plumb help [COMMAND | --man]`.
    private static func help(_ arguments: [String], console: Console) -> Int32 {
        guard let topic = arguments.first else {
            console.print(overview)
            return ExitStatus.success
        }
        if topic == "--man" {
            console.write(ManPage.render(commands: commands.map { $0.spec }))
        } else if let command = Self.command(named: topic) {
            console.print(command.spec.help)
        } else {
            let hint = Suggestion.hint(for: topic, in: commandNames)
            console.message("plumb help: unknown command \(JSONWriter.quote(topic))\(hint); `plumb help` lists the commands")
            return ExitStatus.usage
        }
        return ExitStatus.success
    }

    /// Removes `--store PATH` (anywhere on the line) and returns PATH.
    private static func takeStoreOption(_ arguments: inout [String]) throws(CLIError) -> String? {
        var path: String?
        var index = 0
        while index < arguments.count {
            if arguments[index] == "--" { break }
            if arguments[index] == "--store" {
                guard index + 1 < arguments.count else { throw CLIError.usage("--store needs a path", command: nil) }
                path = arguments[index + 1]
                arguments.removeSubrange(index...index + 1)
            } else if arguments[index].hasPrefix("--store=") {
                path = String(arguments[index].dropFirst("--store=".count))
                arguments.remove(at: index)
            } else {
                index += 1
            }
        }
        return path
    }

    static var overview: String {
        let width = commands.map { $0.spec.name.count }.max() ?? 0
        let lines = commands.map { "  \($0.spec.name.rightPadded(to: width + 2))\($0.spec.summary)" }
        let options = globalOptions.map { "  \($0.0.rightPadded(to: 16))\($0.1)" }
        return """
            usage: plumb [--store PATH] COMMAND [ARGUMENTS]

            Plumb keeps UI layout specs under version control.

            Commands:
            \(lines.joined(separator: "\n"))

            Global options:
            \(options.joined(separator: "\n"))

            \(revisionHelp)
            `plumb help COMMAND` (or `plumb COMMAND --help`) shows a command's help; `plumb help --man`
            prints the manual page.
            """
    }

    /// The manual page's one-line description.
    static let tagline = "keep UI layout specs under version control, sync them, and resolve them into frames"

    static let description = """
        Plumb keeps UI layout specs (JSON trees of views) in a SQLite store, property by property:
        every version of every document is kept, compared, tagged and restorable. Stores sync
        with each other directly, through bundle files, or through a PostgreSQL hub, merging
        concurrent edits per property (the later edit wins; the loser is kept as a conflict).
        Any version resolves into exact frames on any screen size, as a table, JSON or an SVG
        picture.

        Data goes to standard output, messages to standard error. Every read command takes
        --json, every command --help. Colour is used only on a terminal, and never with NO_COLOR
        set.
        """

    static let globalOptions: [(String, String)] = [
        ("--store PATH", "the store: a store file, or a folder holding .plumb/ (default: PLUMB_STORE, else .plumb/store.sqlite found by walking up from here)"),
        ("--help, -h", "help for plumb, or for the command it follows"),
        ("--version", "print the version"),
    ]

    static let environmentHelp: [(String, String)] = [
        ("PLUMB_STORE", "the store, when --store is not given"),
        ("PLUMB_AUTHOR", "the author of new versions; else USER, else LOGNAME, else the account's name"),
        ("NO_COLOR", "no colour in output, even on a terminal"),
        ("PGPASSWORD, PGPASSFILE, PGSERVICEFILE", "libpq's ways to give a hub's password (Plumb never stores one)"),
    ]

    static let exitStatuses: [(String, String)] = [
        ("0", "success (plumb check: also when it found warnings, unless --strict)"),
        ("1", "failure: bad input, a missing document or version, a refused sync, …"),
        ("64", "usage error: an unknown command or option, missing arguments"),
    ]

    static let revisionHelp = "REV is a local version number, a tag, a version id prefix (7+ hex digits), head or head~N."
}
