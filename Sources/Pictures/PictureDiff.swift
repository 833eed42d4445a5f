import LayoutEngine
import SpecSync
import LayoutSpec

/// Two versions of a document laid out on one screen, and what changed between them as a
/// picture shows it: views added, removed, moved or resized, and views whose properties
/// changed while their frame stayed.
///
/// Views are matched by id. The property changes come from the caller (the store's
/// `StateDifference`), so this type needs nothing but the two layouts.
public struct PictureDiff {
    /// One version as laid out, and how pictures label it (`v3`, `head`).
    public struct Side {
        public var spec: Spec
        public var layout: Layout
        public var label: String

        public init(spec: Spec, layout: Layout, label: String) {
            self.spec = spec
            self.layout = layout
            self.label = label
        }
    }

    public let old: Side
    public let new: Side
    public let measurer: any TextMeasuring
    /// The edits, in the new version's tree order, then removed views in the old one's: views
    /// added or removed, and views whose own properties (or place in the tree) changed.
    public let changes: [PictureChange]
    /// Views that only moved or resized because something else changed (an ancestor's margin,
    /// a sibling added): folded under the edits, not marked, counted in the legend.
    public let folded: [PictureChange]

    /// Compares the two sides. `changedProperties` maps a view id to the names of its
    /// properties whose values differ (views in both versions only); a view listed there whose
    /// frame is unchanged is a property-only change.
    public init(old: Side, new: Side, changedProperties: [String: [String]], measurer: any TextMeasuring) {
        self.old = old
        self.new = new
        self.measurer = measurer
        let frames = FrameDifference(old: (old.spec, old.layout), new: (new.spec, new.layout))
        var oldIndex: [String: Int] = [:]
        for (index, view) in old.spec.views.enumerated() { oldIndex[view.id] = index }
        var newIndex: [String: Int] = [:]
        for (index, view) in new.spec.views.enumerated() { newIndex[view.id] = index }
        var parents = Set<String>()
        for spec in [old.spec, new.spec] {
            for index in 1..<max(spec.count, 1) { if let parent = spec.parentID(of: index) { parents.insert(parent) } }
        }
        var byView: [String: PictureChange] = [:]
        for entry in frames.entries {
            var kind: PictureChange.Kind = entry.from == nil ? .added : entry.to == nil ? .removed : .moved
            let properties = kind == .moved ? changedProperties[entry.id] ?? [] : []
            // A view that kept its size and none of whose own edits places it (row3's text
            // changed while a sibling added above pushed it down) moved as a consequence: its
            // edit is a property change, drawn and listed as one.
            if kind == .moved, !properties.isEmpty, let from = entry.from, let to = entry.to,
               from.width == to.width, from.height == to.height, properties.allSatisfy({ !Self.placing.contains($0) }) {
                kind = .changed
            }
            byView[entry.id] = PictureChange(
                kind: kind, view: entry.id, from: entry.from, to: entry.to,
                properties: properties,
                drawnBefore: oldIndex[entry.id].map { old.layout.isDrawn[$0] } ?? false,
                drawnAfter: newIndex[entry.id].map { new.layout.isDrawn[$0] } ?? false,
                isContainer: parents.contains(entry.id))
        }
        var ordered: [PictureChange] = []
        for (index, view) in new.spec.views.enumerated() {
            if let change = byView[view.id] {
                ordered.append(change)
            } else if let properties = changedProperties[view.id], !properties.isEmpty, let before = oldIndex[view.id] {
                ordered.append(PictureChange(
                    kind: .changed, view: view.id, from: old.layout.frames[before], to: new.layout.frames[index],
                    properties: properties, drawnBefore: old.layout.isDrawn[before], drawnAfter: new.layout.isDrawn[index],
                    isContainer: parents.contains(view.id)))
            }
        }
        for view in old.spec.views where newIndex[view.id] == nil {
            if let change = byView[view.id] { ordered.append(change) }
        }
        // A frame that changed with no property of the view's own changed is a consequence.
        changes = ordered.filter { $0.kind != .moved || !$0.properties.isEmpty }
        folded = ordered.filter { $0.kind == .moved && $0.properties.isEmpty }
    }

    /// The changed properties (as `changedProperties` names them) that can move a view of
    /// the same size: where it hangs and how it sits in its parent's box.
    static let placing: Set<String> = [
        "parent/order", "kind", "margin.top", "margin.left", "margin.bottom", "margin.right",
        "horizontalAlignment", "verticalAlignment", "row", "column", "rowSpan", "columnSpan", "floating",
    ]

    /// Colours of the marks, one per kind of change (GitHub's palette, readable on white).
    public static func color(of kind: PictureChange.Kind) -> String {
        switch kind {
        case .added: "#1A7F37"
        case .removed: "#CF222E"
        case .moved: "#BF8700"
        case .changed: "#8250DF"
        }
    }

