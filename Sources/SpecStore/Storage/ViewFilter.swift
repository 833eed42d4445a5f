/// A set of view ids that a blob reader asks about with the id's UTF-8 bytes as stored, so
/// that passing over the views it does not want makes no string (`StateSnapshot`,
/// `ChangeBlock`).
package struct ViewFilter {
    private let wanted: Set<ArraySlice<UInt8>>

    package init(_ views: Set<String>) {
        wanted = Set(views.map { Array($0.utf8)[...] })
    }

    /// Whether the view whose id is these bytes is wanted.
    func contains(_ name: ArraySlice<UInt8>) -> Bool { wanted.contains(name) }
}
