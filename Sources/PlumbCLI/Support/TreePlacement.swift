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

    /// The order edits placing a view at `index` among `parent`'s children (`moving` left out):
    /// its own key, or fresh keys for all the siblings when keys at that spot have grown long.
    static func orderEdits(in head: DocumentHead, view: String, parent: String, moving: Bool, index: Int?, suffix: String) throws -> [Edit] {
        guard try head.isAlive(parent), let kind = try head.kind(of: parent) else {
            throw StoreError.noView(document: head.name, view: parent)
        }
        guard kind.isContainer else {
            throw StoreError.invalidEdit("\(head.name): \"\(parent)\" is a \(kind.rawValue), which cannot have children")
        }
        let siblings = try head.children(of: parent).filter { !(moving && $0.view == view) }
        return EditPlanner.place(view, at: index ?? siblings.count, among: siblings, suffix: suffix)
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
