import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import LayoutSpec
import Testing

/// Picture diffs lead with the edits: views that only moved because an ancestor or sibling
/// changed are folded, removed views are ghosts, and every CLI picture has a title and legend.
@Suite struct DiffFoldingTests {
    /// `body`, a stack at margin.top 236 holding 20 labels, and a `banner` drawn at the top.
    static let profile: String = {
        let rows = (1...20).map { "{\"id\": \"row\($0)\", \"kind\": \"label\", \"text\": \"Row \($0)\", \"height\": 20}" }
        return """
            {"plumb": 1, "name": "profile", "root": {"id": "root", "kind": "view", "children": [
              {"id": "banner", "kind": "label", "text": "Hello", "height": 40, "verticalAlignment": "top", "backgroundColor": "#DDF4FF"},
              {"id": "body", "kind": "stack", "verticalAlignment": "top", "margin": {"top": 236}, "children": [\(rows.joined(separator: ", "))]}
            ]}}
            """
    }()

    func ready() -> PlumbRunner {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        #expect(plumb.run("apply", plumb.write("profile.json", Self.profile)).status == 0)
        return plumb
    }

    /// A view edited in place (its text) that a sibling added above pushed down is a property
    /// change, not a move: its move is the addition's consequence. One whose margin changed too
    /// is a move.
    @Test func anEditedViewPushedByASiblingIsAPropertyChange() throws {
        let plumb = ready()
        #expect(plumb.run("add", "profile", "intro", "--parent", "body", "--kind", "label", "--index", "0", "text=Intro", "height=20").status == 0)
        #expect(plumb.run("set", "profile", "row3", "text=Row three").status == 0)
        #expect(plumb.run("set", "profile", "row5", "text=Row five", "margin.left=4").status == 0)
        let json = try JSONParser.parse(plumb.run("diff", "profile@1", "head", "--picture", "--json", "--metrics", "fixed").stdout)
        let changes = try #require(json["changes"]?.elements)
        let kinds = Dictionary(uniqueKeysWithValues: changes.compactMap { change in change["view"]?.string.map { ($0, change["change"]?.string ?? "") } })
        #expect(kinds["intro"] == "added")
        #expect(kinds["row3"] == "changed", "\(kinds)")
        #expect(kinds["row5"] == "moved", "\(kinds)")
        #expect(json["folded"]?.elements?.count == 19, "the other 18 rows only moved, and body only grew")
    }

    @Test func oneEditThatMovesTwentyDescendantsIsOneChange() throws {
        let plumb = ready()
        #expect(plumb.run("set", "profile", "body", "margin.top=256").status == 0)
        let json = try JSONParser.parse(plumb.run("diff", "profile", "--picture", "--json", "--metrics", "fixed").stdout)
        let changes = try #require(json["changes"]?.elements)
        #expect(changes.map { $0["view"]?.string } == ["body"])
        #expect(changes[0]["properties"] == .array([.string("margin.top")]))
        #expect(json["folded"]?.elements?.count == 20)
        let written = plumb.run("diff", "profile@1", "--picture", "--metrics", "fixed", "-o", "diff.svg")
        #expect(written.stderr.hasPrefix("diff.svg: 1 change (20 moved with it, not marked) between v1 and v2 at "), "\(written.stderr)")
        let svg = try String(contentsOfFile: plumb.folder.appendingPathComponent("diff.svg").path, encoding: .utf8)
        let document = try XMLDocument(xmlString: svg, options: [])
        #expect(try document.nodes(forXPath: "//*[@class='plumb-change']").count == 1)
        // The title and legend are in the picture itself.
        let legend = try document.nodes(forXPath: "//*[@data-layer='legend']//*[local-name()='text']").map { $0.stringValue ?? "" }
        #expect(legend == ["profile: v1 → v2", "1 change (20 moved with it, not marked)", "added", "removed", "moved/resized", "properties"])
        // Side by side too.
        #expect(plumb.run("diff", "profile@1", "--picture", "--side-by-side", "--metrics", "fixed", "-o", "side.svg").status == 0)
        let side = try XMLDocument(xmlString: try String(contentsOfFile: plumb.folder.appendingPathComponent("side.svg").path, encoding: .utf8), options: [])
        let sideLegend = try side.nodes(forXPath: "//*[@data-layer='legend']//*[local-name()='text']").map { $0.stringValue ?? "" }
        #expect(sideLegend.first == "profile: v1 | v2" && sideLegend.contains("moved/resized"), "\(sideLegend)")
        #expect(try side.nodes(forXPath: "//*[@data-screen]").count == 2)
        // The page lists the edit, and the folded views on demand.
        #expect(plumb.run("diff", "profile@1", "--picture", "--metrics", "fixed", "-o", "diff.html").status == 0)
        let html = try String(contentsOfFile: plumb.folder.appendingPathComponent("diff.html").path, encoding: .utf8)
        #expect(html.contains("<details class=\"folded\"><summary>20 views moved with it, not marked</summary>"))
        #expect(html.components(separatedBy: "data-change=\"folded\"").count == 21)
    }

    @Test func aRemovedViewIsAGhostThatHidesNothing() throws {
        let plumb = ready()
        #expect(plumb.run("rm", "profile", "banner").status == 0)
        let written = plumb.run("diff", "profile", "--picture", "--metrics", "fixed", "-o", "gone.svg")
        #expect(written.status == 0, "\(written.stderr)")
        let svg = try String(contentsOfFile: plumb.folder.appendingPathComponent("gone.svg").path, encoding: .utf8)
        let document = try XMLDocument(xmlString: svg, options: [])
        let ghost = try #require(try document.nodes(forXPath: "//*[@data-change='removed']/*[local-name()='rect']").first as? XMLElement)
        func attribute(_ name: String) -> String? { ghost.attributes?.first { $0.name == name }?.stringValue }
        #expect(attribute("fill") == "none")
        #expect(attribute("data-ghost") == "true")
        // Nothing else changed: the rows stay where they were, so nothing else is marked.
        #expect(try document.nodes(forXPath: "//*[@class='plumb-change']").count == 1)
    }
}
