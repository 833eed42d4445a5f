import LayoutSpec

/// Plans the edits of `plumb set`, `add`, `rm` and `mv` on one resolved head: the same tree
/// `show` prints, with a child index, so order keys are computed against the siblings that
/// are really there.
public enum ViewEdits {
    /// `set`: the properties of a view in the document. `values` gets the view's kind and returns
    /// each property's new value (canonical JSON, `nil` to unset); the last one of a property wins.
    public static func set(_ view: String, in document: ResolvedDocument,
                           values: (ViewKind) throws -> [(Property, String?)]) throws -> [Edit] {
        guard document.contains(view), let kind = document.kind(of: view) else { throw EditError.notInDocument(document.name, document.absenceDescription(of: view), view: view) }
        var edits: [Edit] = []
        var seen = Set<Property>()
        for (property, value) in try values(kind).reversed() where seen.insert(property).inserted {
            if document.state.value(view, property) != value { edits.append(Edit(view: view, property: property, value: value)) }
        }
        return edits.reversed()
    }

    /// `add`: a new view of `kind` under `parent` at `index` among its children (default last).
    /// A view id used before starts afresh: what the old view had set is cleared.
    public static func add(_ view: String, kind: ViewKind, parent: String, index: Int?, values: [(Property, String)],
                           in document: ResolvedDocument, suffix: String) throws -> [Edit] {
        if document.isAlive(view) {
            if document.contains(view) { throw EditError.viewExists(document.name, view: view) }
            throw EditError.invalid("\(document.name): a view \"\(view)\" already exists but is not in the document (\(document.absenceDescription(of: view))); bring it back with `plumb restore \(document.name) \(view)` or move it with `plumb mv`")
        }
        let order = try orderKey(in: document, parent: parent, moving: nil, index: index, suffix: suffix)
        var edits = [
            Edit(view: view, property: .alive, value: "true"),
            Edit(view: view, property: .kind, value: ValueText.string(kind.rawValue)),
            Edit(view: view, property: .parent, value: ValueText.string(parent)),
            Edit(view: view, property: .order, value: ValueText.string(order)),
        ]
        let assigned = Dictionary(values, uniquingKeysWith: { $1 })
        for property in Property.allCases where !property.isStructural {
            let value = assigned[property]
            if document.state.value(view, property) != value { edits.append(Edit(view: view, property: property, value: value)) }
        }
        return edits
    }

    /// `rm`: views with everything under them (detached views included, so `rm` also clears
    /// what a merge left detached).
    public static func remove(_ views: [String], in document: ResolvedDocument) throws -> [Edit] {
        var doomed = Set<String>()
        let children = document.aliveChildren()
        for view in views {
            guard document.isAlive(view) else { throw EditError.notInDocument(document.name, document.absenceDescription(of: view), view: view) }
            guard view != document.projection.root else { throw EditError.invalid("\(document.name): \"\(view)\" is the root; it cannot be removed") }
            var pending = [view]
            while let next = pending.popLast() {
                if doomed.insert(next).inserted { pending += children[next] ?? [] }
            }
        }
        return doomed.sorted().map { Edit(view: $0, property: .alive, value: "false") }
    }

    /// `mv`: a view (in the document, or detached: moving it under a view in the document brings
    /// it back) to `parent` at `index` among its children (default last).
    public static func move(_ view: String, to parent: String, index: Int?, in document: ResolvedDocument, suffix: String) throws -> [Edit] {
        guard document.isAlive(view) else { throw EditError.notInDocument(document.name, document.absenceDescription(of: view), view: view) }
        guard view != document.projection.root else { throw EditError.invalid("\(document.name): \"\(view)\" is the root; it cannot move") }
        var current: String? = parent
        var steps = 0
        while let id = current, steps <= document.state.views.count {
            if id == view { throw EditError.invalid("\(document.name): cannot move \"\(view)\" under itself or its own descendant \"\(parent)\"") }
            current = document.parent(of: id)
            steps += 1
        }
        let order = try orderKey(in: document, parent: parent, moving: view, index: index, suffix: suffix)
        let parentValue = ValueText.string(parent)
        var edits: [Edit] = []
        let staysUnder = document.contains(view) && document.state.value(view, .parent) == parentValue
        if !staysUnder { edits.append(Edit(view: view, property: .parent, value: parentValue)) }
        let siblings = (document.projection.children[parent] ?? [])
        let others = siblings.filter { $0 != view }
        let targetIndex = min(index ?? others.count, others.count)
        if !(staysUnder && siblings.firstIndex(of: view) == targetIndex) {
            edits.append(Edit(view: view, property: .order, value: ValueText.string(order)))
        }
        return edits
    }

    /// An order key placing a view at `index` among `parent`'s children in the document
    /// (`moving` left out). The parent must be in the document and a container.
    static func orderKey(in document: ResolvedDocument, parent: String, moving: String?, index: Int?, suffix: String) throws -> String {
        guard document.contains(parent), let kind = document.kind(of: parent) else {
            throw EditError.notInDocument(document.name, document.absenceDescription(of: parent), view: parent)
        }
        guard kind.isContainer else {
            throw EditError.invalid("\(document.name): \"\(parent)\" is a \(kind.rawValue), which cannot have children")
        }
        let siblings = (document.projection.children[parent] ?? []).filter { $0 != moving }
        let position = min(index ?? siblings.count, siblings.count)
        let lower = position > 0 ? document.orderKey(of: siblings[position - 1]) : nil
        let upper = position < siblings.count ? document.orderKey(of: siblings[position]) : nil
        return FractionalIndex.key(between: lower.flatMap { $0.isEmpty ? nil : $0 }, and: upper, suffix: suffix)
    }
}

/// An edit that cannot be made as asked. Nothing is written.
public enum EditError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The view is not in the document; the text says why.
    case notInDocument(String, String, view: String)
    case viewExists(String, view: String)
    case invalid(String)

    public var description: String {
        switch self {
        case .notInDocument(let document, let reason, let view):
            reason.hasPrefix("there is no view") ? "\(document): no view \"\(view)\"" : "\(document): \(reason)"
        case .viewExists(let document, let view): "\(document): a view \"\(view)\" already exists"
        case .invalid(let message): message
        }
    }
}
