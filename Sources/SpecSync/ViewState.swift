import LayoutSpec

/// One view's entries: a short list (a view sets a handful of its ~45 properties), searched
/// linearly, which beats hashing at that size.
///
/// Held compactly (issue 38): the entries a version wrote share its clock and site and have
/// consecutive seqs, so a view keeps each of its writers (clock, site and a base seq) once, the
/// first inline, and an entry as its value, its property, the number of its writer and its
/// seq's offset from that writer's base: 24 bytes an entry, where a `(Property, Entry)` is 56.
/// Entries are made whole when read.
public struct ViewState: Sendable, Equatable, Sequence {
    public typealias Element = (property: Property, entry: DocumentState.Entry)

    /// A clock and site that wrote entries of this view, and the seq their offsets count from.
    private struct Writer: Sendable {
        let hlc: Timestamp
        let site: SiteID
        let base: Int64

        /// The offset of `stamp`'s seq from the base, `nil` when another writer wrote it or the
        /// offset does not fit.
        func offset(of stamp: Stamp) -> Int32? {
            guard stamp.hlc == hlc, stamp.site == site else { return nil }
            let (difference, overflow) = stamp.seq.subtractingReportingOverflow(base)
            return overflow ? nil : Int32(exactly: difference)
        }
    }

    private struct Item: Sendable {
        var value: String?
        var offset: Int32
        let property: Property
        var writer: UInt8
    }

    private var items: [Item] = []
    /// Writer 0 (a placeholder while the view has no entries).
    private var first = Writer(hlc: .zero, site: SiteID(high: 0, low: 0), base: 0)
    /// Writers 1…, when the view's entries come from more than one version.
    private var others: [Writer] = []

    public init() {}

    public subscript(property: Property) -> DocumentState.Entry? {
        guard let index = items.firstIndex(where: { $0.property == property }) else { return nil }
        return entry(items[index])
    }

    private func entry(_ item: Item) -> DocumentState.Entry {
        let writer = item.writer == 0 ? first : others[Int(item.writer) - 1]
        return DocumentState.Entry(value: item.value, stamp: Stamp(hlc: writer.hlc, site: writer.site, seq: writer.base + Int64(item.offset)))
    }

    /// Keeps the entry with the greater stamp; returns the previous entry.
    mutating func fold(_ property: Property, _ entry: DocumentState.Entry) -> DocumentState.Entry? {
        guard let index = items.firstIndex(where: { $0.property == property }) else {
            append(property, entry)
            return nil
        }
        let previous = self.entry(items[index])
        if previous.stamp < entry.stamp { set(index, entry) }
        return previous
    }

    /// Folds in each entry; counts in `added` the properties that were new.
    mutating func fold(_ batch: [Element], added: inout Int) {
        items.reserveCapacity(items.count + batch.count)
        for (property, entry) in batch where fold(property, entry) == nil { added += 1 }
    }

    mutating func replace(_ property: Property, _ entry: DocumentState.Entry) -> DocumentState.Entry? {
        guard let index = items.firstIndex(where: { $0.property == property }) else {
            append(property, entry)
            return nil
        }
        defer { set(index, entry) }
        return self.entry(items[index])
    }

    private mutating func append(_ property: Property, _ entry: DocumentState.Entry) {
        let (writer, offset) = place(entry.stamp, replacing: nil)
        items.append(Item(value: entry.value, offset: offset, property: property, writer: writer))
    }

    private mutating func set(_ index: Int, _ entry: DocumentState.Entry) {
        let (writer, offset) = place(entry.stamp, replacing: index)
        items[index].value = entry.value
        items[index].offset = offset
        items[index].writer = writer
    }

    /// The number of a writer of `stamp` and the offset of its seq: a writer that holds it, else
    /// one no entry but `replacing` uses, else a new one. A view's writers are never more than
    /// its entries and one, so at most 64 (one bit per property, SpecCodecTests).
    private mutating func place(_ stamp: Stamp, replacing: Int?) -> (writer: UInt8, offset: Int32) {
        if let offset = first.offset(of: stamp) { return (0, offset) }
        for (index, writer) in others.enumerated() {
            if let offset = writer.offset(of: stamp) { return (UInt8(index + 1), offset) }
        }
        var used: UInt64 = 0
        for (index, item) in items.enumerated() where index != replacing { used |= 1 &<< UInt64(item.writer) }
        let writer = Writer(hlc: stamp.hlc, site: stamp.site, base: stamp.seq)
        if used & 1 == 0 {
            first = writer
            return (0, 0)
        }
        if let free = others.indices.first(where: { used & (1 &<< UInt64($0 + 1)) == 0 }) {
            others[free] = writer
            return (UInt8(free + 1), 0)
        }
        others.append(writer)
        return (UInt8(others.count), 0)
    }

    public var count: Int { items.count }

    public var underestimatedCount: Int { items.count }

    mutating func reserveCapacity(_ entries: Int) {
        items.reserveCapacity(entries)
    }

    /// Equal when they hold the same entries, whatever order the properties were first set in
    /// (which depends on delivery order).
    public static func == (lhs: ViewState, rhs: ViewState) -> Bool {
        lhs.count == rhs.count && lhs.allSatisfy { rhs[$0.property] == $0.entry }
    }

    public func makeIterator() -> Iterator { Iterator(state: self) }

    /// The entries in the order their properties were first set.
    public struct Iterator: IteratorProtocol {
        let state: ViewState
        var index = 0

        public mutating func next() -> Element? {
            guard index < state.items.count else { return nil }
            defer { index += 1 }
            let item = state.items[index]
            return (item.property, state.entry(item))
        }
    }
}
