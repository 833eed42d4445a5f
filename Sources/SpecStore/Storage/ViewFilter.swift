import LayoutSpec

/// A set of view ids that a blob reader asks about with the id's UTF-8 bytes as stored, so
/// that passing over the views it does not want makes no string (`StateSnapshot`,
/// `ChangeBlock`).
struct ViewFilter {
    /// The wanted ids by byte count: most ids a reader passes over differ in length or in their
    /// first bytes from the few it wants.
    private let byLength: [[[UInt8]]]
    /// The same ids by hash, for a length that many wanted ids share.
    private let hashed: [UInt64: [[UInt8]]]
    private static let fewest = 8

    init(_ views: Set<String>) {
        let names = views.map { Array($0.utf8) }
        var byLength = Array(repeating: [[UInt8]](), count: 1 + (names.map(\.count).max() ?? 0))
        for name in names { byLength[name.count].append(name) }
        self.byLength = byLength
        hashed = Dictionary(grouping: names.filter { byLength[$0.count].count > Self.fewest }, by: { Self.hash($0[...]) })
    }

    /// Whether the view whose id is these bytes is wanted.
    func contains(_ name: ArraySlice<UInt8>) -> Bool {
        guard name.count < byLength.count else { return false }
        let candidates = byLength[name.count]
        if candidates.count <= Self.fewest { return candidates.contains { $0.elementsEqual(name) } }
        return hashed[Self.hash(name)]?.contains { $0.elementsEqual(name) } == true
    }

    private static func hash(_ bytes: ArraySlice<UInt8>) -> UInt64 { IDHash.of(bytes) }
}
