import SpecSync

extension Store {
    /// Answers questions about a few views of a document's head view by view, as a commit's
    /// planner does (`DocumentHead`: each lookup decodes the one chunk that holds the view, and
    /// `contains` walks up to the root), inside one read transaction: what such a question
    /// costs does not grow with the document.
    public func readHead<T>(of document: String, _ body: (DocumentHead) throws -> T) throws -> T {
        try database.readTransaction {
            try body(try DocumentHead(store: self, documentID: try requireDocument(document), name: document))
        }
    }
}
