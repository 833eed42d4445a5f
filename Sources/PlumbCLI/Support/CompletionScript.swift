import LayoutSpec
import Pictures

/// Shell completion scripts for `plumb completions bash|zsh|fish`, made from the command table:
/// command names and summaries, each command's flags, options and subcommands, the values of
/// a few options, and document names (asked of `plumb docs` as you type) or files otherwise.
enum CompletionScript {
    enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }

    /// Options whose value is one of a fixed list.
    static var optionValues: [String: [String]] {
        [
            "--device": Device.catalog.map(\.key) + ["list"],
            "--format": ResolveCommand.Format.allCases.map(\.rawValue),
            "--metrics": TextMetricsChoice.allCases.map(\.rawValue),
            "--kind": ViewKind.allCases.map(\.rawValue),
        ]
    }

    /// Options whose value is a file.
    static let fileOptions = ["--store", "-o", "--output", "--since"]

    static func script(_ shell: Shell, commands: [CommandSpec]) -> String {
        switch shell {
        case .bash: bash(commands)
        case .zsh: zsh(commands)
        case .fish: fish(commands)
        }
    }

    /// Shell-quoted in single quotes.
    static func quoted(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }

    // MARK: bash and zsh (one shape: find the command, then complete by position)

    /// `case` arms mapping each command to its options and subcommands.
    private static func cases(_ commands: [CommandSpec], indent: String) -> String {
        commands.map { spec in
            let options = (spec.allOptions + ["--help"]).joined(separator: " ")
            return "\(indent)\(spec.name)) options=\(quoted(options)); subcommands=\(quoted(spec.subcommands.joined(separator: " "))) ;;"
        }.joined(separator: "\n")
    }

    private static func valueCases(indent: String) -> String {
        var arms = optionValues.sorted { $0.key < $1.key }.map { "\(indent)\($0.key)) values=\(quoted($0.value.joined(separator: " "))) ;;" }
        arms.append("\(indent)\(fileOptions.joined(separator: "|"))) values=@files ;;")
        return arms.joined(separator: "\n")
    }

    private static func names(_ commands: [CommandSpec]) -> String {
        (commands.map(\.name) + ["help", "completions"]).joined(separator: " ")
    }

    static func bash(_ commands: [CommandSpec]) -> String {
        """
        # bash completion for plumb. Load it with: source <(plumb completions bash)
        # or install it: plumb completions bash > ~/.local/share/bash-completion/completions/plumb
        _plumb() {
            local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
            local command="" position=0 store=() i=1
            while [ "$i" -lt "$COMP_CWORD" ]; do
                case ${COMP_WORDS[i]} in
                    --store) store=(--store "${COMP_WORDS[i+1]}"); i=$((i + 2)); continue ;;
                    -*) ;;
                    *) if [ -z "$command" ]; then command=${COMP_WORDS[i]}; else position=$((position + 1)); fi ;;
                esac
                i=$((i + 1))
            done
            local values=""
            case $prev in
        \(valueCases(indent: "        "))
            esac
            if [ "$values" = @files ]; then COMPREPLY=($(compgen -f -- "$cur")); return; fi
            if [ -n "$values" ]; then COMPREPLY=($(compgen -W "$values" -- "$cur")); return; fi
            if [ -z "$command" ]; then
                COMPREPLY=($(compgen -W "\(names(commands)) --store --help --version" -- "$cur"))
                return
            fi
            local options="" subcommands=""
            case $command in
        \(cases(commands, indent: "        "))
                help) COMPREPLY=($(compgen -W "\(names(commands)) --man" -- "$cur")); return ;;
                completions) COMPREPLY=($(compgen -W "\(Shell.allCases.map(\.rawValue).joined(separator: " "))" -- "$cur")); return ;;
            esac
            if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W "$options" -- "$cur")); return; fi
            if [ -n "$subcommands" ] && [ "$position" -eq 0 ]; then COMPREPLY=($(compgen -W "$subcommands" -- "$cur")); return; fi
            local documents
            documents=$(plumb "${store[@]}" docs 2>/dev/null | cut -d ' ' -f 1)
            COMPREPLY=($(compgen -W "$documents" -- "$cur") $(compgen -f -- "$cur"))
        }
        complete -o filenames -F _plumb plumb

        """
    }

    static func zsh(_ commands: [CommandSpec]) -> String {
        let described = (commands.map { ($0.name, $0.summary) } + [("help", "show help for a command; --man prints the manual page"),
                                                                    ("completions", "print a completion script for bash, zsh or fish")])
            .map { "        \(quoted("\($0.0):\($0.1.replacing(":", with: "\\:"))"))" }.joined(separator: "\n")
        return """
            #compdef plumb
            # zsh completion for plumb. Load it with: source <(plumb completions zsh)
            # or install it as _plumb in a folder of your $fpath: plumb completions zsh > ~/.zfunc/_plumb
            _plumb() {
                local command="" position=0 i=2
                local -a store
                while (( i < CURRENT )); do
                    case ${words[i]} in
                        --store) store=(--store "${words[i+1]}"); (( i += 2 )); continue ;;
                        -*) ;;
                        *) if [[ -z $command ]]; then command=${words[i]}; else (( position += 1 )); fi ;;
                    esac
                    (( i += 1 ))
                done
                local values=""
                case ${words[CURRENT-1]} in
            \(valueCases(indent: "        "))
                esac
                if [[ $values == @files ]]; then _files; return; fi
                if [[ -n $values ]]; then compadd -- ${=values}; return; fi
                if [[ -z $command ]]; then
                    if [[ $PREFIX == -* ]]; then compadd -- --store --help --version; return; fi
                    local -a commands
                    commands=(
            \(described)
                    )
                    _describe command commands
                    return
                fi
                local options="" subcommands=""
                case $command in
            \(cases(commands, indent: "        "))
                    help) compadd -- \(names(commands)) --man; return ;;
                    completions) compadd -- \(Shell.allCases.map(\.rawValue).joined(separator: " ")); return ;;
                esac
                if [[ $PREFIX == -* ]]; then compadd -- ${=options}; return; fi
                if [[ -n $subcommands ]] && (( position == 0 )); then compadd -- ${=subcommands}; return; fi
                compadd -- ${(f)"$(plumb $store docs 2>/dev/null | cut -d ' ' -f 1)"}
                _files
            }
            if [[ $zsh_eval_context[-1] == loadautofunc ]]; then _plumb "$@"; else compdef _plumb plumb; fi

            """
    }

    static func fish(_ commands: [CommandSpec]) -> String {
        var lines = [
            "# fish completion for plumb. Load it with: plumb completions fish | source",
            "# or install it: plumb completions fish > ~/.config/fish/completions/plumb.fish",
            "complete -c plumb -f",
            "complete -c plumb -l store -r -F -d 'the store file or folder'",
            "complete -c plumb -n __fish_use_subcommand -l help -d 'show help'",
            "complete -c plumb -n __fish_use_subcommand -l version -d 'print the version'",
        ]
        let all = commands.map { ($0.name, $0.summary) }
            + [("help", "show help for a command; --man prints the manual page"), ("completions", "print a completion script for bash, zsh or fish")]
        for (name, summary) in all {
            lines.append("complete -c plumb -n __fish_use_subcommand -a \(name) -d \(quoted(summary))")
        }
        for spec in commands {
            let seen = "__fish_seen_subcommand_from \(spec.name)"
            for option in spec.allOptions + ["--help"] {
                let takesValue = spec.options.contains(spec.aliases[option] ?? option)
                let name = option.hasPrefix("--") ? "-l \(option.dropFirst(2))" : "-s \(option.dropFirst())"
                var line = "complete -c plumb -n \(quoted(seen)) \(name)"
                if let values = optionValues[spec.aliases[option] ?? option] {
                    line += " -x -a \(quoted(values.joined(separator: " ")))"
                } else if fileOptions.contains(option) {
                    line += " -r -F"
                } else if takesValue {
                    line += " -x"
                }
                lines.append(line)
            }
            if !spec.subcommands.isEmpty {
                let noneYet = "\(seen); and not __fish_seen_subcommand_from \(spec.subcommands.joined(separator: " "))"
                lines.append("complete -c plumb -n \(quoted(noneYet)) -a \(quoted(spec.subcommands.joined(separator: " ")))")
            }
        }
        let takesNames = commands.map(\.name).joined(separator: " ")
        lines.append("complete -c plumb -n \(quoted("__fish_seen_subcommand_from help")) -a \(quoted(all.map(\.0).joined(separator: " ") + " --man"))")
        lines.append("complete -c plumb -n \(quoted("__fish_seen_subcommand_from completions")) -a \(quoted(Shell.allCases.map(\.rawValue).joined(separator: " ")))")
        lines.append("complete -c plumb -n \(quoted("__fish_seen_subcommand_from \(takesNames)")) -F -a \(quoted("(plumb docs 2>/dev/null | string split -f 1 ' ')"))")
        return lines.joined(separator: "\n") + "\n"
    }
}
