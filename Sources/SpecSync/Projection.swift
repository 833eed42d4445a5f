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
    /// The projected state's views: their places number the views here.
    private let table: ViewTable
    /// The position in `order` of the view at each place (`-1` when it is not in the document).
    private let positionOf: [Int]
    /// The kind of each view of `order`.
    let kinds: [ViewKind]
    /// The children of the view at position `p` are the positions
    /// `childList[childStart[p] ..< childStart[p + 1]]`, in sibling order.
    private let childStart: [Int]
    private let childList: [Int]
    /// The properties the view at position `p` may show (set, not structure, applying to its
    /// kind) are `shown[shownStart[p] ..< shownStart[p + 1]]`: copied out of the state in tree
    /// order, so a writer of every view reads them in the order they lie in memory (a state
    /// read from the store holds its views in id order).
    let shownStart: [Int]
    let shown: [(property: Property, value: String)]

    /// Projects an effective state. O(views · log siblings); one hash of each parent's id, the
    /// tree built in arrays of the state's places.
    public init(_ state: DocumentState) {
        let table = state.views, ids = table.keys
        // The kind of each alive view with one, its parent's id and its order key.
        var viewKinds = [ViewKind?](repeating: nil, count: ids.count)
        var parents = [String?](repeating: nil, count: ids.count)
        var keys = [String](repeating: "", count: ids.count)
        var shownCounts = [Int](repeating: 0, count: ids.count)
        var rootPlace: Int?, alive = 0
        for place in ids.indices {
            // One walk of the view's entries finds its structure.
            var isAlive = false, kindText: String?, parentText: String?, orderText: String?
            for (property, entry) in table.values[place] {
                switch property {
                case .alive: isAlive = entry.value == "true"
                case .kind: kindText = entry.value
                case .parent: parentText = entry.value
                case .order: orderText = entry.value
                default: break
                }
            }
            guard isAlive, let kind = Projection.kind(stored: kindText) else { continue }
            viewKinds[place] = kind
            alive += 1
            shownCounts[place] = table.values[place].reduce(0) { $0 + (Projection.mayShow($1, kind: kind) ? 1 : 0) }
            if let parent = ValueText.stringValue(parentText) {
                parents[place] = parent
                keys[place] = ValueText.stringValue(orderText) ?? ""
            } else if rootPlace.map({ ids[place] < ids[$0] }) ?? true {
                rootPlace = place
            }
        }

        // Each container's alive children, sorted by order key then id.
        var parentPlaces = [Int](repeating: -1, count: ids.count)
        for place in ids.indices {
            guard let parent = parents[place], let p = table.place(of: parent), viewKinds[p]?.isContainer == true else { continue }
            parentPlaces[place] = p
        }
        var (kidStart, kids) = Projection.grouped(parentPlaces, ownerCount: ids.count)
        for p in ids.indices where kidStart[p + 1] - kidStart[p] > 1 {
            kids[kidStart[p] ..< kidStart[p + 1]].sort { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : ids[$0] < ids[$1] }
        }

        // Depth first from the root: each view is listed under one parent only, so the walk
        // reaches a view at most once and cannot loop.
        var order: [String] = [], parentPositions: [Int] = [], kinds: [ViewKind] = []
        var positionOf = [Int](repeating: -1, count: ids.count)
        var shownStart = [0]
        order.reserveCapacity(alive)
        parentPositions.reserveCapacity(alive)
        kinds.reserveCapacity(alive)
        shownStart.reserveCapacity(alive + 1)
        if let rootPlace {
            var stack = [(place: rootPlace, parent: -1)]
            while let next = stack.popLast() {
                positionOf[next.place] = order.count
                order.append(ids[next.place])
                kinds.append(viewKinds[next.place]!)
                shownStart.append(shownStart[shownStart.count - 1] + shownCounts[next.place])
                parentPositions.append(next.parent)
                let position = order.count - 1
                for kid in kids[kidStart[next.place] ..< kidStart[next.place + 1]].reversed() {
                    stack.append((kid, position))
                }
            }
        }

        // Children by position, in sibling order (the walk wrote siblings in order).
        (childStart, childList) = Projection.grouped(parentPositions, ownerCount: order.count)
        root = rootPlace.map { ids[$0] }
        self.order = order
        self.parentPositions = parentPositions
        self.table = table
        self.positionOf = positionOf
        self.kinds = kinds
        self.shownStart = shownStart
        // Views in place order, each one's properties written at its position's slot.
        let total = shownStart[order.count]
        // None to copy makes the shared empty array: the initializer would write its count into
        // that storage, from every thread at once (ThreadSanitizer reports it).
        shown = total == 0 ? [] : .init(unsafeUninitializedCapacity: total) { buffer, initialized in
            for place in ids.indices where positionOf[place] >= 0 {
                var slot = shownStart[positionOf[place]]
                let kind = viewKinds[place]!
                let end = shownStart[positionOf[place] + 1]
                for pair in table.values[place] where Projection.mayShow(pair, kind: kind) {
                    precondition(slot < end, "a view's shown properties outgrew their count")
                    (buffer.baseAddress! + slot).initialize(to: (pair.property, pair.entry.value!))
                    slot += 1
                }
                precondition(slot == end, "a view's shown properties fell short of their count")
            }
            initialized = total
        }
        detached = order.count == alive ? [] : ids.indices.filter { viewKinds[$0] != nil && positionOf[$0] < 0 }.map { ids[$0] }.sorted()
    }

    /// The properties the view at `position` in `order` may show, with their values: those
    /// set, not structure, and applying to its kind (`Materializer` checks the values).
    func shownProperties(at position: Int) -> ArraySlice<(property: Property, value: String)> {
        Projection.shownProperties(at: position, shown: shown, start: shownStart)
    }

    static func shownProperties(at position: Int, shown: [(property: Property, value: String)], start: [Int])
        -> ArraySlice<(property: Property, value: String)> {
        shown[start[position] ..< start[position + 1]]
    }

    private static func mayShow(_ pair: ViewState.Element, kind: ViewKind) -> Bool {
        pair.entry.value != nil && Materializer.isShown(pair.property, kind: kind)
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
        guard let place = table.place(of: view), positionOf[place] >= 0 else { return nil }
        return positionOf[place]
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
        kind(stored: properties[.kind]?.value)
    }

    /// The kind a stored `kind` value names, if any: compared as stored text first (each
    /// kind's canonical text), the way nearly every value is stored.
    static func kind(stored text: String?) -> ViewKind? {
        guard let text else { return nil }
        for (stored, kind) in storedKinds where stored == text { return kind }
        return ValueText.stringValue(text).flatMap(ViewKind.init(rawValue:))
    }

    private static let storedKinds = ViewKind.allCases.map { (ValueText.string($0.rawValue), $0) }
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
