import LayoutSpec

/// One property to write in a new version: the value as canonical JSON, `nil` to unset.
public struct Edit: Hashable, Sendable {
    public let view: String
    public let property: Property
    public let value: String?

    public init(view: String, property: Property, value: String?) {
        self.view = view
        self.property = property
        self.value = value
    }
}

/// Plans the edits that make a document equal to a spec (`plumb apply`, `plumb revert`).
public enum EditPlanner {
    /// The edits that turn `state` (effective: tree replay applied) into `spec`: only properties
    /// that differ, existing order keys kept wherever the sibling order allows (so a re-apply
    /// writes nothing), views of the document missing from `spec` marked `alive: false`. Views
    /// not in the document (deleted, or detached by a merge) are already gone: no edit. Values
    /// `show` leaves out (a property that does not apply to the kind, or an invalid value) are
    /// left alone unless the kind changes. So `show | apply` never makes a version.
    ///
    /// An edit of a label's text or of what it is measured in clears its designed size
    /// (`DesignedSizeRelease`) unless the spec changes that too, or `keepingDesignedSizes`
    /// says the spec's designed sizes were measured for its text (an import from the design).
    public static func edits(toMatch spec: Spec, from state: DocumentState, orderSuffix: String, keepingDesignedSizes: Bool = false) -> EditList {
        edits(toMatch: spec, from: state, projection: Projection(state), orderSuffix: orderSuffix, keepingDesignedSizes: keepingDesignedSizes)
    }

    /// The same, with the state's projection already made (`ResolvedDocument.projection`).
    /// View by view, so each property is compared where it lives, without a key table; the
    /// views are visited in id order and each one's edits put in property order, so the edits
    /// come out sorted (as they are numbered in) without sorting them, and held in runs per view
    /// (`EditList`).
    public static func edits(toMatch spec: Spec, from state: DocumentState, projection: Projection, orderSuffix: String,
                             keepingDesignedSizes: Bool = false) -> EditList {
        let orderKeys = assignOrderKeys(spec, state: state, suffix: orderSuffix)
        let byID = spec.views.indices.sorted { spec.views[$0].id < spec.views[$1].id }
        // Views of the document the spec no longer has, found by walking both id orders.
        var removed: [String] = []
        if projection.count > 0 {
            var position = 0
            for view in projection.order.sorted() {
                while position < byID.count && spec.views[byID[position]].id < view { position += 1 }
                if position == byID.count || spec.views[byID[position]].id != view { removed.append(view) }
            }
        }
        var edits = EditList()
        // A new document's edits (alive, parent, order, each set property of every view) are
        // counted first and reserved at once: grown by doubling, they would be held twice while
        // being copied. An existing document's are mostly few, and not worth the count.
        edits.reserveCapacity(state.views.isEmpty ? spec.views.reduce(0) { $0 + 3 + $1.setPropertyCount } : spec.count * 4 + removed.count)
        var wanted: [(Property, String)] = []
        var own: [(position: Int, edit: Edit)] = []
        var nextRemoved = 0
        for index in byID {
            let view = spec.views[index]
            while nextRemoved < removed.count && removed[nextRemoved] < view.id {
                edits.append(Edit(view: removed[nextRemoved], property: .alive, value: "false"))
                nextRemoved += 1
            }
            wanted.removeAll(keepingCapacity: true)
            own.removeAll(keepingCapacity: true)
            wanted.append((.alive, "true"))
            wanted.append((.parent, spec.parentID(of: index).map(ValueText.string) ?? ValueText.null))
            if let order = orderKeys[index] { wanted.append((.order, ValueText.string(order))) }
            for (property, value) in view.setProperties { wanted.append((property, ValueText.encode(value))) }
            let current = state.views[view.id]
            for (property, value) in wanted where current?[property]?.value != value {
                own.append((property.position, Edit(view: view.id, property: property, value: value)))
            }
            // Properties the spec no longer sets.
            if let current {
                let kind = Projection.kind(current)
                let sameKind = kind == view.kind
                for (property, entry) in current where entry.value != nil && !wanted.contains(where: { $0.0 == property }) {
                    switch property {
                    case .alive, .parent, .order, .kind: continue
                    default:
                        if sameKind, let kind, !Materializer.shows(property, entry.value, kind: kind) { continue }
                        own.append((property.position, Edit(view: view.id, property: property, value: nil)))
                    }
                }
            }
            if !keepingDesignedSizes, let current {
                let edited = own.map(\.edit.property)
                let stale = DesignedSizeRelease.unsets(changed: edited, named: edited) { current[$0]?.value != nil }
                for property in stale { own.append((property.position, Edit(view: view.id, property: property, value: nil))) }
            }
            own.sort { $0.position < $1.position }
            for (_, edit) in own { edits.append(edit) }
        }
        for view in removed[nextRemoved...] { edits.append(Edit(view: view, property: .alive, value: "false")) }
        return edits
    }

