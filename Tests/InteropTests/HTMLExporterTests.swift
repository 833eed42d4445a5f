import Foundation
import Interop
import LayoutEngine
import LayoutSpec
import Testing

/// The page itself: one element per view with its id, CSS per rule, nothing external, text
/// escaped. (Where the browser puts each element: `BrowserLayoutTests`.)
@Suite struct HTMLExporterTests {
    static let spec = try! SpecCodec.decode(Array("""
        {"plumb": 1, "name": "page", "root": {"id": "root", "padding": 8, "children": [
          {"id": "bar", "kind": "stack", "orientation": "horizontal", "spacing": 4, "verticalAlignment": "top", "children": [
            {"id": "a", "kind": "label", "text": "Tom & \\"Jerry\\" <b>\\nsecond", "font": {"size": 12, "weight": "bold"}},
            {"id": "b", "kind": "button", "text": "  ", "width": 40, "cornerRadius": 4, "borderWidth": 1, "opacity": 0.5}]},
          {"id": "form", "kind": "grid", "columns": [120, "auto", "2*"], "rows": ["auto"], "columnSpacing": 6, "margin": {"top": 40},
           "children": [
            {"id": "c", "column": 9, "columnSpan": 3, "width": 10, "minWidth": 5, "margin": {"left": 2}},
            {"id": "d", "kind": "label", "text": "wraps", "numberOfLines": 0, "textAlignment": "right", "textVerticalAlignment": "bottom",
             "visibility": "hidden"},
            {"id": "e", "visibility": "collapsed", "backgroundColor": "#FF000080"}]}
        ]}}
        """.utf8), file: "page.json")

    static var page: String { HTMLExporter(spec: spec, measurer: FixedTextMeasurer()).render() }

    @Test func everyViewIsOneElementWithItsID() {
        let page = Self.page
        for view in Self.spec.views {
            #expect(page.components(separatedBy: "data-id=\"\(view.id)\"").count == 2, "\(view.id)")
        }
        #expect(page.hasPrefix("<!DOCTYPE html>") && page.contains("<title>page</title>"))
        #expect(!page.contains("src=") && !page.contains("href=") && !page.contains("@import"), "self-contained")
    }

    @Test func rulesBecomeCSS() {
        let page = Self.page
        func style(_ id: String) -> String {
            guard let start = page.range(of: "data-id=\"\(id)\""), let open = page.range(of: "style=\"", range: start.upperBound..<page.endIndex),
                  let close = page.range(of: "\"", range: open.upperBound..<page.endIndex) else { return "" }
            return String(page[open.upperBound..<close.lowerBound])
        }
        #expect(style("root").contains("padding:8px 8px 8px 8px") && style("root").contains("background:#FFFFFF"))
        #expect(style("bar").contains("gap:4px") && !style("bar").contains("flex-direction") && style("bar").contains("align-self:start"))
        #expect(page.contains("class=\"s\" data-id=\"bar\""))
        // Grid tracks; a child past the last column lands on it, its span clamped.
        #expect(style("form").contains("grid-template-columns:120px max-content minmax(min-content,2fr)"))
        #expect(style("form").contains("column-gap:6px"))
        #expect(style("c").contains("grid-column:3") && style("c").contains("grid-row:1"))
        // fill with a width: centred with the slot (less margins) as both minimum and maximum.
        #expect(style("c").contains("justify-self:center") && style("c").contains("min-width:max(5px,max(0px,calc(100% - 2px)))"))
        // Centred: shifted by half of what the margins exceed the cell by (none while they fit).
        #expect(style("c").contains("left:max(0px,calc(1px - 50%))") && !style("c").contains("top:"))
        // Stretched or docked at the start, nothing to shift.
        #expect(!style("form").contains("top:") && !style("bar").contains("left:"))
        #expect(style("b").contains("border-radius:4px") && style("b").contains("outline:1px solid #000000") && style("b").contains("opacity:0.5"))
        #expect(style("d").contains("visibility:hidden") && style("e").contains("display:none"))
        #expect(style("e").contains("background:#FF000080"))
    }

    @Test func textIsEscapedAndPlacedAsPlumbPlacesIt() {
        let page = Self.page
        // One line kept of two, with the ellipsis Plumb adds; markup escaped.
        #expect(page.contains(">Tom &amp; &quot;Jerry&quot; &lt;b&gt;…</span>"))
        #expect(page.contains("font-weight:700") && page.contains("white-space:pre"))
        // The right/bottom label wraps.
        #expect(page.contains("justify-self:end;text-align:right;align-self:end"))
        #expect(page.contains("white-space:pre-wrap"))
        // Spaces alone make an empty line.
        #expect(page.contains(">\u{200B}</span>"))
    }
}
