import FoundationEssentials
import Glibc
import LayoutSpec

/// `plumb demo [DIR]`: builds a sample store and walks through what Plumb does.
enum DemoCommand: Command {
    static let spec = CommandSpec(
        name: "demo", usage: "[DIR]",
        summary: "build a sample store (in DIR, or a new temporary folder) and show what Plumb does",
        details: """
            Runs init, apply, set, add, mv, tag, log, diff and show, then resolves the sample on two
            devices (a table for an iPhone SE, an SVG picture for an iPhone 15 written to
            DIR/login-iphone-15.svg), printing each command.
            """)

    static func run(_ arguments: ParsedArguments, context: Context) throws {
        try arguments.expect(0...1, spec)
        let directory: String
        if let given = arguments.positionals.first {
            directory = context.absolute(given)
        } else {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-demo-\(UUID().uuidString.prefix(8))").path
        }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let specPath = URL(fileURLWithPath: directory).appendingPathComponent("login.json").path
        guard FileManager.default.createFile(atPath: specPath, contents: Data((sampleSpec + "\n").utf8)) else {
            throw CLIError.failure("\(specPath): cannot write the sample spec")
        }
        context.console.message("Plumb demo in \(directory)\n")
        let steps: [[String]] = [
            ["init", directory],
            ["apply", specPath, "-m", "First login screen"],
            ["set", "login", "title", "text=Welcome back", "font.size=28"],
            ["add", "login", "forgot", "--parent", "form", "--kind", "button", "text=Forgot password?", "height=32"],
            ["mv", "login", "forgot", "--parent", "form", "--index", "2", "-m", "Put 'Forgot password?' under the password"],
            ["tag", "login@head", "v1"],
            ["set", "login", "signIn", "backgroundColor=#1F6FEB", "margin.top=24"],
            ["log", "login"],
            ["diff", "login@v1", "head"],
            ["diff", "login@1", "login@v1", "--json"],
            ["show", "login@v1"],
            ["resolve", "login", "--device", "iphone-se", "--format", "table"],
            ["resolve", "login", "--device", "iphone-15", "-o", svgName],
        ]
        let store = URL(fileURLWithPath: directory).appendingPathComponent(".plumb/store.sqlite").path
        for step in steps {
            context.console.message(context.console.colored("$ plumb " + step.map(quoted).joined(separator: " "), "1"))
            let arguments = step.first == "init" ? step : ["--store", store] + step
            let status = Plumb.run(arguments, environment: context.environment, directory: directory, console: context.console)
            guard status == ExitStatus.success else { throw CLIError.failure("demo step failed: plumb \(step.joined(separator: " "))") }
            context.console.message("")
        }
        context.console.message("The store is in \(directory)/.plumb; the picture is \(directory)/\(svgName).")
        context.console.message("Try: cd \(directory) && plumb log login")
    }

    /// The SVG the demo writes into its folder.
    static let svgName = "login-iphone-15.svg"

    private static func quoted(_ argument: String) -> String {
        guard argument.contains(where: { " ?#'".contains($0) }) else { return argument }
        return argument.contains("'") ? "\"\(argument)\"" : "'\(argument)'"
    }

    static let sampleSpec = """
        {
          "plumb": 1,
          "name": "login",
          "root": {
            "id": "root", "kind": "view", "backgroundColor": "#F6F8FA",
            "children": [
              { "id": "title", "kind": "label", "text": "Sign in", "font": { "size": 24, "weight": "bold" },
                "horizontalAlignment": "center", "verticalAlignment": "top", "margin": { "top": 80 } },
              { "id": "form", "kind": "stack", "orientation": "vertical", "spacing": 12,
                "verticalAlignment": "center", "margin": { "left": 24, "right": 24 },
                "children": [
                  { "id": "email", "kind": "label", "text": "Email", "height": 44, "backgroundColor": "#FFFFFF", "padding": 8 },
                  { "id": "password", "kind": "label", "text": "Password", "height": 44, "backgroundColor": "#FFFFFF", "padding": 8 },
                  { "id": "signIn", "kind": "button", "text": "Sign in", "height": 48, "backgroundColor": "#2DA44E", "textColor": "#FFFFFF" }
                ] }
            ]
          }
        }
        """
}
