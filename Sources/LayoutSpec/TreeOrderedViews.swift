/// The views of a spec in tree order, read one at a time: what the spec writer needs. A `Spec`
/// holds its views; a stored version makes each as it is asked for (`Materializer.Views`), so
/// a large document is written out without every view being built first.
public protocol TreeOrderedViews {
    /// The document's name.
    var name: String { get }
    /// As `Spec.parents`: the index of each view's parent, `-1` for the root.
    var parents: [Int] { get }
    /// The id of view `index`.
    func id(at index: Int) -> String
    /// View `index`, with its properties.
    func view(at index: Int) -> View
}

extension TreeOrderedViews {
    /// Number of views.
    public var count: Int { parents.count }

    /// Levels of the deepest view (the root alone is 1). O(n).
    public var depth: Int {
        var levels = [Int](repeating: 1, count: parents.count)
        for index in 1..<max(1, parents.count) { levels[index] = levels[parents[index]] + 1 }
        return levels.max() ?? 0
    }
}

extension Spec: TreeOrderedViews {
    public func id(at index: Int) -> String { views[index].id }
    public func view(at index: Int) -> View { views[index] }
}
