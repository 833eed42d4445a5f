import Foundation

/// The real Figma responses in the shared folder (`../shared/figma/` beside the repository;
/// found by walking up from this file, so a worktree one level deeper finds it too).
enum SharedFigmaFiles {
    static let folder: URL? = {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        for _ in 0..<6 {
            directory.deleteLastPathComponent()
            let candidate = directory.appendingPathComponent("shared/figma")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("README.md").path) { return candidate }
        }
        return nil
    }()

    /// File names, smallest first.
    static let names: [String] = {
        guard let folder else { return [] }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.sorted { size(of: $0) < size(of: $1) }
    }()

    static func size(of name: String) -> Int {
        guard let folder else { return 0 }
        return ((try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path))?[.size] as? Int) ?? 0
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        guard let folder else { throw CocoaError(.fileNoSuchFile) }
        return Array(try Data(contentsOf: folder.appendingPathComponent(name)))
    }
}
