import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import LayoutSpec
import PlumbCLI
import Testing

/// The drawn-only view properties in SVG: `cornerRadius`, `borderWidth`/`borderColor`, and
/// `opacity` multiplied down the tree.
@Suite struct SVGViewStyleTests {
    static let spec = """
        {"plumb": 1, "name": "card", "root": {"id": "root", "children": [
          {"id": "card", "width": 100, "height": 60, "horizontalAlignment": "left", "verticalAlignment": "top",
           "backgroundColor": "#FFFFFF", "cornerRadius": 12, "borderWidth": 4, "borderColor": "#FF000080", "opacity": 0.5,
           "children": [
             {"id": "dot", "width": 10, "height": 10, "horizontalAlignment": "left", "verticalAlignment": "top",
              "backgroundColor": "#00FF00", "cornerRadius": 50, "opacity": 0.5}]},
          {"id": "plain", "width": 10, "height": 10, "horizontalAlignment": "right", "verticalAlignment": "top",
           "borderWidth": 2}]}}
        """

    @Test func cornersBordersAndOpacityAreDrawn() throws {
        let plumb = PlumbRunner()
        plumb.write("card.json", Self.spec)
        let result = plumb.run(["resolve", "card.json", "--size", "200x100", "--format", "svg", "--metrics", "fixed"])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try XMLDocument(xmlString: result.stdout, options: [])
        let groups = try document.nodes(forXPath: "//*[local-name()='g'][@data-view]").compactMap { $0 as? XMLElement }
        func group(_ id: String) throws -> XMLElement { try #require(groups.first { value("data-view", of: $0) == id }) }

        let card = try group("card")
        #expect(value("opacity", of: card) == "0.5")
        let cardRects = (card.children ?? []).compactMap { $0 as? XMLElement }.filter { $0.localName == "rect" }
        #expect(cardRects.count == 2, "the fill, then the border")
        #expect(value("rx", of: cardRects[0]) == "12")
        // The border lies inside the frame: inset by half its width, stroked with the width.
        #expect(value("x", of: cardRects[1]) == "2" && value("width", of: cardRects[1]) == "96")
        #expect(value("stroke-width", of: cardRects[1]) == "4")
        #expect(value("stroke", of: cardRects[1]) == "#FF0000" && value("stroke-opacity", of: cardRects[1]) == "0.502")
        #expect(value("rx", of: cardRects[1]) == "10")
        // A child of a translucent view is drawn with both opacities; a radius past half the
        // side is a circle.
        let dot = try group("dot")
        #expect(value("opacity", of: dot) == "0.25")
        let dotRect = try #require((dot.children ?? []).compactMap { $0 as? XMLElement }.first { $0.localName == "rect" })
        #expect(value("rx", of: dotRect) == "5")
        // A border without a colour is black; no opacity attribute when opaque.
        let plain = try group("plain")
        #expect(value("opacity", of: plain) == nil)
        let plainBorder = try #require((plain.children ?? []).compactMap { $0 as? XMLElement }.filter { $0.localName == "rect" }.last)
        #expect(value("stroke", of: plainBorder) == "#000000")
    }

    private func value(_ name: String, of element: XMLElement) -> String? {
        element.attributes?.first { $0.name == name }?.stringValue
    }
}
