/// What can go wrong with a store, in words for the person at the terminal.
public enum StoreError: Error, CustomStringConvertible, Equatable {
    case noStore(searchedFrom: String)
    case alreadyExists(String)
    case notAStore(String)
    case corrupt(path: String, detail: String)
    case newerSchema(path: String, found: Int, known: Int)
    case busy(String)
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
        case .corrupt(let path, let detail): "\(path): the store is damaged or not a database (\(detail))"
        case .newerSchema(let path, let found, let known):
            "\(path): written by a newer Plumb (schema \(found); this Plumb knows up to \(known)); upgrade Plumb to use it. The store was not changed."
        case .busy(let path): "\(path): the store stayed locked by another process; try again"
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
