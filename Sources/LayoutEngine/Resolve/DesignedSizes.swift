import LayoutSpec

/// Labels kept at the size their design measured.
///
/// A label imported from a design carries the size the design tool measured for its text
/// (`designedWidth`, `designedHeight`: Figma's text box, on the axes where it hugs its text).
/// Where the label's font family is installed, the engine measures the text as always and
/// ignores them; where it is not, a substitute face would measure text of another size and
/// move everything around it, so the label takes its designed size as its own width and height
/// (unless it has its own), exactly as if they were set. The resolve and the HTML export both
/// start from `pinned(_:measurer:)`, so they agree.
public enum DesignedSizes {
    /// Indices of the labels and buttons of `spec` kept at their designed size: those with a
    /// designed width or height whose font family `measurer` does not have.
    public static func pinnedLabels(in spec: Spec, measurer: any TextMeasuring) -> [Int] {
        spec.views.indices.filter { index in
            let view = spec.views[index]
            return (view.designedWidth != nil || view.designedHeight != nil) && view.kind.hasText
                && !measurer.isInstalled(view.resolvedFont)
        }
    }

    /// `spec` with each pinned label's designed width and height as its own where it has none;
    /// `spec` itself when no label is pinned.
    public static func pinned(_ spec: Spec, measurer: any TextMeasuring) -> Spec {
        // Most specs carry no designed size: one read of two fields per view says so.
        guard spec.views.contains(where: { $0.designedWidth != nil || $0.designedHeight != nil }) else { return spec }
        var pinned = spec
        for index in pinnedLabels(in: spec, measurer: measurer) {
            pinned.update(index) { view in
                view.width = view.width ?? view.designedWidth
                view.height = view.height ?? view.designedHeight
            }
        }
        return pinned
    }
}
