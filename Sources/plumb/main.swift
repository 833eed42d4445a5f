import Foundation
import PlumbCLI

let environment = ProcessInfo.processInfo.environment
let status = Plumb.run(
    Array(CommandLine.arguments.dropFirst()),
    environment: environment,
    directory: FileManager.default.currentDirectoryPath,
    console: Console.standard(environment: environment))
exit(status)
