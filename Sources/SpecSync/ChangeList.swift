import LayoutSpec

/// One version's changes, held compactly: what they share (document, site, clock, consecutive
/// seqs from `firstSeq`) once, and per change only a view number, a property and a value, about
/// 22 bytes a change against a `Change`'s 88. A version of a million-view document holds some
/// ten million changes beside its head state; this is what lets it (docs/store.md, issue 38).
///
/// Read as a collection of `Change`, each made on access with its stamp `(hlc, site,
/// firstSeq + offset)`.
public struct ChangeList: RandomAccessCollection, Sendable, Equatable {
    public let document: String
    public let site: SiteID
    public let hlc: Timestamp
    public let firstSeq: Int64
    /// One id per run of consecutive changes of one view.
    private var runViews: [String] = []
    /// Per change: its run's index in `runViews`.
    private var runs: [UInt32] = []
    private var properties: [Property] = []
    private var values: [String?] = []

    /// An empty list with room for `capacity` changes.
    public init(document: String, site: SiteID, hlc: Timestamp, firstSeq: Int64, capacity: Int = 0) {
        self.document = document
        self.site = site
        self.hlc = hlc
        self.firstSeq = firstSeq
        runs.reserveCapacity(capacity)
        properties.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
    }

    /// Adds the next change (seq `firstSeq + count`).
    public mutating func append(view: String, property: Property, value: String?) {
        if runViews.last != view { runViews.append(view) }
        runs.append(UInt32(truncatingIfNeeded: runViews.count - 1))
        properties.append(property)
        values.append(value)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { properties.count }

    public subscript(position: Int) -> Change {
        Change(stamp: Stamp(hlc: hlc, site: site, seq: firstSeq + Int64(position)), document: document,
               view: view(at: position), property: properties[position], value: values[position])
    }

    /// The view of the change at `position`, without making the change.
    public func view(at position: Int) -> String { runViews[Int(runs[position])] }
    /// The property of the change at `position`.
    public func property(at position: Int) -> Property { properties[position] }
    /// The value of the change at `position`.
    public func value(at position: Int) -> String? { values[position] }
}
