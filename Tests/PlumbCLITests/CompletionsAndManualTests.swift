import Foundation
@testable import PlumbCLI
import Testing

/// `plumb completions bash|zsh|fish` (run in the real shells) and `plumb help --man` (the
/// committed `docs/plumb.1` is the generated page, and groff reads it without a warning).
@Suite struct CompletionsAndManualTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs a shell script in `folder` with the built `plumb` first on PATH; stdout and stderr.
    static func shell(_ shell: String, _ script: String, in folder: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: shell)
        process.arguments = ["-c", script]
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = PlumbRunner.executable.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["PLUMB_STORE"] = nil
        environment["HOME"] = folder.path
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test(arguments: [
        ("plumb app", "apply"),
        ("plumb apply --dr", "--dry-run"),
        ("plumb docs r", "rm"),
        ("plumb bundle ", "apply create"),
        ("plumb resolve login --device ipad-", "ipad-mini ipad-pro-11 ipad-pro-12.9"),
        ("plumb resolve login --format s", "svg"),
        ("plumb add login x --kind st", "stack"),
        ("plumb completions f", "fish"),
        ("plumb help --m", "--man"),
        ("plumb --store .plumb/store.sqlite show lo", "login login.json"),
        ("plumb set log", "login login.json"),
    ])
    func bashCompletes(_ line: String, _ expected: String) throws {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        #expect(plumb.run("apply", plumb.write("login.json", loginSpec)).status == 0)
        plumb.write("plumb.bash", plumb.run("completions", "bash").stdout)
        let words = line.split(separator: " ", omittingEmptySubsequences: false).map { "'\($0)'" }.joined(separator: " ")
        let script = """
            source ./plumb.bash
            COMP_WORDS=(\(words)); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            _plumb
            printf '%s\\n' "${COMPREPLY[@]}" | sort | tr '\\n' ' '
            """
        let result = try Self.shell("/bin/bash", script, in: plumb.folder)
        #expect(result.status == 0)
        #expect(result.output.trimmingCharacters(in: .whitespaces) == expected, "\(line): \(result.output)")
    }

    @Test func zshAndFishScriptsParse() throws {
        let plumb = PlumbRunner()
        for (shell, check) in [("zsh", "/usr/bin/zsh"), ("fish", "/usr/bin/fish")] {
            guard FileManager.default.isExecutableFile(atPath: check) else {
                Issue.record("\(check) is missing: Tools/install-deps.sh installs it")
                continue
            }
            let file = plumb.write("plumb.\(shell)", plumb.run("completions", shell).stdout)
            let result = try Self.shell(check, "\(check) -n \(file)", in: plumb.folder)
            #expect(result.status == 0 && result.output.isEmpty, "\(shell): \(result.output)")
        }
        // fish loads it and completes a command and a subcommand from it.
        let fish = try Self.shell("/usr/bin/fish", "plumb completions fish | source; complete -C 'plumb comp'; complete -C 'plumb docs '", in: plumb.folder)
        #expect(fish.output.contains("completions\tprint a completion script"), "\(fish.output)")
        #expect(fish.output.contains("rm\n") && fish.output.contains("mv\n"), "\(fish.output)")
        // zsh loads it after compinit without an error.
        let zsh = try Self.shell("/usr/bin/zsh", "autoload -U compinit && compinit -u && source <(plumb completions zsh) && whence -w _plumb", in: plumb.folder)
        #expect(zsh.output.contains("_plumb: function"), "\(zsh.output)")
        let unknown = plumb.run("completions", "tcsh")
        #expect(unknown.status == 64 && unknown.stderr.contains("unknown shell \"tcsh\" (expected bash, zsh or fish)"))
    }

    @Test func theCommittedManualPageIsTheGeneratedOne() throws {
        let generated = PlumbRunner().run("help", "--man")
        #expect(generated.status == 0)
        let committed = try String(contentsOf: Self.repository.appendingPathComponent("docs/plumb.1"), encoding: .utf8)
        #expect(committed == generated.stdout, "docs/plumb.1 is out of date: run `swift run plumb help --man > docs/plumb.1`")
        for command in ["apply", "docs", "tag", "completions", "resolve"] {
            #expect(generated.stdout.contains(".SS \"plumb \(command) "))
        }
    }

    @Test func groffReadsTheManualPageWithoutWarnings() throws {
        let plumb = PlumbRunner()
        let page = plumb.write("plumb.1", plumb.run("help", "--man").stdout)
        let result = try Self.shell("/bin/sh", "groff -man -Tutf8 -P-cbou -ww \(page)", in: plumb.folder)
        #expect(result.status == 0)
        #expect(result.output.contains("plumb apply FILE [--doc NAME] [-m MSG] [--dry-run] [--json]"), "\(result.output.prefix(2000))")
        #expect(!result.output.contains("troff:"), "\(result.output.prefix(2000))")
    }

    @Test func helpTopics() {
        let plumb = PlumbRunner()
        #expect(plumb.run("help", "apply").stdout.hasPrefix("usage: plumb apply FILE"))
        let unknown = plumb.run("help", "aply")
        #expect(unknown.status == 64 && unknown.stderr == "plumb help: unknown command \"aply\" (did you mean \"apply\"?); `plumb help` lists the commands\n")
    }

    /// Each command is found by its own name: no two share one.
    @Test func everyCommandIsFoundByItsName() {
        #expect(Set(Plumb.commandNames).count == Plumb.commands.count)
        for command in Plumb.commands {
            #expect(Plumb.command(named: command.spec.name).map(ObjectIdentifier.init) == ObjectIdentifier(command))
        }
    }
}
