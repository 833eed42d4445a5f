/// A command line split by a `CommandSpec`: positionals, flags and option values.
public struct ParsedArguments {
    public private(set) var positionals: [String] = []
    public private(set) var flags: Set<String> = []
    public private(set) var options: [String: [String]] = [:]

    /// Splits `arguments` (after the command name). `--` ends options; `--name=value` works
    /// for options; anything else starting with `-` that the spec does not know is a usage error.
    public init(_ arguments: [String], spec: CommandSpec) throws(CLIError) {
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" || Double(argument) != nil {
                positionals.append(argument)
                continue
            }
            if argument == "--" { onlyPositionals = true; continue }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            name = spec.aliases[name] ?? name
            if spec.flags.contains(name) && inlineValue == nil {
                flags.insert(name)
            } else if spec.options.contains(name) {
                guard let value = inlineValue ?? (index < arguments.count ? arguments[index] : nil) else {
                    throw CLIError.usage("\(name) needs a value", command: spec)
                }
                if inlineValue == nil { index += 1 }
                options[name, default: []].append(value)
            } else {
                let known = spec.flags + spec.options
                throw CLIError.usage("unknown option \(name)" + (Suggestion.nearestOption(name, known)), command: spec)
            }
        }
    }

    public func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// The last value given for an option.
    public func value(_ option: String) -> String? { options[option]?.last }

    /// Every value given for an option.
    public func values(_ option: String) -> [String] { options[option] ?? [] }

    /// Exactly `count` positionals, or a usage error.
    public func expect(_ count: ClosedRange<Int>, _ spec: CommandSpec) throws(CLIError) {
        guard count.contains(positionals.count) else {
            let message = positionals.count < count.lowerBound ? "missing arguments" : "unexpected argument \"\(positionals[count.upperBound])\""
            throw CLIError.usage(message, command: spec)
        }
    }
}

import LayoutSpec

extension Suggestion {
    static func nearestOption(_ name: String, _ known: [String]) -> String {
        hint(for: name, in: known)
    }
}
