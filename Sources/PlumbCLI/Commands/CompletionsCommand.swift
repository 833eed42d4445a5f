import LayoutSpec

/// `plumb completions bash|zsh|fish`: a shell completion script on stdout.
enum CompletionsCommand: Command {
    static let spec = CommandSpec(
        name: "completions", usage: "bash | zsh | fish",
        summary: "print a completion script for bash, zsh or fish",
        details: """
            Completes commands, their options and subcommands, device names, formats, view kinds,
            and document names (from `plumb docs`) or files. Load it in the running shell, or
            install it where the shell looks:
              bash   source <(plumb completions bash)
                     plumb completions bash > ~/.local/share/bash-completion/completions/plumb
              zsh    source <(plumb completions zsh)          (after compinit)
                     plumb completions zsh > ~/.zfunc/_plumb  (with ~/.zfunc in $fpath)
              fish   plumb completions fish > ~/.config/fish/completions/plumb.fish
            """)

    static func run(_ arguments: ParsedArguments, context: Context) throws {
        try arguments.expect(1...1, spec)
        let name = arguments.positionals[0]
        guard let shell = CompletionScript.Shell(rawValue: name) else {
            throw CLIError.usage("unknown shell \"\(name)\" (expected bash, zsh or fish)" + Suggestion.hint(for: name, in: CompletionScript.Shell.allCases.map(\.rawValue)), command: spec)
        }
        context.console.write(CompletionScript.script(shell, commands: Plumb.commands.map { $0.spec }))
    }
}
