import FoundationEssentials
import Glibc
import SpecStore

/// `plumb serve`: the local studio in the browser, until interrupted.
enum ServeCommand: Command {
    static let spec = CommandSpec(
        name: "serve", usage: "[--port N] [--host ADDRESS] [--open] [--metrics fonts|fixed]",
        summary: "open the store in a local web studio (pictures, diffs, devices, conflicts)",
        details: """
            Serves the store at http://127.0.0.1:PORT/ until Ctrl-C and prints the address with
            this run's token (?token=…): open that. Pages follow the store live when other
            commands write it. See docs/studio.md.
              --port N          the port (default 4600; 0 picks a free one)
              --host ADDRESS    the address to listen on (default 127.0.0.1, this machine only)
              --open            open the address in the default browser (xdg-open)
              --metrics M       fonts (default) or fixed, as for resolve
            """,
        flags: ["--open"], options: ["--port", "--host", "--metrics"])

    static let defaultPort: UInt16 = 4600

    static func run(_ arguments: ParsedArguments, context: Context) throws {
        try arguments.expect(0...0, spec)
        var port = defaultPort
        if let text = arguments.value("--port") {
            guard let value = UInt16(text) else { throw CLIError.usage("--port: expected a port number from 0 to 65535, got \"\(text)\"", command: spec) }
            port = value
        }
        let host = arguments.value("--host") ?? "127.0.0.1"
        let metricsText = arguments.value("--metrics") ?? TextMetricsChoice.fonts.rawValue
        guard let metrics = TextMetricsChoice(rawValue: metricsText) else {
            throw CLIError.usage("--metrics: expected fonts or fixed, got \"\(metricsText)\"", command: spec)
        }
        let studioType = try context.studioType()
        _ = try metrics.makeMeasurer()  // fail now, with the CLI's message, if there are no fonts
        let storePath = try context.store().path
        // Signals are taken by sigwait below, in this thread only: block them before the
        // server's threads start, so they inherit the mask.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &signals, nil)

        let settings = StudioSettings(
            storePath: storePath, author: context.author, host: host, port: port,
            openStore: { [environment = context.environment, directory = context.directory] path in
                try Context(environment: environment, directory: directory, console: Console.silent, storePath: nil).open(path)
            },
            makeMeasurer: { try metrics.makeMeasurer() })
        let studio: any StudioServing
        do {
            studio = try studioType.serve(settings)
        } catch {
            pthread_sigmask(SIG_UNBLOCK, &signals, nil)
            switch error {
            case .badHost(let message): throw CLIError.usage(message, command: spec)
            case .cannotListen(let message): throw CLIError.failure(message + (port != 0 ? " (another studio? --port 0 picks a free port)" : ""))
            case .failed(let message): throw CLIError.failure(message)
            }
        }
        if !["127.0.0.1", "::1", "localhost"].contains(host) {
            context.console.warn("listening on \(host): anybody who can reach it and has the address with its token can read and change the store")
        }
        context.console.message("Plumb studio for \(storePath); Ctrl-C stops it.")
        context.console.print(studio.url)
        let opener = arguments.has("--open") ? openBrowser(studio.url, context: context) : nil
        var received: Int32 = 0
        sigwait(&signals, &received)
        studio.stop()
        if let opener { unlink(opener) }
        context.console.message("stopped")
    }

    /// Opens the studio in the default browser without putting the token in a command line,
    /// which any user of the machine can read (`/proc/PID/cmdline`): `xdg-open` is given a page
    /// in a file only this user can read, which goes on to the address with the token. Returns
    /// the file, removed when the studio stops; nil (with a warning) when the browser cannot be
    /// started.
    private static func openBrowser(_ url: String, context: Context) -> String? {
        let folder = context.environment["XDG_RUNTIME_DIR"] ?? context.environment["TMPDIR"] ?? "/tmp"
        var template = Array("\(folder)/plumb-studio-XXXXXX.html".utf8CString)
        let descriptor = mkstemps(&template, 5)  // made with mode 0600
        guard descriptor >= 0 else {
            context.console.warn("cannot open a browser: \(FileSystem.describe(errno)) in \(folder); open the address yourself")
            return nil
        }
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let page = """
            <!DOCTYPE html>
            <meta charset="utf-8">
            <meta http-equiv="refresh" content="0;url=\(url)">
            <title>Plumb studio</title>
            <a href="\(url)">Open the Plumb studio</a>

            """
        let bytes = Array(page.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == bytes.count else {
            unlink(path)
            context.console.warn("cannot open a browser: the page for it could not be written in \(folder); open the address yourself")
            return nil
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        let words: [String] = ["xdg-open", "file://" + path]
        let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawnp(&child, "xdg-open", &actions, nil, arguments, environ)
        guard status == 0 else {
            unlink(path)
            context.console.warn("cannot open a browser (xdg-open): \(FileSystem.describe(status)); open the address yourself")
            return nil
        }
        return path
    }
}

extension Console {
    /// A console that prints nothing: for contexts that only open stores.
    static var silent: Console {
        Console(out: { _ in }, err: { _ in }, isTerminal: false, errorIsTerminal: false, useColor: false)
    }
}
