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
    /// For each view of `order`, the position of its parent in `order` (`-1` for the root): the
    /// tree as `Spec` holds it, so a reader builds the spec without looking ids up.
    public let parentPositions: [Int]
    /// Alive views not in the document, sorted.
    public let detached: [String]
    /// The entries of each view of `order`, as the projected state held them: a reader of the
    /// views in order (`Materializer`) looks no id up.
    let entries: [ViewState]
    /// The kind of each view of `order`.
    let kinds: [ViewKind]
    /// A number for every alive view with a kind, and the position in `order` of each number
    /// (`-1` when detached): the one table keyed by id, so a projection hashes each id once.
    private let numbers: [String: Int]
    private let positionOf: [Int]
    /// The children of the view at position `p` are the positions
    /// `childList[childStart[p] ..< childStart[p + 1]]`, in sibling order.
    private let childStart: [Int]
    private let childList: [Int]

    /// Projects an effective state. O(views · log siblings); one hash of each id, the tree
    /// built in arrays of positions.
    public init(_ state: DocumentState) {
        // The alive views with a kind, numbered in the state's order.
        var ids: [String] = [], parents: [String?] = [], keys: [String] = []
        var states: [ViewState] = [], viewKinds: [ViewKind] = []
        states.reserveCapacity(state.views.count)
        viewKinds.reserveCapacity(state.views.count)
        var numbers: [String: Int] = [:]
        ids.reserveCapacity(state.views.count)
        parents.reserveCapacity(state.views.count)
        keys.reserveCapacity(state.views.count)
        numbers.reserveCapacity(state.views.count)
        for (id, properties) in state.views {
            guard properties[.alive]?.value == "true", let kind = Projection.kind(properties) else { continue }
            numbers[id] = ids.count
            ids.append(id)
            states.append(properties)
            viewKinds.append(kind)
            let parent = ValueText.stringValue(properties[.parent]?.value)
            parents.append(parent)
            keys.append(parent == nil ? "" : ValueText.stringValue(properties[.order]?.value) ?? "")
        }
        var rootNumber: Int?
        for number in ids.indices where parents[number] == nil {
            if let best = rootNumber, ids[best] <= ids[number] { continue }
            rootNumber = number
        }

        // Each container's alive children, sorted by order key then id.
        var parentNumbers = [Int](repeating: -1, count: ids.count)
        for number in ids.indices {
            guard let parent = parents[number], let p = numbers[parent], viewKinds[p].isContainer else { continue }
            parentNumbers[number] = p
        }
        var (kidStart, kids) = Projection.grouped(parentNumbers, ownerCount: ids.count)
        for p in ids.indices where kidStart[p + 1] - kidStart[p] > 1 {
            kids[kidStart[p] ..< kidStart[p + 1]].sort { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : ids[$0] < ids[$1] }
        }

        // Depth first from the root: each view is listed under one parent only, so the walk
        // reaches a view at most once and cannot loop.
        var order: [String] = [], parentPositions: [Int] = [], entries: [ViewState] = [], kinds: [ViewKind] = []
        var positionOf = [Int](repeating: -1, count: ids.count)
        order.reserveCapacity(ids.count)
        entries.reserveCapacity(ids.count)
        kinds.reserveCapacity(ids.count)
        parentPositions.reserveCapacity(ids.count)
        if let rootNumber {
            var stack = [(number: rootNumber, parent: -1)]
            while let next = stack.popLast() {
                positionOf[next.number] = order.count
                order.append(ids[next.number])
                entries.append(states[next.number])
                kinds.append(viewKinds[next.number])
                parentPositions.append(next.parent)
                let position = order.count - 1
                for kid in kids[kidStart[next.number] ..< kidStart[next.number + 1]].reversed() {
                    stack.append((kid, position))
                }
            }
        }

        // Children by position, in sibling order (the walk wrote siblings in order).
        (childStart, childList) = Projection.grouped(parentPositions, ownerCount: order.count)

        root = rootNumber.map { ids[$0] }
        self.order = order
        self.entries = entries
        self.kinds = kinds
        self.parentPositions = parentPositions
        self.numbers = numbers
        self.positionOf = positionOf
        detached = order.count == ids.count ? [] : ids.indices.filter { positionOf[$0] < 0 }.map { ids[$0] }.sorted()
    }

    /// Indices grouped by owner: `members[start[o] ..< start[o + 1]]` are the `i` with
    /// `owners[i] == o`, in increasing order; `-1` owns nothing. O(indices + owners).
    private static func grouped(_ owners: [Int], ownerCount: Int) -> (start: [Int], members: [Int]) {
        var start = [Int](repeating: 0, count: ownerCount + 1)
        for owner in owners where owner >= 0 { start[owner + 1] += 1 }
        for owner in 0..<ownerCount { start[owner + 1] += start[owner] }
        var fill = start
        var members = [Int](repeating: 0, count: start[ownerCount])
        for (index, owner) in owners.enumerated() where owner >= 0 {
            members[fill[owner]] = index
            fill[owner] += 1
        }
        return (start, members)
    }

    /// True when the view is in the document.
    public func contains(_ view: String) -> Bool { position(of: view) != nil }

    /// The view's position in `order`, when it is in the document.
    private func position(of view: String) -> Int? {
        guard let number = numbers[view], positionOf[number] >= 0 else { return nil }
        return positionOf[number]
    }

    /// Number of views in the document.
    public var count: Int { order.count }

    /// The children of a view in the document, in sibling order; empty for any other view.
    public func children(of view: String) -> [String] {
        guard let position = position(of: view) else { return [] }
        return childList[childStart[position] ..< childStart[position + 1]].map { order[$0] }
    }

    /// The parent of a view in the document; `nil` for the root and for any other view.
    public func parent(of view: String) -> String? {
        guard let position = position(of: view), position > 0 else { return nil }
        return order[parentPositions[position]]
    }

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
