/// Reading `--index N` of `add` and `mv`.
enum TreePlacement {
    static func index(_ text: String?, spec: CommandSpec) throws(CLIError) -> Int? {
        guard let text else { return nil }
        guard let index = Int(text), index >= 0 else { throw CLIError.usage("--index: expected a whole number ≥ 0", command: spec) }
        return index
    }
}
