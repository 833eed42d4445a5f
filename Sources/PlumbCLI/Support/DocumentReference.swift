import LayoutSpec
import SpecStore

/// `DOC` or `DOC@REV` on the command line.
struct DocumentReference {
    let document: String
    let revision: String?

    init(document: String, revision: String?) {
        self.document = document
        self.revision = revision
    }

    init(_ text: String, spec: CommandSpec) throws(CLIError) {
        let parts = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        document = String(parts[0])
        revision = parts.count > 1 ? String(parts[1]) : nil
        guard Identifier.isValid(document) else {
            throw CLIError.usage("\"\(document)\" is not a document name (\(Identifier.rule))", command: spec)
        }
        if revision?.isEmpty == true { throw CLIError.usage("\"\(text)\": expected a revision after @", command: spec) }
    }

    /// The version named, head when no revision was given.
    func version(in store: Store) throws -> VersionRecord {
        try store.version(of: document, revision: revision ?? "head")
    }
}
