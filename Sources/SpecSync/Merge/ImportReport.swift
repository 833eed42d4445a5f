/// What an import did.
public struct ImportReport: Sendable, Equatable {
    /// Versions applied now (including ones that had been waiting).
    public var versions = 0
    public var changes = 0
    public var documents: Set<String> = []
    /// Versions received that this store already had.
    public var alreadyHeld = 0
    /// Versions kept until the versions they build on arrive.
    public var waiting = 0
    /// Waiting versions kept from earlier imports that this Plumb cannot read (written by a
    /// newer one?): kept, not applied.
    public var unreadableWaiting = 0
    /// Merge versions made because concurrent work came together.
    public var merges = 0
    /// Concurrent property writes that lost (listed by `plumb conflicts`).
    public var propertyConflicts = 0
    /// Structural conflicts recorded, by kind (listed by `plumb conflicts`).
    public var structuralConflicts: [StructuralConflict.Kind: Int] = [:]

    public init() {}

    /// Every conflict recorded: property and structural.
    public var conflicts: Int { propertyConflicts + structuralConflicts.values.reduce(0, +) }
}
