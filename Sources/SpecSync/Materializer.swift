import LayoutSpec

/// Turns a document state (properties, including `parent`, `order`, `kind`, `alive`) into a
/// `Spec` tree, and says which views could not be placed.
public enum Materializer {
    /// A state laid out as a tree.
    public struct Result: Sendable {
        public var spec: Spec
        /// Alive views that are not in the tree: their parent is deleted, unknown, not a
        /// container, or they sit on a parent cycle. They are kept, not laid out.
        public var detached: [String]
    }

    /// Why a document state cannot be laid out at all.
    public enum Failure: Error, Equatable, Sendable {
        /// No alive view without a parent.
        case noRoot
    }

    /// Builds the tree: the root is the alive view without a parent (the least id if several),
    /// children ordered by their `order` key, then id.
    public static func spec(named name: String, from state: DocumentState) throws(Failure) -> Result {
        var views: [String: View] = [:]
        var parentOf: [String: String] = [:]
        var orderOf: [String: String] = [:]
        var alive = Set<String>()
        var pending: [(String, Property, String)] = []
        pending.reserveCapacity(state.entries.count)
        for (key, entry) in state.entries {
            guard let value = entry.value else { continue }
            switch key.property {
            case .alive: if value == "true" { alive.insert(key.view) }
            case .parent: if let parent = ValueText.decode(value)?.string { parentOf[key.view] = parent }
            case .order: if let order = ValueText.decode(value)?.string { orderOf[key.view] = order }
            case .kind:
                if let kind = ValueText.decode(value)?.string.flatMap(ViewKind.init(rawValue:)) {
                    views[key.view] = View(id: key.view, kind: kind)
                }
            default: pending.append((key.view, key.property, value))
            }
        }
        for (view, property, value) in pending {
            guard views[view]?.kind != nil, property.applies(to: views[view]!.kind),
                  let json = ValueText.decode(value), property.type.check(json) == nil else { continue }
            views[view]!.setValue(json, for: property)
        }
        let candidates = alive.filter { views[$0] != nil }
        guard let root = candidates.filter({ parentOf[$0] == nil }).min() else { throw .noRoot }

        var children: [String: [String]] = [:]
        for id in candidates where id != root {
            guard let parent = parentOf[id] else { continue }
            children[parent, default: []].append(id)
        }
        var ordered: [View] = []
        var parents: [Int] = []
        ordered.reserveCapacity(candidates.count)
        parents.reserveCapacity(candidates.count)
        var stack: [(id: String, parent: Int)] = [(root, -1)]
        while let (id, parent) = stack.popLast() {
            let view = views[id]!
            let index = ordered.count
            ordered.append(view)
            parents.append(parent)
            guard view.kind.isContainer, let kids = children[id] else { continue }
            let sorted = kids.sorted { lhs, rhs in
                let left = orderOf[lhs] ?? "", right = orderOf[rhs] ?? ""
                return left != right ? left < right : lhs < rhs
            }
            for kid in sorted.reversed() { stack.append((kid, index)) }
        }
        let placed = Set(ordered.map(\.id))
        let detached = candidates.filter { !placed.contains($0) }.sorted()
        return Result(spec: Spec(name: name, views: ordered, parents: parents), detached: detached)
    }
}
