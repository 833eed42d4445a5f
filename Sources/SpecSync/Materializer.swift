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
        var index: [String: Int] = [:]
        var views: [View] = []
        var parentOf: [String: String] = [:]
        var orderOf: [String: String] = [:]
        var alive = Set<String>()
        index.reserveCapacity(state.views.count)
        views.reserveCapacity(state.views.count)
        for (id, properties) in state.views {
            guard properties[.alive]?.value == "true",
                  let kind = properties[.kind]?.value.flatMap(ValueText.decode)?.string.flatMap(ViewKind.init(rawValue:)) else { continue }
            var view = View(id: id, kind: kind)
            for (property, entry) in properties {
                guard let value = entry.value else { continue }
                switch property {
                case .alive, .kind: continue
                case .parent: if let parent = ValueText.decode(value)?.string { parentOf[id] = parent }
                case .order: if let order = ValueText.decode(value)?.string { orderOf[id] = order }
                default:
                    guard property.applies(to: kind), let json = ValueText.decode(value), property.type.check(json) == nil else { continue }
                    view.setValue(json, for: property)
                }
            }
            alive.insert(id)
            index[id] = views.count
            views.append(view)
        }
        let candidates = alive
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
            let view = views[index[id]!]
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
