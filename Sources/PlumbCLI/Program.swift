import FoundationEssentials
import Glibc
import Replication

extension Plumb {
    /// The program: `plumb` (neither), `plumb-hub` (`hub` is the PostgreSQL hub) and
    /// `plumb-studio` (`studio` is the web studio) are this one function, so each command is the
    /// same code in all three; `plumb` hands the hub's and the studio's work to them (`HandOver`).
    public static func main(hub: (any HubAccess.Type)? = nil, studio: (any StudioServing.Type)? = nil) -> Never {
        StandardStreams.secure()
        let environment = processEnvironment()
        let console = Console.standard(environment: environment)
        // Arguments are checked as bytes: Swift's `CommandLine.arguments` would turn invalid UTF-8
        // into U+FFFD silently, and `set … text=$'\xff'` would store it.
        if let problem = Plumb.argumentEncodingProblem(CommandLine.unsafeArgv, count: Int(CommandLine.argc)) {
            console.message("plumb: \(problem)")
            exit(ExitStatus.usage)
        }
        let status = Plumb.run(
            Array(CommandLine.arguments.dropFirst()),
            environment: environment,
            directory: currentDirectory(),
            console: console,
            hub: hub,
            studio: studio)
        exit(status)
    }
}

/// The process environment, read from `environ`, each entry split at its first `=` byte as POSIX
/// splits it (a search by characters would miss an `=` that a combining mark follows).
private func processEnvironment() -> [String: String] {
    var environment: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
        let bytes = UnsafeRawBufferPointer(start: pointer, count: strlen(pointer))
        if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
            environment[String(decoding: bytes[..<equals], as: UTF8.self)] = String(decoding: bytes[(equals + 1)...], as: UTF8.self)
        }
        entry += 1
    }
    return environment
}

/// The working directory, from `getcwd`; where that fails (a folder since removed), `FileManager`
/// says what it says.
private func currentDirectory() -> String {
    var path = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&path, path.count) != nil else { return FileManager.default.currentDirectoryPath }
    return String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
