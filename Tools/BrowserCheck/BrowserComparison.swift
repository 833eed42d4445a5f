import Foundation
import Interop
import LayoutEngine
import LayoutSpec

/// The exported page laid out by Chromium against `plumb resolve` at the same size.
///
/// Every view that takes space is compared (views inside a collapsed one are not: CSS gives
/// them no box at all); x, y, width and height must each be within 0.5 px, 1 px for labels
/// and buttons. A mismatch whose parent matches is a root cause and is filed under its rule
/// (the child's kind, its parent's kind and how it docks); mismatches under a mismatched
/// parent are counted as following it.
public struct BrowserComparison {
    /// A document to check.
    public struct Case {
        public var name: String
        public var spec: Spec

        public init(name: String, spec: Spec) {
            self.name = name
            self.spec = spec
        }
    }

    /// One view whose box differs, at one window size.
    public struct Mismatch: CustomStringConvertible {
        public var document: String
        public var viewport: Size
        public var id: String
        public var rule: String
        public var plumb: Rect
        public var browser: Rect?

        public var description: String {
            let browserText = browser.map(Self.text) ?? "missing"
            return "\(document) @\(Self.number(viewport.width))x\(Self.number(viewport.height)) \(id) [\(rule)]: plumb \(Self.text(plumb)), browser \(browserText)"
        }

        static func text(_ rect: Rect) -> String {
            "(\(number(rect.x)), \(number(rect.y)), \(number(rect.width))×\(number(rect.height)))"
        }

        static func number(_ value: Double) -> String { String(format: "%.2f", value).replacingOccurrences(of: ".00", with: "") }
    }

    /// The five window sizes every document is laid out at.
    public static let viewports = [
        Size(width: 320, height: 568), Size(width: 375, height: 667), Size(width: 768, height: 1024),
        Size(width: 1280, height: 800), Size(width: 1920, height: 1080),
    ]

    /// Views compared, and how many agree.
    public var compared = 0
    public var agreed = 0
    /// Mismatches whose parent agrees: each is a rule CSS does not follow as Plumb does.
    public var rootCauses: [Mismatch] = []
    /// Mismatches inside a mismatched parent.
    public var followers = 0

    /// Root causes counted by rule, most first.
    public var byRule: [(rule: String, count: Int)] {
        Dictionary(grouping: rootCauses, by: \.rule).map { ($0.key, $0.value.count) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.rule < $1.rule }
    }

    public init() {}

    /// Exports every case, lays each out in Chromium at every size in `viewports` (one browser
    /// run per `batch` cases) and compares with `engine`'s frames.
    public static func run(
        _ cases: [Case], engine: LayoutEngine, chromium: Chromium, viewports: [Size] = viewports,
        batch: Int = 40, scratch: URL
    ) throws -> BrowserComparison {
        var result = BrowserComparison()
        var start = 0
        while start < cases.count {
            let slice = Array(cases[start..<min(start + batch, cases.count)])
            start += batch
            var pages: [Chromium.Page] = []
            for item in slice {
                let html = HTMLExporter(spec: item.spec, measurer: engine.measurer).render()
                for viewport in viewports { pages.append(Chromium.Page(html: html, width: viewport.width, height: viewport.height)) }
            }
            let rects = try chromium.layOut(pages, scratch: scratch)
            var page = 0
            for item in slice {
                for viewport in viewports {
                    result.compare(item, layout: engine.resolve(item.spec, viewport: viewport), browser: rects[page])
                    page += 1
                }
            }
        }
        return result
    }

    mutating func compare(_ item: Case, layout: Layout, browser: [String: Rect]) {
        let spec = item.spec
        var inCollapsed = [Bool](repeating: false, count: spec.count)
        var agrees = [Bool](repeating: true, count: spec.count)
        // Views holding a label that wraps without a width: their size depends on the space
        // offered, where CSS and Plumb measure differently (docs/html-export.md).
        var holdsWrapping = spec.views.map { $0.kind.hasText && ($0.numberOfLines ?? 1) != 1 && $0.width == nil }
        for index in stride(from: spec.count - 1, to: 0, by: -1) where holdsWrapping[index] { holdsWrapping[spec.parents[index]] = true }
        for index in 0..<spec.count {
            let parent = spec.parents[index]
            inCollapsed[index] = spec.views[index].visibility == .collapsed || (parent >= 0 && inCollapsed[parent])
            if inCollapsed[index] { continue }
            let view = spec.views[index]
            let tolerance = view.kind.hasText ? 1.0 : 0.5
            let plumb = layout.frames[index]
            let found = browser[view.id]
            let same = found.map { Self.within(plumb, $0, tolerance) } ?? false
            compared += 1
            agrees[index] = same
            if same {
                agreed += 1
            } else if parent < 0 || agrees[parent] {
                rootCauses.append(Mismatch(
                    document: item.name, viewport: layout.viewport, id: view.id,
                    rule: Self.rule(of: view, parent: parent >= 0 ? spec.views[parent] : nil)
                        + (holdsWrapping[index] && !view.kind.hasText ? ", holds a label that wraps (no width)" : ""),
                    plumb: plumb, browser: found))
            } else {
                followers += 1
            }
        }
    }

    static func within(_ a: Rect, _ b: Rect, _ tolerance: Double) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
            && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
    }

    /// `label in stack (vertical): fill/fill, wraps`: what decides the view's box.
    static func rule(of view: View, parent: View?) -> String {
        guard let parent else { return "\(view.kind.rawValue) as root" }
        var context = parent.kind.rawValue
        if parent.kind == .stack { context += " (\((parent.orientation ?? .vertical).rawValue))" }
        var rule = "\(view.kind.rawValue) in \(context): \((view.horizontalAlignment ?? .fill).rawValue)/\((view.verticalAlignment ?? .fill).rawValue)"
        let fillWidth = view.horizontalAlignment ?? .fill == .fill && view.width != nil
        let fillHeight = view.verticalAlignment ?? .fill == .fill && view.height != nil
        if fillWidth || fillHeight { rule += ", size on a fill axis" }
        if view.minWidth != nil || view.maxWidth != nil || view.minHeight != nil || view.maxHeight != nil { rule += ", min/max" }
        if view.kind.hasText && (view.numberOfLines ?? 1) != 1 { rule += view.width == nil ? ", wraps (no width)" : ", wraps" }
        if parent.kind == .grid { rule += (view.rowSpan ?? 1) > 1 || (view.columnSpan ?? 1) > 1 ? ", spans" : "" }
        return rule
    }
}
