import LayoutSpec

/// Which views are in a document: the one projection of a state that `show`, `resolve`,
/// `check`, `diff`, `apply` and the edit commands all see.
///
/// A view is **in the document** when it is alive, has a kind, and is reachable from the root
/// through views that are in the document and are containers. Every other alive view is
/// **detached**: kept with its properties, not laid out, listed by `detached`. The state's
/// `parent` entries must be the effective ones (`TreeResolution.apply`).
public struct Projection: Sendable {
    /// The root: the alive view without a parent (the least id if several); `nil` when none.
    public let root: String?
    /// Views in the document, in tree order (parent before children, siblings in order).
    public let order: [String]
    /// For each view in the document, its children in the document, in sibling order.
    public let children: [String: [String]]
    /// For each view in the document but the root, its parent.
    public let parentOf: [String: String]
    /// For each view of `order`, the position of its parent in `order` (`-1` for the root): the
    /// tree as `Spec` holds it, so a reader builds the spec without looking ids up.
    public let parentPositions: [Int]
    /// Alive views not in the document, sorted.
    public let detached: [String]
    private let members: Set<String>

    /// Projects an effective state. O(views · log siblings).
    public init(_ state: DocumentState) {
        var parentOf: [String: String] = [:]
        var containers = Set<String>()
        var alive: [String] = []
        var roots: [String] = []
        var candidates: [String: [(order: String, id: String)]] = [:]
        parentOf.reserveCapacity(state.views.count)
        alive.reserveCapacity(state.views.count)
        for (id, properties) in state.views {
            guard properties[.alive]?.value == "true", let kind = Projection.kind(properties) else { continue }
            alive.append(id)
            if kind.isContainer { containers.insert(id) }
            if let parent = ValueText.stringValue(properties[.parent]?.value) {
                parentOf[id] = parent
                candidates[parent, default: []].append((ValueText.stringValue(properties[.order]?.value) ?? "", id))
            } else {
                roots.append(id)
            }
        }
        let root = roots.min()
        var order: [String] = []
        var parentPositions: [Int] = []
        var children: [String: [String]] = [:]
        var members = Set<String>()
        order.reserveCapacity(alive.count)
        parentPositions.reserveCapacity(alive.count)
        members.reserveCapacity(alive.count)
        if let root {
            var stack = [(id: root, parent: -1)]
            members.insert(root)
            while let next = stack.popLast() {
                let id = next.id, position = order.count
                order.append(id)
                parentPositions.append(next.parent)
                guard containers.contains(id), let kids = candidates[id] else { continue }
                let sorted = kids.sorted { $0.order != $1.order ? $0.order < $1.order : $0.id < $1.id }
                // Ids are unique per view, so a view is reached at most once: the walk cannot loop.
                var fresh: [String] = []
                fresh.reserveCapacity(sorted.count)
                for kid in sorted where kid.id != root && members.insert(kid.id).inserted { fresh.append(kid.id) }
                children[id] = fresh
                for kid in fresh.reversed() { stack.append((kid, position)) }
            }
        }
        self.root = root
        self.order = order
        self.parentPositions = parentPositions
        self.children = children
        self.members = members
        if members.count == alive.count {
            parentOf.removeValue(forKey: root ?? "")
            self.parentOf = parentOf
            detached = []
        } else {
            self.parentOf = parentOf.filter { members.contains($0.key) && $0.key != root }
            detached = alive.filter { !members.contains($0) }.sorted()
        }
    }

    /// True when the view is in the document.
    public func contains(_ view: String) -> Bool { members.contains(view) }

    /// Number of views in the document.
    public var count: Int { order.count }

    /// The view's kind when the entry holds a known one.
    static func kind(_ properties: ViewState) -> ViewKind? {
        ValueText.stringValue(properties[.kind]?.value).flatMap(ViewKind.init(rawValue:))
    }
}

/// Why a view is not in the document.
public enum Absence: Sendable, Equatable {
    /// The view, or the view `deleted` on its path to the root, is deleted (`alive` is not
    /// true); `entry` is that view's `alive` entry, the delete.
    case deleted(view: String, entry: DocumentState.Entry)
    /// A view on its path has no parent and is not the root, or names a parent nobody made,
    /// or sits under a view that cannot have children.
    case unplaced
}

extension Projection {
    /// Why `view` (not in the document) is out: the nearest view on its path to the root, itself
    /// included, that is deleted. Walks effective parents; O(depth).
    public func absence(of view: String, in state: DocumentState) -> Absence {
        var current = view
        var steps = 0
        while steps <= state.views.count {
            if contains(current) { return .unplaced }
            guard let properties = state.views[current] else { return .unplaced }
            if properties[.alive]?.value != "true" || Projection.kind(properties) == nil {
                guard let entry = properties[.alive] else { return .unplaced }
                return .deleted(view: current, entry: entry)
            }
            guard let parent = ValueText.stringValue(properties[.parent]?.value) else { return .unplaced }
            current = parent
            steps += 1
        }
        return .unplaced
    }
}
