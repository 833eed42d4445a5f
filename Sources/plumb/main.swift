import FoundationEssentials
import Glibc
import PlumbCLI

/// The process environment, read from `environ` (each entry split at its first `=`):
/// Foundation's `ProcessInfo` took a noticeable share of a short command's start.
func processEnvironment() -> [String: String] {
    var environment: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
        let text = String(cString: pointer)
        if let equals = text.firstIndex(of: "=") {
            environment[String(text[..<equals])] = String(text[text.index(after: equals)...])
        }
        entry += 1
    }
    return environment
}

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
    directory: FileManager.default.currentDirectoryPath,
    console: console,
    exitsAfter: true)
exit(status)