    /// The overlay: the new version's screen with every edit marked on it (`folded` views are
    /// not). Added views are green, removed ones a dashed red ghost (where they were), moved or resized ones amber with their old
    /// frame as a dashed ghost and an arrow from the old place to the new, and property-only
    /// changes a violet dotted outline with a dot at the top-right corner.
    ///
    /// With `legend`, a band above the screen carries the title (document, versions, the
    /// number of changes) and what each colour means, so the picture explains itself where it
    /// is pasted (a pull request, a chat).
    public func overlaySVG(legend: Bool = false) -> String {
        let size = new.layout.viewport
        let title = "\(new.spec.name): \(old.label) → \(new.label)"
        let band = legend ? Self.legendHeight : 0
        let width = legend ? legendWidth(title: title, content: size.width) : size.width
        var out = SVGDocument.header(width: width, height: size.height + band, title: title)
        out += Self.definitions
        if legend {
            out += legendSVG(title: title, width: width)
            out += "<g data-layer=\"screen\" transform=\"translate(0 \(SVGDocument.number(band)))\">\n"
        }
        SVGRenderer(spec: new.spec, layout: new.layout, measurer: measurer).appendScreen(to: &out)
        out += "<g data-layer=\"changes\">\n"
        for change in changes { appendMark(change, side: nil, to: &out) }
        out += "</g>\n"
        if legend { out += "</g>\n" }
        out += "</svg>\n"
        return out
    }

    /// The band's height and the narrowest picture that holds the legend, in points.
    static let legendHeight = 84.0, legendMinimumWidth = 420.0

    /// The picture's width with a legend: the screen's, or more when the title or headline
    /// needs it (estimated at 0.6 em a character, as the fixed metrics do).
    func legendWidth(title: String, content: Double) -> Double {
        let longest = max(Double(title.count) * 13, Double(headline.count) * 12) * 0.6 + 16
        return max(content, Self.legendMinimumWidth, longest.rounded(.up))
    }

    /// `1 change`, and `(20 moved with it, not marked)` when views were folded.
    public var headline: String {
        let count = "\(changes.count) change\(changes.count == 1 ? "" : "s")"
        return folded.isEmpty ? count : "\(count) (\(folded.count) moved with \(changes.count == 1 ? "it" : "them"), not marked)"
    }

    /// The title line and one swatch per kind of mark, on white.
    private func legendSVG(title: String, width: Double) -> String {
        var out = "<g data-layer=\"legend\"><rect width=\"\(SVGDocument.number(width))\" height=\"\(SVGDocument.number(Self.legendHeight))\" fill=\"#FFFFFF\"/>\n"
        out += SVGDocument.label(title, x: 8, y: 20, size: 13)
        out += SVGDocument.label(headline, x: 8, y: 40, size: 12, weight: 400)
        var x = 8.0
        for (kind, name) in [(PictureChange.Kind.added, "added"), (.removed, "removed"), (.moved, "moved/resized"), (.changed, "properties")] {
            let color = Self.color(of: kind)
            let dash = kind == .removed ? " stroke-dasharray=\"4 2\"" : kind == .changed ? " stroke-dasharray=\"2 2\"" : ""
            let fill = kind == .added || kind == .moved ? "fill=\"\(color)\" fill-opacity=\"0.18\"" : "fill=\"none\""
            out += "<rect x=\"\(SVGDocument.number(x))\" y=\"54\" width=\"14\" height=\"14\" \(fill) stroke=\"\(color)\" stroke-width=\"2\"\(dash)/>\n"
            out += SVGDocument.label(name, x: x + 19, y: 66, size: 12, weight: 400)
            x += 19 + Double(name.count) * 6.5 + 16
        }
        out += "<line x1=\"0\" y1=\"\(SVGDocument.number(Self.legendHeight - 0.5))\" x2=\"\(SVGDocument.number(width))\" y2=\"\(SVGDocument.number(Self.legendHeight - 0.5))\" stroke=\"#D0D7DE\"/></g>\n"
        return out
    }

    /// Side by side: the old version on the left and the new on the right, each captioned,
    /// removed and moved views marked on the left at their old frames, added, moved and
    /// changed ones on the right at their new frames.
    /// With `legend`, the band of `overlaySVG(legend:)` above the two screens.
    public func sideBySideSVG(legend: Bool = false) -> String {
        let sides = [old, new]
        let title = "\(new.spec.name): \(old.label) | \(new.label)"
        let sheet = DeviceSheet.render(title: title, captions: sides.map(\.label), sizes: sides.map(\.layout.viewport)) { index, out in
            SVGRenderer(spec: sides[index].spec, layout: sides[index].layout, measurer: measurer).appendScreen(to: &out)
            out += "<g data-layer=\"changes\">\n"
            for change in changes { appendMark(change, side: index == 0, to: &out) }
            out += "</g>\n"
        }
        guard legend, sheet.hasPrefix("<?xml"), let declarationEnd = sheet.firstIndex(of: "\n") else { return sheet }
        let size = DeviceSheet.placement(of: sides.map(\.layout.viewport)).size
        let width = legendWidth(title: title, content: size.width)
        var out = SVGDocument.header(width: width, height: size.height + Self.legendHeight, title: title)
        out += legendSVG(title: title, width: width)
        out += "<g data-layer=\"sheet\" transform=\"translate(0 \(SVGDocument.number(Self.legendHeight)))\">\n"
        out += sheet[sheet.index(after: declarationEnd)...]
        out += "</g>\n</svg>\n"
        return out
    }

