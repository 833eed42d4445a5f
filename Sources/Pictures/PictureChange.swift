import LayoutEngine

/// One change between two versions, as a picture diff shows and lists it.
public struct PictureChange: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// In the new version only.
        case added
        /// In the old version only.
        case removed
        /// In both, its frame moved or resized (its properties may have changed too).
        case moved
        /// In both, same frame, some properties changed.
        case changed
    }

    public var kind: Kind
    public var view: String
    /// The frame in the old version (nil when added).
    public var from: Rect?
    /// The frame in the new version (nil when removed).
    public var to: Rect?
    /// Names of the properties whose values differ, for views in both versions.
    public var properties: [String]
    /// Whether the view is drawn in the old and in the new version.
    public var drawnBefore: Bool
    public var drawnAfter: Bool
    /// Whether the view has children in either version (its marks are outlines only).
    public var isContainer: Bool

    /// `ok: moved and resized 195, 10, 100×100 → 145, 10, 150×100`
    public var summary: String {
        func text(_ rect: Rect) -> String { NumberText.rect(x: rect.x, y: rect.y, width: rect.width, height: rect.height) }
        let properties = self.properties.isEmpty ? "" : " (\(self.properties.joined(separator: ", ")))"
        switch (kind, from, to) {
        case (.added, _, let to?): return "\(view): added at \(text(to))"
        case (.removed, let from?, _): return "\(view): removed from \(text(from))"
        case (.moved, let from?, let to?): return "\(view): \(movement) \(text(from)) → \(text(to))\(properties)"
        default: return "\(view): changed\(properties)"
        }
    }

    /// "moved", "resized" or "moved and resized".
    public var movement: String {
        guard let from, let to else { return "" }
        let moved = from.x != to.x || from.y != to.y
        let resized = from.width != to.width || from.height != to.height
        return moved && resized ? "moved and resized" : resized ? "resized" : "moved"
    }
}
