import LayoutEngine
import LayoutSpec

/// The document page's word on labels kept at their designed size: their font family is not
/// installed here, so the picture shows them at the size their design measured (as
/// `plumb resolve` warns on stderr).
enum DesignedSizeNotice {
    /// A warning paragraph naming the families and how many labels each keeps; empty when no
    /// label of `spec` is kept.
    static func html(_ spec: Spec, measurer: any TextMeasuring) -> String {
        var families: [(name: String, labels: Int)] = []
        for index in DesignedSizes.pinnedLabels(in: spec, measurer: measurer) {
            let family = spec.views[index].resolvedFont.family
            if let known = families.firstIndex(where: { $0.name == family }) {
                families[known].labels += 1
            } else {
                families.append((family, 1))
            }
        }
        guard !families.isEmpty else { return "" }
        let named = families.map { "<code>\(escape($0.name))</code> (\($0.labels) \($0.labels == 1 ? "label" : "labels"))" }
        return "<p class=\"warning\" data-designed-sizes>Not installed here: \(named.joined(separator: ", ")). "
            + "A label in a family that is not installed keeps the size its design measured until its text or style changes.</p>"
    }
}
