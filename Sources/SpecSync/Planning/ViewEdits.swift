import LayoutSpec

/// Plans the edits of `plumb set`, `add`, `rm` and `mv` on the resolved head (`DocumentReading`):
/// the same tree `show` prints, so order keys are computed against the siblings that are
/// really there, and a view is edited only where the document has it.
public enum ViewEdits {
    /// `set`: the properties of a view in the document. `values` gets the view's kind and returns
    /// each property's new value (canonical JSON, `nil` to unset); the last one of a property wins.
    /// A change to a label's text or to what it is measured in also clears its designed size,
    /// unless `values` names that too (`DesignedSizeRelease`); runs set must fit the text, and a
    /// new text carries the runs over, moving those after the edit (`TextRunFit`).
    public static func set(_ view: String, in document: some DocumentReading,
                           values: (ViewKind) throws -> [(Property, String?)]) throws -> [Edit] {
        guard try document.contains(view), let kind = try document.kind(of: view) else {
            throw EditError.notInDocument(document.name, try document.absenceDescription(of: view), view: view)
        }
        var edits: [Edit] = []
        var seen = Set<Property>()
        for (property, value) in try values(kind).reversed() where seen.insert(property).inserted {
            if try document.value(view, property) != value { edits.append(Edit(view: view, property: property, value: value)) }
        }
        edits.reverse()
        // Runs count code units of the text: set ones must fit it, and a new text cuts old ones.
        let text = try edits.first { $0.property == .text }.map(\.value) ?? document.value(view, .text)
        if let runs = edits.first(where: { $0.property == .textRuns }) {
            if let problem = TextRunFit.problem(runs: runs.value, text: text) { throw EditError.invalid("\(document.name): \(view): \(problem)") }
        } else if edits.contains(where: { $0.property == .text }),
                  let carried = TextRunFit.carry(
                      view, currentRuns: try document.value(view, .textRuns), oldText: try document.value(view, .text), newText: text) {
            edits.append(carried)
        }
        let changed = edits.map(\.property)
        for property in try DesignedSizeRelease.unsets(changed: changed, named: seen, isSet: { try document.value(view, $0) != nil }) {
            edits.append(Edit(view: view, property: property, value: nil))
        }
        return edits
    }

    /// `add`: a new view of `kind` under `parent` at `index` among its children (default last).
    /// A view id used before starts afresh: what the old view had set is cleared.
    public static func add(_ view: String, kind: ViewKind, parent: String, index: Int?, values: [(Property, String)],
                           in document: some DocumentReading, suffix: String) throws -> [Edit] {
        if try document.isAlive(view) {
            if try document.contains(view) { throw EditError.viewExists(document.name, view: view) }
            throw EditError.invalid("\(document.name): a view \"\(view)\" already exists but is not in the document (\(try document.absenceDescription(of: view))); bring it back with `plumb restore \(document.name) \(view)` or move it with `plumb mv`")
        }
        let order = try orderEdits(placing: view, in: document, parent: parent, index: index, suffix: suffix)
        var edits = [
            Edit(view: view, property: .alive, value: "true"),
            Edit(view: view, property: .kind, value: ValueText.string(kind.rawValue)),
            Edit(view: view, property: .parent, value: ValueText.string(parent)),
        ] + order
        let assigned = Dictionary(values, uniquingKeysWith: { $1 })
        for property in Property.allCases where !property.isStructural {
            let value = assigned[property]
            if try document.value(view, property) != value { edits.append(Edit(view: view, property: property, value: value)) }
        }
        return edits
    }

    /// `rm`: views with everything under them (detached views included, so `rm` also clears
    /// what a merge left detached).
    public static func remove(_ views: [String], in document: some DocumentReading) throws -> [Edit] {
        let root = try document.root()
        for view in views {
            guard try document.isAlive(view) else { throw EditError.notInDocument(document.name, try document.absenceDescription(of: view), view: view) }
            guard view != root else { throw EditError.invalid("\(document.name): \"\(view)\" is the root; it cannot be removed") }
        }
        return try document.subtree(of: views).sorted().map { Edit(view: $0, property: .alive, value: "false") }
    }

    /// `mv`: a view (in the document, or detached: moving it under a view in the document brings
    /// it back) to `parent` at `index` among its children (default last).
    public static func move(_ view: String, to parent: String, index: Int?, in document: some DocumentReading, suffix: String) throws -> [Edit] {
        guard try document.isAlive(view) else { throw EditError.notInDocument(document.name, try document.absenceDescription(of: view), view: view) }
        guard try view != document.root() else { throw EditError.invalid("\(document.name): \"\(view)\" is the root; it cannot move") }
        var current: String? = parent
        var visited = Set<String>()
        while let id = current, visited.insert(id).inserted {
            if id == view { throw EditError.invalid("\(document.name): cannot move \"\(view)\" under itself or its own descendant \"\(parent)\"") }
            current = try document.parent(of: id)
        }
        let order = try orderEdits(placing: view, in: document, parent: parent, index: index, suffix: suffix)
        let parentValue = ValueText.string(parent)
        var edits: [Edit] = []
        let staysUnder = try document.contains(view) && document.value(view, .parent) == parentValue
        if !staysUnder { edits.append(Edit(view: view, property: .parent, value: parentValue)) }
        let siblings = try document.children(of: parent)
        let others = siblings.filter { $0 != view }
        let targetIndex = min(index ?? others.count, others.count)
        if !(staysUnder && siblings.firstIndex(of: view) == targetIndex) {
            edits += order
        }
        return edits
    }

    /// The order edits placing `view` at `index` among `parent`'s children in the document
    /// (itself left out): its own key, or fresh keys for the siblings too where keys at that
    /// spot have grown long (`EditPlanner.place`). The parent must be in the document and a
    /// container.
    static func orderEdits(placing view: String, in document: some DocumentReading, parent: String, index: Int?, suffix: String) throws -> [Edit] {
        guard try document.contains(parent), let kind = try document.kind(of: parent) else {
            throw EditError.notInDocument(document.name, try document.absenceDescription(of: parent), view: parent)
        }
        guard kind.isContainer else {
            throw EditError.invalid("\(document.name): \"\(parent)\" is a \(kind.rawValue), which cannot have children")
        }
        let siblings = try document.children(of: parent).filter { $0 != view }.map { ($0, try document.orderKey(of: $0)) }
        return EditPlanner.place(view, at: index ?? siblings.count, among: siblings, suffix: suffix)
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
