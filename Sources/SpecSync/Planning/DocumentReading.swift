import LayoutSpec

/// What the edit planners (`ViewEdits`) read of a head: the resolved tree, view by view. A
/// `ResolvedDocument` answers from memory; a store's head answers the same questions from its
/// rows (with the kept tree replay applied) without loading the whole document, so a one-view
/// edit costs the view, not the document. Both follow `Projection`'s rules.
public protocol DocumentReading {
    var name: String { get }
    /// The effective value of one property (the `parent` the tree replay kept), `nil` if unset.
    func value(_ view: String, _ property: Property) throws -> String?
    /// True when the view is in the document (`Projection`).
    func contains(_ view: String) throws -> Bool
    /// The children of a view in the document, in sibling order.
    func children(of parent: String) throws -> [String]
    /// `views` and every alive view under them (in the document or detached).
    func subtree(of views: [String]) throws -> Set<String>
    /// The root: the alive view without a parent (the least id if several).
    func root() throws -> String?
}

extension DocumentReading {
    /// True when the view exists and is not deleted (it may still be detached).
    public func isAlive(_ view: String) throws -> Bool { try value(view, .alive) == "true" }

    /// The view's kind, if it has a known one.
    public func kind(of view: String) throws -> ViewKind? {
        ValueText.stringValue(try value(view, .kind)).flatMap(ViewKind.init(rawValue:))
    }

    /// The effective parent of a view.
    public func parent(of view: String) throws -> String? { ValueText.stringValue(try value(view, .parent)) }

    /// The order key of a view ("" when it has none).
    public func orderKey(of view: String) throws -> String { ValueText.stringValue(try value(view, .order)) ?? "" }

    /// Why a view is not in the document, in words: "… was deleted", "… above it was deleted",
    /// "… is not placed", or that there is no such view.
    public func absenceDescription(of view: String) throws -> String {
        guard try value(view, .alive) != nil || value(view, .kind) != nil else { return "there is no view \"\(view)\"" }
        var current = view
        for _ in 0..<100_000 {
            if try contains(current) { break }
            if try !isAlive(current) || kind(of: current) == nil {
                return current == view ? "\"\(view)\" was deleted" : "\"\(view)\" is not in the document: \"\(current)\" above it was deleted"
            }
            guard let parent = try parent(of: current) else { break }
            current = parent
        }
        return "\"\(view)\" is not in the document: its parent is unknown or not a container"
    }
}

extension ResolvedDocument: DocumentReading {
    public func value(_ view: String, _ property: Property) -> String? { state.value(view, property) }
    public func children(of parent: String) -> [String] { projection.children(of: parent) }
    public func root() -> String? { projection.root }

    public func subtree(of views: [String]) -> Set<String> {
        let children = aliveChildren()
        var result = Set<String>()
        var pending = views
        while let next = pending.popLast() {
            if result.insert(next).inserted { pending += children[next] ?? [] }
        }
        return result
    }
}
