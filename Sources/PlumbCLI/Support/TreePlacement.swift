import LayoutSpec
import SpecStore
import SpecSync

/// Where `add` and `mv` put a view: checks on the parent and the order key for the index.
enum TreePlacement {
    static func index(_ text: String?, spec: CommandSpec) throws(CLIError) -> Int? {
        guard let text else { return nil }
        guard let index = Int(text), index >= 0 else { throw CLIError.usage("--index: expected a whole number ≥ 0", command: spec) }
        return index
    }

    /// An order key placing a view at `index` among `parent`'s children (`moving` left out).
    static func orderKey(in head: DocumentHead, parent: String, moving: String?, index: Int?, suffix: String) throws -> String {
        guard try head.isAlive(parent), let kind = try head.kind(of: parent) else {
            throw StoreError.noView(document: head.name, view: parent)
        }
        guard kind.isContainer else {
            throw StoreError.invalidEdit("\(head.name): \"\(parent)\" is a \(kind.rawValue), which cannot have children")
        }
        let siblings = try head.children(of: parent).filter { $0.view != moving }
        let position = min(index ?? siblings.count, siblings.count)
        let lower = position > 0 ? siblings[position - 1].order : nil
        let upper = position < siblings.count ? siblings[position].order : nil
        return FractionalIndex.key(between: lower.flatMap { $0.isEmpty ? nil : $0 }, and: upper, suffix: suffix)
    }

    /// Refuses to put a view under itself or one of its descendants, walking the effective
    /// tree (after concurrent moves were resolved), which has no cycle.
    static func checkNoCycle(_ head: DocumentHead, moving view: String, under parent: String, document: String) throws {
        let state = try head.state()
        var current: String? = parent
        var seen = Set<String>()
        while let id = current, seen.insert(id).inserted {
            if id == view { throw StoreError.invalidEdit("\(document): cannot move \"\(view)\" under itself or its own descendant \"\(parent)\"") }
            current = state.value(id, .parent).flatMap(ValueText.decode)?.string
        }
    }
}
