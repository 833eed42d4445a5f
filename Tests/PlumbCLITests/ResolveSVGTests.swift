import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import LayoutSpec
import PlumbCLI
import Testing

@Suite struct ResolveSVGTests {
    static let spec = """
        {"plumb": 1, "name": "screen", "root": {"id": "root", "kind": "view", "children": [
          {"id": "bar", "kind": "view", "height": 44, "verticalAlignment": "top", "backgroundColor": "#1F6FEB80"},
          {"id": "list", "kind": "stack", "margin": {"top": 60}, "children": [
            {"id": "first", "kind": "label", "text": "Tom & Jerry <say> \\"hi\\" 'there'\\u0001", "textColor": "#FF0000",
             "font": {"size": 8}},
            {"id": "wrapped", "kind": "label", "text": "one two three four five six", "numberOfLines": 0, "width": 80,
             "horizontalAlignment": "left", "font": {"size": 10, "weight": "bold", "family": "serif"}},
            {"id": "secret", "kind": "label", "text": "hidden", "visibility": "hidden"},
            {"id": "ok", "kind": "button", "text": "OK", "height": 40, "backgroundColor": "#2DA44E"}]}
        ]}}
        """

    @Test func svgIsWellFormedWithARectPerDrawnViewAndATextPerLine() throws {
        let (document, frames) = try render()
        let root = try #require(document.rootElement())
        #expect(root.name == "svg")
        #expect(value("width", of: root) == "200")
        #expect(value("viewBox", of: root) == "0 0 200 300")
        let drawn = frames.filter { $0["drawn"] == nil }
        let rects = try elements("rect", in: document)
        #expect(rects.count == drawn.count)
        #expect(drawn.count == 6)
        // Each view's rect is at its frame.
        for (rectElement, frame) in zip(rects, drawn) {
            let numbers = ["x", "y", "width", "height"].map { Double(value($0, of: rectElement) ?? "") ?? .nan }
            #expect(zip(numbers, rect(frame)).allSatisfy { abs($0 - $1) < 0.001 }, "\(numbers) vs \(rect(frame))")
        }
        let lineCount = drawn.compactMap { $0["text"]?["lines"]?.elements?.count }.reduce(0, +)
        let texts = try elements("text", in: document)
        #expect(texts.count == lineCount)
        #expect(lineCount >= 4)  // "wrapped" wraps at 80 points
        // Ids on hover: a <title> per drawn view, naming it.
        let titles = try elements("title", in: document).map { $0.stringValue ?? "" }
        for frame in drawn { #expect(titles.contains { $0.hasPrefix((frame["id"]?.string ?? "?") + " (") }) }
        // Not drawn: no trace of the hidden label.
        #expect(!titles.contains { $0.hasPrefix("secret") })
    }

    @Test func svgCarriesColoursFontsAndEscapedText() throws {
        let (document, _) = try render()
        let rects = try elements("rect", in: document)
        #expect(value("fill", of: rects[0]) == "#FFFFFF")  // the root is white without a colour
        #expect(value("fill", of: rects[1]) == "#1F6FEB")
        #expect(value("fill-opacity", of: rects[1]) == "0.502")
        #expect(value("fill", of: rects[2]) == "none")
        let texts = try elements("text", in: document)
        let first = try #require(texts.first)
        #expect(first.stringValue == "Tom & Jerry <say> \"hi\" 'there'\u{FFFD}")
        #expect(value("fill", of: first) == "#FF0000")
        #expect(value("font-size", of: first) == "8")
        let bold = try #require(texts.first { value("font-weight", of: $0) == "700" })
        #expect(value("font-size", of: bold) == "10")
        #expect(value("font-family", of: bold)?.contains("serif") == true)
        // Fixed metrics: ascent is 0.96 em, so the baseline is 9.6 below a 10 pt line's top.
        let (_, frames) = try render()
        let wrappedLine = try #require(frames.first { $0["id"] == .string("wrapped") }?["text"]?["lines"]?.elements?.first)
        let baseline = try #require(Double(value("y", of: bold) ?? ""))
        #expect(abs(baseline - (rect(wrappedLine)[1] + 9.6)) < 0.001)
    }

    @Test func overlayDrawsOnlyTheOutlinesWithTheirIds() throws {
        let (_, frames) = try render()
        let (overlaid, _) = try render(["--overlay"])
        let drawn = frames.filter { $0["drawn"] == nil }
        #expect(try elements("rect", in: overlaid).count == 1 + drawn.count, "the white screen, then one outline a view")
        #expect(try elements("text", in: overlaid).count == drawn.count, "only the ids, no label text")
        let outlines = try overlaid.nodes(forXPath: "//*[local-name()='g'][@data-overlay]/*[local-name()='rect']")
        #expect(outlines.count == drawn.count)
        for case let outline as XMLElement in outlines {
            #expect(value("fill", of: outline) == nil)  // outlines only: the group says fill="none"
        }
    }

    // MARK: Helpers

    private func render(_ extra: [String] = []) throws -> (XMLDocument, [JSONValue]) {
        let plumb = PlumbRunner()
        plumb.write("screen.json", Self.spec)
        let common = ["resolve", "screen.json", "--size", "200x300", "--metrics", "fixed"]
        let svg = plumb.run(common + ["--format", "svg"] + extra)
        #expect(svg.status == 0, "\(svg.stderr)")
        let json = plumb.run(common + ["--format", "json"])
        let frames = try #require(try JSONParser.parse(json.stdout)["frames"]?.elements)
        return (try XMLDocument(xmlString: svg.stdout, options: []), frames)
    }

    /// An attribute's value (`attribute(forName:)` misses attributes of namespaced elements in
    /// swift-corelibs-foundation).
    private func value(_ name: String, of element: XMLElement) -> String? {
        element.attributes?.first { $0.name == name }?.stringValue
    }

    private func elements(_ name: String, in document: XMLDocument) throws -> [XMLElement] {
        try document.nodes(forXPath: "//*[local-name()='\(name)'][not(ancestor::*[local-name()='title'])]")
            .compactMap { $0 as? XMLElement }
            .filter { name != "title" || $0.parent?.name != "svg" }
    }
}
