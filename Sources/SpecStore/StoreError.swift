/// What can go wrong with a store, in words for the person at the terminal.
public enum StoreError: Error, CustomStringConvertible, Equatable {
    case noStore(searchedFrom: String)
    case alreadyExists(String)
    case notAStore(String)
    case noStoreFile(String)
    case missingFolder(path: String, folder: String)
    case folderWithoutStore(String)
    case notRegularFile(String)
    case tooSmall(path: String, bytes: Int)
    case corrupt(path: String, detail: String)
    case newerSchema(path: String, found: Int, known: Int)
    case olderSchema(path: String, found: Int, current: Int)
    case unfinished(String)
    case readOnly(String)
    case noAccess(String)
    case diskFull(String)
    case cannotCreate(path: String, reason: String)
    case busy(String)
    case replaced(String)
    case noDocument(String, suggestion: String?)
    case documentExists(String)
    case noView(document: String, view: String)
    case viewExists(document: String, view: String)
    case badRevision(document: String, revision: String, reason: String)
    case invalidEdit(String)
    case tagExists(document: String, tag: String)

    public var description: String {
        switch self {
        case .noStore(let directory):
            "no Plumb store in \(directory) or any parent folder (run `plumb init`, or pass --store FILE)"
        case .alreadyExists(let path): "\(path): a store is already there"
        case .notAStore(let path): "\(path): not a Plumb store"
        case .noStoreFile(let path): "\(path): no Plumb store there (make one with `plumb init`, or check --store)"
        case .missingFolder(let path, let folder):
            "\(path): the folder \(folder) does not exist (check --store; `plumb init DIR` makes a store and its folder)"
        case .folderWithoutStore(let path):
            "\(path) is a folder without a Plumb store in it (no .plumb/store.sqlite); make one with `plumb init \(path)`, or name the store file"
        case .notRegularFile(let path): "\(path): not a Plumb store (not a regular file); name a store file or a folder holding .plumb/"
        case .tooSmall(let path, let bytes):
            "\(path): not a Plumb store (the file holds \(bytes) byte\(bytes == 1 ? "" : "s"); a store is never that small). It was left as it is; make a store with `plumb init`"
        case .corrupt(let path, let detail): "\(path): the store is damaged or not a database (\(detail))"
        case .newerSchema(let path, let found, let known):
            "\(path): written by a newer Plumb (schema \(found); this Plumb knows up to \(known)); upgrade Plumb to use it. The store was not changed."
        case .olderSchema(let path, let found, let current):
            "\(path): written by an older Plumb (schema \(found); this Plumb uses \(current)). Upgrade that store first with `plumb --store \(path) upgrade`. The store was not changed."
        case .unfinished(let path):
            "\(path): the store was never finished (its making was interrupted); remove it and run `plumb init` again"
        case .readOnly(let path):
            "\(path): the store is read-only for this user (the file or its folder cannot be written), so nothing was changed. Reads (show, log, diff, …) still work; to write, fix the permissions or use a copy made with `plumb clone`."
        case .noAccess(let path): "\(path): this user may not open the store or its folder (check their permissions)"
        case .diskFull(let path):
            "\(path): the disk is full; nothing was written and the store is as it was. Free some space and try again."
        case .cannotCreate(let path, let reason): "\(path): cannot create the store (\(reason))"
        case .busy(let path): "\(path): the store stayed locked by another process; try again"
        case .replaced(let path): "\(path): the store file was replaced or removed after it was opened; nothing was written (open the store again)"
        case .noDocument(let name, let suggestion):
            "no document \"\(name)\"" + (suggestion.map { " (did you mean \"\($0)\"?)" } ?? " (plumb docs lists the documents)")
        case .documentExists(let name): "document \"\(name)\" already exists"
        case .noView(let document, let view): "\(document): no view \"\(view)\" (plumb show \(document) --flat lists its views)"
        case .viewExists(let document, let view): "\(document): a view \"\(view)\" already exists"
        case .badRevision(let document, let revision, let reason): "\(document)@\(revision): \(reason)"
        case .invalidEdit(let message): message
        case .tagExists(let document, let tag): "\(document): tag \"\(tag)\" already exists"
        }
    }
}

extension StoreError {
    /// The same error naming `path` where it named `old` (a store built under a temporary name).
    func renamingPath(from old: String, to path: String) -> StoreError {
        switch self {
        case .readOnly(old): .readOnly(path)
        case .diskFull(old): .diskFull(path)
        case .busy(old): .busy(path)
        case .corrupt(old, let detail): .corrupt(path: path, detail: detail)
        case .cannotCreate(old, let reason): .cannotCreate(path: path, reason: reason)
        default: self
        }
    }
}
