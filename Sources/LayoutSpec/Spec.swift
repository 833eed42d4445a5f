/// A layout document: a named tree of views.
///
/// Views are kept in tree order (a parent before its children, siblings in order), the root
/// first; `parents[i]` is the index of view `i`'s parent (`-1` for the root). That flat shape
/// needs no recursion to walk, so any depth is safe, and it is the order frames come out in.
public struct Spec: Hashable, Sendable {
    public var name: String
    public private(set) var views: [View]
    public private(set) var parents: [Int]
    /// One past the last index of each view's subtree: the view's descendants are exactly
    /// `index + 1 ..< subtreeEnds[index]`, so the engine finds children by jumping from one
    /// sibling's end to the next without building child lists. Computed once, by the check of
    /// tree order.
    public let subtreeEnds: [Int]

    /// Builds a spec from views in tree order with their parents' indices.
    /// - Precondition: `views` is non-empty and `parents` is in tree order (`isTreeOrder`).
    ///   The engine indexes by parents and subtree ends without bounds checks, so they are
    ///   checked here. Use `SpecCodec` for input from outside, which makes tree order and
    ///   throws on what cannot be put in it.
    public init(name: String, views: [View], parents: [Int]) {
        let ends = views.count == parents.count ? Spec.subtreeEnds(of: parents) : nil
        guard let ends, !views.isEmpty else {
            preconditionFailure("a spec's views must be in tree order: the root first (parent -1), each view after its parent, each subtree contiguous")
        }
        self.name = name
        self.views = views
        self.parents = parents
        self.subtreeEnds = ends
    }

    /// True when `parents` describes views in tree order (pre-order): `-1` for the root and
    /// only for it, each other view after its parent, and each subtree contiguous (a view's
    /// descendants directly follow it). O(n).
    public static func isTreeOrder(_ parents: [Int]) -> Bool {
        subtreeEnds(of: parents) != nil
    }

    /// Each view's subtree end (`subtreeEnds`) when `parents` is in tree order, else `nil`.
    ///
    /// In tree order, a view's parent is the view before it or one of that view's ancestors:
    /// the path from the root to the view before is kept, and views leave it, their subtree
    /// closed, until the parent is on top. A parent not on the path (later, negative, or in a
    /// subtree already closed) is not tree order. Each view enters and leaves the path once:
    /// O(n).
    public static func subtreeEnds(of parents: [Int]) -> [Int]? {
        guard parents.first == -1 else { return nil }
        var ends = [Int](repeating: parents.count, count: parents.count)
        var path = [0]
        for index in parents.indices.dropFirst() {
            let parent = parents[index]
            while let last = path.last, last != parent {
                ends[last] = index
                path.removeLast()
            }
            guard !path.isEmpty else { return nil }
            path.append(index)
        }
        return ends
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
