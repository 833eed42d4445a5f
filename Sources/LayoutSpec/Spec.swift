/// A layout document: a named tree of views.
///
/// Views are kept in tree order (a parent before its children, siblings in order), the root
/// first; `parents[i]` is the index of view `i`'s parent (`-1` for the root). That flat shape
/// needs no recursion to walk, so any depth is safe, and it is the order frames come out in.
public struct Spec: Hashable, Sendable {
    public var name: String
    public private(set) var views: [View]
    public private(set) var parents: [Int]

    /// Builds a spec from views in tree order with their parents' indices.
    /// - Precondition: `views` is non-empty, `parents[0] == -1` and `0 ≤ parents[i] < i` for
    ///   every other view (`isTreeOrder`), and each subtree is contiguous (tree order). The
    ///   engine indexes by these without bounds checks, so they are checked here. Use
    ///   `SpecCodec` for input from outside, which checks all that and throws instead.
    public init(name: String, views: [View], parents: [Int]) {
        precondition(!views.isEmpty && views.count == parents.count && Spec.isTreeOrder(parents),
                     "a spec's parents must be -1 for the root and 0 ≤ parent < index for every other view")
        self.name = name
        self.views = views
        self.parents = parents
    }

    /// True when `parents` describes views in tree order: `-1` first, then each view's parent
    /// an earlier view (`0 ..< index`). O(n).
    public static func isTreeOrder(_ parents: [Int]) -> Bool {
        guard parents.first == -1 else { return false }
        return parents.indices.dropFirst().allSatisfy { parents[$0] >= 0 && parents[$0] < $0 }
    }

    /// The root view.
    public var root: View { views[0] }

    /// The id of view `index`'s parent, `nil` for the root.
    public func parentID(of index: Int) -> String? {
        parents[index] < 0 ? nil : views[parents[index]].id
    }

    /// Indices of each view's children, in order. O(n).
    public func childIndices() -> [[Int]] {
        var children = Array(repeating: [Int](), count: views.count)
        for index in 1..<views.count { children[parents[index]].append(index) }
        return children
    }

    /// Replaces one view's properties, keeping its place in the tree.
    public mutating func update(_ index: Int, _ body: (inout View) -> Void) {
        let id = views[index].id
        body(&views[index])
        precondition(views[index].id == id, "a view's id is its identity; use a new view")
    }
}
