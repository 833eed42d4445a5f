/// A document's history through `docs mv`, as `git log --follow` follows a file: the
/// document's versions down to the newest one a rename made, then the old name's from the
/// version that rename copied, and so on. `plumb log` and the studio list it; revisions are
/// looked up in it.
public enum RenameHistory {
    /// The followed history, newest first (a document renamed back is followed again, from an
    /// earlier version each time). A rename version copies every view, so it is in the log of
    /// any view it could continue; from the head, the newest N versions are enough for `-n N`.
    public static func versions(of document: String, view: String? = nil, limit: Int? = nil, store: Store) throws -> [VersionRecord] {
        var result: [VersionRecord] = []
        var current = document
        var upTo = Int.max
        var visited = Set<String>()
        while visited.insert("\(current)@\(upTo)").inserted {
            let remaining = limit.map { $0 - result.count }
            var shown = try store.log(of: current, view: view, limit: upTo == .max ? remaining : nil)
            if upTo != .max { shown.removeAll { $0.number > upTo } }
            guard let cut = shown.firstIndex(where: { DocumentRename.source(of: $0.message) != nil }) else {
                // A log without renames, the usual one, is the document's own: kept, not copied.
                if result.isEmpty { result = shown } else { result += shown }
                break
            }
            result += shown[...cut]
            guard let source = DocumentRename.source(of: shown[cut].message),
                  let copied = try? store.version(of: source.document, revision: source.version) else { break }
            current = source.document
            upTo = copied.number
        }
        return limit.map { Array(result.prefix($0)) } ?? result
    }

    /// The version `revision` names in the followed history of `document`: `head~N` counts
    /// along it (the N+1-th line of `plumb log DOC`); a tag or id prefix that is not one of
    /// the document's own is looked up under each earlier name, among the versions up to the
    /// one the rename copied. A plain number is the document's own (older ones are `OLD@N`).
    public static func version(of document: String, revision: String, store: Store) throws -> VersionRecord {
        if revision.hasPrefix("head~"), let back = Int(revision.dropFirst(5)), back >= 0 {
            let followed = try versions(of: document, limit: back + 1, store: store)
            guard back < followed.count else {
                let total = try versions(of: document, store: store).count
                let versions = "\(total) version\(total == 1 ? "" : "s")"
                let renamed = total != (try store.head(of: document).number)
                throw StoreError.badRevision(document: document, revision: revision,
                                             reason: renamed ? "the history of \(document) has only \(versions)" : "the document has only \(versions)")
            }
            return followed[back]
        }
        do {
            return try store.version(of: document, revision: revision)
        } catch let error as StoreError {
            guard case .badRevision = error, Int(revision) == nil else { throw error }
            for (current, upTo) in try earlierNames(of: document, store: store) {
                if let version = try? store.version(of: current, revision: revision), version.number <= upTo { return version }
            }
            throw error
        }
    }

    /// The earlier names of a document, newest first, each with the number of the version a
    /// rename copied from it (the newest of its versions in the followed history).
    static func earlierNames(of document: String, store: Store) throws -> [(String, Int)] {
        var result: [(String, Int)] = []
        var current = document
        var upTo = Int.max
        var visited = Set<String>()
        while visited.insert("\(current)@\(upTo)").inserted {
            // Only versions whose message holds the trailer can be renames: read those alone.
            var own = try store.versions(of: current, messageContaining: DocumentRename.fromKey + ": ")
            if upTo != .max { own.removeAll { $0.number > upTo } }
            guard let rename = own.first(where: { DocumentRename.source(of: $0.message) != nil }),
                  let source = DocumentRename.source(of: rename.message),
                  let copied = try? store.version(of: source.document, revision: source.version) else { break }
            current = source.document
            upTo = copied.number
            result.append((current, upTo))
        }
        return result
    }
}

extension VersionRecord {
    /// How the followed history of `document` names this version in a revision: its number
    /// when it is the document's own, else its id (an earlier name's numbers are that name's).
    public func revision(in document: String) -> String {
        self.document == document ? String(number) : id.hex
    }
}
