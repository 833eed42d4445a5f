/// A command's failure, mapped to an exit status in one place (`Plumb.run`).
public enum CLIError: Error, CustomStringConvertible {
    /// The command line is wrong: exit 64, with the command's usage line.
    case usage(String, command: CommandSpec?)
    /// The command could not do its job: exit 1.
    case failure(String)

    public var description: String {
        switch self {
        case .usage(let message, _): message
        case .failure(let message): message
        }
    }
}

/// Exit statuses (swift-argument-parser's and sysexits' convention).
public enum ExitStatus {
    public static let success: Int32 = 0
    public static let failure: Int32 = 1
    public static let usage: Int32 = 64
}
