/// The views of a document state, each at a place given in the order views were first written:
/// ids and entries side by side in arrays, with one table from id to place. A reader of every
/// view walks memory in order (a state read from the store is written chunk by chunk, in id
/// order), and a reader can number views by place (`Projection`) without a table of its own.
/// Views are never removed.
public struct ViewTable: Sequence, Sendable, Equatable {
    public typealias Element = (key: String, value: ViewState)

    private var places: [String: Int] = [:]
    /// Every view's id, by place.
    public private(set) var keys: [String] = []
    /// Every view's entries, by place.
    public private(set) var values: [ViewState] = []

    init() {}

    init(capacity: Int) {
        places.reserveCapacity(capacity)
        keys.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
    }

    /// Number of views.
    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    /// The entries of a view, `nil` when the state has none.
    public subscript(id: String) -> ViewState? {
        places[id].map { values[$0] }
    }

    /// The place of a view (an index of `keys` and `values`), `nil` when the state has none.
    public func place(of id: String) -> Int? { places[id] }

    /// Changes a view's entries, an empty list first when the view is new: one lookup of the id.
    mutating func modify<Result>(_ id: String, _ body: (inout ViewState) -> Result) -> Result {
        let next = keys.count
        var isNew = false
        let place = { (slot: inout Int) -> Int in
            if slot < 0 {
                slot = next
                isNew = true
            }
            return slot
        }(&places[id, default: -1])
        if isNew {
            keys.append(id)
            values.append(ViewState())
        }
        return body(&values[place])
    }

    /// True when the state has entries (maybe none yet) for the view.
    public func contains(_ id: String) -> Bool { places[id] != nil }

    public func makeIterator() -> Iterator { Iterator(table: self) }

    /// The views in place order.
    public struct Iterator: IteratorProtocol {
        let table: ViewTable
        var place = 0

        public mutating func next() -> Element? {
            guard place < table.keys.count else { return nil }
            defer { place += 1 }
            return (table.keys[place], table.values[place])
        }
    }

    /// Equal when they hold the same views with the same entries, in whatever order they were
    /// first written (which depends on delivery order).
    public static func == (lhs: ViewTable, rhs: ViewTable) -> Bool {
        lhs.count == rhs.count && lhs.keys.indices.allSatisfy { rhs[lhs.keys[$0]] == lhs.values[$0] }
    }
}
