import Foundation

/// The PostgreSQL server and scratch folder a hub benchmark runs against: the server at the URL
/// it was given, or a throwaway one started with Tools/pg-test.sh on `port` inside the folder.
/// `finish()` stops what was started here and removes the folder.
struct BenchPostgres {
    let folder: URL
    let url: String
    private let started: String?

    init(name: String, given: String?, port: Int) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if let given {
            url = given
            started = nil
        } else {
            let directory = folder.appendingPathComponent("pg").path
            do {
                url = try HubBenchmark.shell("Tools/pg-test.sh start '\(directory)' \(port)").trimmingCharacters(in: .whitespacesAndNewlines)
            } catch {
                try? FileManager.default.removeItem(at: folder)
                throw error
            }
            started = directory
        }
    }

    func finish() {
        if let started { _ = try? HubBenchmark.shell("Tools/pg-test.sh stop '\(started)'") }
        try? FileManager.default.removeItem(at: folder)
    }
}
