import LayoutSpec

/// A font request without its size: sizes share one resolution.
struct FontKey: Hashable {
    var family: String
    var weight: FontWeight
    var italic: Bool
}
