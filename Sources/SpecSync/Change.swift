import LayoutSpec

/// One edit of one property of one view: the unit of storage, sync and merge.
public struct Change: Hashable, Sendable {
    /// `(site, seq)` names the change everywhere; `hlc` orders it.
    public let stamp: Stamp
    public let document: String
    public let view: String
    public let property: Property
    /// The new value as canonical JSON text; `nil` unsets the property.
    public let value: String?

    public init(stamp: Stamp, document: String, view: String, property: Property, value: String?) {
        self.stamp = stamp
        self.document = document
        self.view = view
        self.property = property
        self.value = value
    }

    public var site: SiteID { stamp.site }
    public var seq: Int64 { stamp.seq }
}

/// Where a property lives: one property of one view (the document is implied by context).
public struct PropertyKey: Hashable, Sendable, Comparable {
    public let view: String
    public let property: Property

    public init(view: String, property: Property) {
        self.view = view
        self.property = property
    }

    public static func < (lhs: PropertyKey, rhs: PropertyKey) -> Bool {
        lhs.view != rhs.view ? lhs.view < rhs.view : lhs.property < rhs.property
    }
}
