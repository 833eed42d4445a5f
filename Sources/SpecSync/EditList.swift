import LayoutSpec

/// Edits held compactly, as `ChangeList` holds changes: a view's edits side by side share its id
/// once (one id per run), and an edit is its run's number, its property and its value, about 21
/// bytes where an `Edit` is 40. `EditPlanner` makes a document's edits view by view into one;
/// a new million-view document has some ten million, held beside the spec they come from
/// (issue 38).
///
/// Read as a collection of `Edit`, each made on access.
public struct EditList: RandomAccessCollection, Sendable, Equatable, ExpressibleByArrayLiteral {
    /// One id per run of consecutive edits of one view.
    private var runViews: [String] = []
    /// Per edit: its run's index in `runViews`.
    private var runs: [UInt32] = []
    private var properties: [Property] = []
    private var values: [String?] = []

    public init() {}

    public init(arrayLiteral edits: Edit...) {
        self.init(edits)
    }

    public init(_ edits: some Sequence<Edit>) {
        for edit in edits { append(edit) }
    }

    /// Makes room for `count` edits in all.
    public mutating func reserveCapacity(_ count: Int) {
        runs.reserveCapacity(count)
        properties.reserveCapacity(count)
        values.reserveCapacity(count)
    }

    public mutating func append(_ edit: Edit) {
        if runViews.last != edit.view { runViews.append(edit.view) }
        runs.append(UInt32(truncatingIfNeeded: runViews.count - 1))
        properties.append(edit.property)
        values.append(edit.value)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { properties.count }

    public subscript(position: Int) -> Edit {
        Edit(view: runViews[Int(runs[position])], property: properties[position], value: values[position])
    }
}
