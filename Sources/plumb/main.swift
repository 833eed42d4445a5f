import Foundation
import PlumbCLI

let environment = ProcessInfo.processInfo.environment
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
    console: console)
exit(status)
