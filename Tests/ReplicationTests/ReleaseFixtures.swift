import Foundation
import Testing

/// The stores earlier releases made (`Fixtures/`), and what those releases printed for them.
enum ReleaseFixtures {
    static func url(_ name: String) throws -> URL {
        try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"))
    }

    /// A replica named "old" in `root` (made here) whose store is a copy of the fixture `store`.
    static func replica(of store: String, in root: URL) throws -> Replica {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let replica = Replica(name: "old", root: root)
        try FileManager.default.createDirectory(at: replica.folder.appendingPathComponent(".plumb"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: try url(store), to: URL(fileURLWithPath: replica.storePath))
        return replica
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
