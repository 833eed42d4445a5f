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

    /// The document of `DOC` for a command that writes a new version on top of the head or
    /// acts on the document as a whole: `DOC@REV` is a usage error (it would be ignored).
    static func document(_ text: String, spec: CommandSpec) throws(CLIError) -> String {
        let reference = try DocumentReference(text, spec: spec)
        if let revision = reference.revision {
            throw CLIError.usage("\"\(text)\": \(spec.name) works on the head of \(reference.document), not on a version (drop @\(revision))", command: spec)
        }
        return reference.document
    }

    /// The version named, head when no revision was given; through renames as `log` shows
    /// the history (`RenameHistory`).
    func version(in store: Store) throws -> VersionRecord {
        try RenameHistory.version(of: document, revision: revision ?? "head", store: store)
    }
}