    /// The arrowhead the moved marks end in.
    static let definitions = """
        <defs><marker id="plumb-arrow" viewBox="0 0 8 8" refX="7" refY="4" markerWidth="8" markerHeight="8" orient="auto" markerUnits="userSpaceOnUse"><path d="M0,0 L8,4 L0,8 z" fill="\(color(of: .moved))"/></marker></defs>

        """

    /// Marks one change: on the overlay (`side` nil), or on the old (`true`) or new (`false`)
    /// screen of the side-by-side picture. Containers get outlines without a tint, so the
    /// marks of the views inside them stay readable.
    private func appendMark(_ change: PictureChange, side isOld: Bool?, to out: inout String) {
        // Marks wholly outside the screen cannot be seen; the list still names the change.
        let screens = [old.layout.viewport, new.layout.viewport]
        func visible(_ rect: Rect?) -> Bool {
            guard let rect else { return false }
            return screens.contains { rect.x <= $0.width && rect.maxX >= 0 && rect.y <= $0.height && rect.maxY >= 0 }
        }
        guard visible(change.from) || visible(change.to) else { return }
        let color = Self.color(of: change.kind)
        let tint = change.isContainer ? "0" : "0.18"
        let showsOld = isOld != false, showsNew = isOld != true
        var body = ""
        switch change.kind {
        case .added:
            guard showsNew, change.drawnAfter, let to = change.to else { return }
            body = rect(to, "fill=\"\(color)\" fill-opacity=\"\(tint)\" stroke=\"\(color)\" stroke-width=\"2\"")
        case .removed:
            // A ghost: an outline only on the overlay, so it never hides what is there now.
            guard showsOld, change.drawnBefore, let from = change.from else { return }
            let fill = isOld == true ? "fill=\"\(color)\" fill-opacity=\"\(tint)\"" : "fill=\"none\""
            body = rect(from, "\(fill) stroke=\"\(color)\" stroke-width=\"2\" stroke-dasharray=\"4 2\" data-ghost=\"true\"")
        case .moved:
            guard let from = change.from, let to = change.to, change.drawnBefore || change.drawnAfter else { return }
            if showsOld { body += rect(from, "fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.5\" stroke-dasharray=\"5 3\" data-ghost=\"true\"") }
            if isOld == nil, (from.x, from.y) != (to.x, to.y) || (from.width, from.height) != (to.width, to.height) {
                let start = (from.x + from.width / 2, from.y + from.height / 2), end = (to.x + to.width / 2, to.y + to.height / 2)
                if abs(start.0 - end.0) + abs(start.1 - end.1) > 2 {
                    body += "<line x1=\"\(SVGDocument.number(start.0))\" y1=\"\(SVGDocument.number(start.1))\" x2=\"\(SVGDocument.number(end.0))\" y2=\"\(SVGDocument.number(end.1))\" stroke=\"\(color)\" stroke-width=\"1.5\" marker-end=\"url(#plumb-arrow)\"/>"
                }
            }
            if showsNew { body += rect(to, "fill=\"\(color)\" fill-opacity=\"\(change.isContainer ? "0" : "0.12")\" stroke=\"\(color)\" stroke-width=\"2\"") }
        case .changed:
            guard showsNew, change.drawnAfter, let to = change.to else { return }
            body = rect(to, "fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\" stroke-dasharray=\"2 2\"")
            body += "<circle cx=\"\(SVGDocument.number(to.maxX))\" cy=\"\(SVGDocument.number(to.y))\" r=\"4\" fill=\"\(color)\"/>"
        }
        out += "<g class=\"plumb-change\" data-change=\"\(change.kind.rawValue)\" data-view=\"\(XMLText.escaped(change.view))\"><title>\(XMLText.escaped(change.summary))</title>\(body)</g>\n"
    }

    private func rect(_ rect: Rect, _ attributes: String) -> String {
        "<rect x=\"\(SVGDocument.number(rect.x))\" y=\"\(SVGDocument.number(rect.y))\" width=\"\(SVGDocument.number(rect.width))\" height=\"\(SVGDocument.number(rect.height))\" \(attributes)/>"
    }
}

extension PictureDiff {
    /// The property names a picture diff marks per view, from the store's difference of two
    /// states: every changed property, and "parent" or "order" for views moved in the tree.
    public static func changedProperties(_ difference: StateDifference) -> [String: [String]] {
        var properties: [String: [String]] = [:]
        for change in difference.changed { properties[change.view, default: []].append(change.property.rawValue) }
        for view in difference.moved { properties[view, default: []].append("parent/order") }
        return properties
    }
}
