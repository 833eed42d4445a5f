import Foundation
import LayoutSpec
import PlumbCLI

/// Runs `plumb` command lines in-process against a temporary folder, capturing output.
final class PlumbRunner {
    let folder: URL
    var environment: [String: String]

    struct Output {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    init() {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-cli-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        environment = ["PLUMB_AUTHOR": "tester", "NO_COLOR": "1"]
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Runs one command line in the folder.
    @discardableResult
    func run(_ arguments: String..., stdin: String? = nil) -> Output {
        run(arguments)
    }

    @discardableResult
    func run(_ arguments: [String]) -> Output {
        var out = "", err = ""
        let console = Console(out: { out += $0 }, err: { err += $0 }, isTerminal: false, errorIsTerminal: false, useColor: false)
        let status = Plumb.run(arguments, environment: environment, directory: folder.path, console: console)
        return Output(status: status, stdout: out, stderr: err)
    }

    /// Writes a file in the folder and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) -> String {
        let path = folder.appendingPathComponent(name).path
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    var storePath: String { folder.appendingPathComponent(".plumb/store.sqlite").path }

    /// The built `plumb` executable, next to the test bundle.
    static var executable: URL {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        let directory = executable.deletingLastPathComponent()
        let candidates = [directory, directory.deletingLastPathComponent(), Bundle.main.bundleURL]
            .map { $0.appendingPathComponent("plumb") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }
}

/// A spec used across the CLI tests.
let loginSpec = """
    {"plumb": 1, "name": "login", "root": {"id": "root", "kind": "view", "children": [
      {"id": "title", "kind": "label", "text": "Sign in", "margin": {"top": 20}},
      {"id": "form", "kind": "stack", "spacing": 8, "children": [
        {"id": "email", "kind": "label", "text": "Email", "height": 44},
        {"id": "ok", "kind": "button", "text": "OK", "width": 100}
      ]}
    ]}}
    """

extension JSONValue {
    /// The element at `index` of an array, for tests.
    subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }
}

extension StringProtocol {
    /// Runs of spaces as one space, for comparing column output without its padding.
    var squeezed: String {
        split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
}
