import FoundationEssentials
import Glibc
import SpecStore
import Threading

/// What the watcher compares to tell which documents changed: each document's head, version
/// count and conflict count, read through the watcher's own store connection.
final class StoreSummary: @unchecked Sendable {
    private let store: Store
    private var last: [String: String]
    private let lock = Lock()

    init(store: Store) throws {
        self.store = store
        last = try Self.read(store)
    }

    /// True when the store's path no longer names the file the studio opened (`Store.isReplaced`);
    /// the log of the file opened is emptied then, so that the file now at the path does not
    /// read it as its own.
    var isReplaced: Bool {
        lock.lock()
        defer { lock.unlock() }
        guard store.isReplaced else { return false }
        store.releaseReplacedFile()
        return true
    }

    /// The documents whose summary differs from the last reading (empty when none, or when
    /// the store cannot be read just now: the next write tries again).
    func refresh() -> [String] {
        lock.lock()
        defer { lock.unlock() }
        guard let now = try? Self.read(store) else { return [] }
        let changed = Set(now.keys).union(last.keys).filter { now[$0] != last[$0] }.sorted()
        last = now
        return changed
    }

    private static func read(_ store: Store) throws -> [String: String] {
        var summary: [String: String] = [:]
        for document in try store.documents() {
            let conflicts = try ConflictActions.count(store, document: document.name)
            summary[document.name] = "\(document.head?.id.hex ?? "-") \(document.versions) \(document.head?.tags.joined(separator: ",") ?? "") \(conflicts)"
        }
        return summary
    }
}
