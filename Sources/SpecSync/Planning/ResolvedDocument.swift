import LayoutSpec

/// One state of a document as every reader and planner sees it: the effective state (tree
/// replay applied) and its projection.
public struct ResolvedDocument: Sendable {
    public let name: String
    /// Effective: `parent` entries are those the tree replay kept.
    public let state: DocumentState
    public let projection: Projection

    /// Resolves a last-writer-wins state with its tree replay.
    public init(name: String, raw: DocumentState, tree: TreeResolution) {
        var effective = raw
        tree.apply(to: &effective)
        self.init(name: name, effective: effective)
    }

    /// Wraps an effective state (its projection made here unless given).
    public init(name: String, effective: DocumentState, projection: Projection? = nil) {
        self.name = name
        state = effective
        self.projection = projection ?? Projection(effective)
    }

    /// Alive views by effective parent (in the document or not). O(views).
    public func aliveChildren() -> [String: [String]] {
        var children: [String: [String]] = [:]
        for (id, properties) in state.views where properties[.alive]?.value == "true" {
            guard let parent = ValueText.stringValue(properties[.parent]?.value) else { continue }
            children[parent, default: []].append(id)
        }
        return children
    }

    /// True when the view is in the document.
    public func contains(_ view: String) -> Bool { projection.contains(view) }

    /// True when the view exists and is not deleted (it may still be detached).
    public func isAlive(_ view: String) -> Bool { state.isAlive(view) }

    /// The view's kind, if it has a known one.
    public func kind(of view: String) -> ViewKind? {
        ValueText.stringValue(state.value(view, .kind)).flatMap(ViewKind.init(rawValue:))
    }

    /// The effective parent of a view.
    public func parent(of view: String) -> String? { ValueText.stringValue(state.value(view, .parent)) }

    /// Why a view is not in the document, in words (as `DocumentReading.absenceDescription`).
    public func absenceDescription(of view: String) -> String {
        guard state.views[view] != nil else { return "there is no view \"\(view)\"" }
        switch projection.absence(of: view, in: state) {
        case .deleted(let deleted, _) where deleted == view: return "\"\(view)\" was deleted"
        case .deleted(let deleted, _): return "\"\(view)\" is not in the document: \"\(deleted)\" above it was deleted"
        case .unplaced: return "\"\(view)\" is not in the document: its parent is unknown or not a container"
        }
    }

    /// The view as `show` prints it, when it is in the document.
    public func view(_ id: String) -> View? {
        guard contains(id), let properties = state.views[id] else { return nil }
        return Materializer.view(id, properties)
    }
}