    /// Order keys for every non-root view of `spec`: a view keeps its current key when it stays
    /// under the same parent and its key still fits (the longest run of kept keys that is
    /// increasing); the others get new keys between their neighbours.
    static func assignOrderKeys(_ spec: Spec, state: DocumentState, suffix: String) -> [String?] {
        var keys = [String?](repeating: nil, count: spec.count)
        for (parentIndex, children) in spec.childIndices().enumerated() where !children.isEmpty {
            let parentID = ValueText.string(spec.views[parentIndex].id)
            let existing: [String?] = children.map { child in
                let id = spec.views[child].id
                guard state.value(id, .parent) == parentID, let text = state.value(id, .order) else { return nil }
                return ValueText.decode(text)?.string
            }
            // Siblings sort by key, then id (`Projection`): equal keys in id order fit as they are.
            let kept = longestIncreasing(existing, ids: children.map { spec.views[$0].id })
            // Most of the siblings already here moved (a reversal, a shuffle): all get fresh,
            // evenly spread keys. Squeezing the moved ones into the gaps left by the few kept
            // would grow keys with every reorder.
            if kept.count * 2 < existing.lazy.filter({ $0 != nil }).count {
                spreadKeys(over: children, into: &keys, suffix: suffix)
                continue
            }
            var position = 0
            while position < children.count {
                if kept.contains(position) {
                    keys[children[position]] = existing[position]
                    position += 1
                    continue
                }
                // A run of views needing keys, between the previous key and the next kept one.
                var end = position
                while end < children.count && !kept.contains(end) { end += 1 }
                let lower = position > 0 ? keys[children[position - 1]] : nil
                let upper = end < children.count ? existing[end] : nil
                let fresh = FractionalIndex.keys(end - position, between: lower, and: upper, suffix: suffix)
                for (offset, key) in fresh.enumerated() { keys[children[position + offset]] = key }
                position = end
            }
            // Keys grown long (many applies inserting at one spot, long keys from elsewhere), or
            // kept keys too close to fit new ones between (two siblings holding one key): fresh
            // keys for all, written as ordinary order changes, so it merges like any edit.
            let ids = children.map { spec.views[$0].id }
            if children.contains(where: { (keys[$0]?.utf8.count ?? 0) > FractionalIndex.rebalanceLength })
                || !sortInOrder(children.map { keys[$0] ?? "" }, ids: ids) {
                spreadKeys(over: children, into: &keys, suffix: suffix)
            }
        }
        return keys
    }

    /// Whether siblings with these keys and ids sort in the order given (by key, then id, as
    /// `Projection` sorts them), each strictly after the one before.
    static func sortInOrder(_ keys: [String], ids: [String]) -> Bool {
        keys.indices.dropFirst().allSatisfy { (keys[$0 - 1], ids[$0 - 1]) < (keys[$0], ids[$0]) }
    }

    /// Evenly spread keys for all of `children`, in their order.
    private static func spreadKeys(over children: [Int], into keys: inout [String?], suffix: String) {
        let fresh = FractionalIndex.keys(children.count, between: nil, and: nil, suffix: suffix)
        for (child, key) in zip(children, fresh) { keys[child] = key }
    }

    /// The order edits that put `view` at `position` among `siblings` (in their order, `view`
    /// left out): one key between its neighbours, or, when that key would be longer than
    /// `FractionalIndex.rebalanceLength` or no key fits between them (neighbours holding one
    /// key, or no key), fresh evenly spread keys for all of them (only the keys that change are
    /// written). So however many inserts land at one spot, keys stay short, and a rebalance
    /// merges like any other edit. (`plumb add`, `plumb mv`.)
    public static func place(_ view: String, at position: Int, among siblings: [(view: String, order: String)], suffix: String) -> [Edit] {
        let position = max(0, min(position, siblings.count))
        let lower = position > 0 ? siblings[position - 1] : nil
        let upper = position < siblings.count ? siblings[position] : nil
        let key = FractionalIndex.key(between: lower.flatMap { $0.order.isEmpty ? nil : $0.order }, and: upper?.order, suffix: suffix)
        let fits = (lower.map { ($0.order, $0.view) < (key, view) } ?? true) && (upper.map { (key, view) < ($0.order, $0.view) } ?? true)
        if fits && key.utf8.count <= FractionalIndex.rebalanceLength {
            return [Edit(view: view, property: .order, value: ValueText.string(key))]
        }
        var ordered = siblings
        ordered.insert((view, ""), at: position)
        let fresh = FractionalIndex.keys(ordered.count, between: nil, and: nil, suffix: suffix)
        return zip(ordered, fresh).compactMap { sibling, key in
            sibling.view != view && sibling.order == key ? nil : Edit(view: sibling.view, property: .order, value: ValueText.string(key))
        }
    }

    /// Positions of a longest strictly increasing subsequence of the non-nil keys, a tie
    /// broken by `ids` (as siblings sort). O(n log n).
    static func longestIncreasing(_ keys: [String?], ids: [String]? = nil) -> Set<Int> {
        func less(_ a: Int, _ b: Int) -> Bool {
            let left = keys[a]!, right = keys[b]!
            guard left == right, let ids else { return left < right }
            return ids[a] < ids[b]
        }
        var tails: [Int] = []          // position ending the best run of each length
        var previous = [Int](repeating: -1, count: keys.count)
        for position in keys.indices {
            guard keys[position] != nil else { continue }
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if less(tails[middle], position) { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[position] = tails[low - 1] }
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var result = Set<Int>()
        var position = tails.last ?? -1
        while position >= 0 {
            result.insert(position)
            position = previous[position]
        }
        return result
    }
}
