/// What a command accepts: its name, usage line, summary, flags and options.
public struct CommandSpec: Sendable {
    public let name: String
    /// The part after `plumb NAME`, e.g. `DOC[@REV] [--json]`.
    public let usage: String
    public let summary: String
    /// Long help, shown by `--help` below the usage line.
    public let details: String
    /// Flags without a value, e.g. `--json`. Short aliases map to the long name.
    public let flags: [String]
    /// Options that take a value, e.g. `--doc`. Repeating one collects every value.
    public let options: [String]
    public let aliases: [String: String]

    public init(name: String, usage: String, summary: String, details: String = "", flags: [String] = [],
                options: [String] = [], aliases: [String: String] = [:]) {
        self.name = name
        self.usage = usage
        self.summary = summary
        self.details = details
        self.flags = flags
        self.options = options
        self.aliases = aliases
    }

    /// `usage: plumb NAME USAGE`.
    public var usageLine: String { "usage: plumb \(name) \(usage)" }

    /// Words that pick a subcommand (`bundle create`, `docs rm`): the first word of each
    /// `|`-separated form of the usage when it is a plain lowercase word
    /// (hyphens allowed inside: `set-url`).
    public var subcommands: [String] {
        usage.components(separatedBy: " | ").compactMap { form in
            let word = form.split(separator: " ").first.map(String.init) ?? ""
            let isWord = word.first.map { $0 >= "a" && $0 <= "z" } == true && word.allSatisfy { ($0 >= "a" && $0 <= "z") || $0 == "-" }
            return isWord ? word : nil
        }
    }

    /// Every flag and option, long names and their aliases, sorted (for completions).
    public var allOptions: [String] {
        Array(Set(flags + options + Array(aliases.keys))).sorted()
    }

    /// The full `--help` text.
    public var help: String {
        var text = "\(usageLine)\n\n\(summary)\n"
        if !details.isEmpty { text += "\n\(details)\n" }
        return text
    }
}
