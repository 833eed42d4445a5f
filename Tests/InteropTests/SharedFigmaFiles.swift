import Foundation

/// The real Figma responses kept in the repository (`Tests/FigmaFiles/`, a copy of the team's
/// `../shared/figma/` with each file's source and licence in its README), so any clone runs
/// the tests that read them.
enum SharedFigmaFiles {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FigmaFiles")

    /// File names, smallest first; none when the folder is missing, which
    /// `FigmaAgreementTests.everySharedFileIsHere` reports.
    static let names: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.sorted { size(of: $0) < size(of: $1) }
    }()

    static func size(of name: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path))?[.size] as? Int) ?? 0
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appendingPathComponent(name)))
    }
}
