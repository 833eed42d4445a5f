import Foundation
import Testing

/// The stores earlier releases made (`Fixtures/`), and what those releases printed for them.
enum ReleaseFixtures {
    static func url(_ name: String) throws -> URL {
        try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"))
    }

    /// The recorded outputs of a fixture's expected file: the command (after `== `) and what it
    /// printed.
    static func recorded(_ name: String) throws -> [(command: String, output: String)] {
        let text = try String(contentsOf: try url(name), encoding: .utf8)
        return text.components(separatedBy: "== ").dropFirst().map { section in
            let newline = section.firstIndex(of: "\n") ?? section.endIndex
            return (String(section[..<newline]), String(section[section.index(after: newline)...]))
        }
    }
}
