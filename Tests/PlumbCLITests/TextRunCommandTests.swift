import Foundation
import LayoutSpec
import Testing

/// A label's `textRuns` through the CLI: read and shown, checked against the text by `set`,
/// cut when `set` shortens the text, and drawn in the SVG.
@Suite struct TextRunCommandTests {
    static let spec = #"""
        {"plumb": 1, "name": "card", "root": {"id": "root", "children": [
          {"id": "title", "kind": "label", "text": "Group tokens by using a frame.", "horizontalAlignment": "left", "verticalAlignment": "top",
           "textRuns": [{"start": 0, "length": 5, "textColor": "#D73A49"}, {"start": 24, "length": 5, "font": {"weight": "bold"}}]}
        ]}}
        """#

    @Test func setChecksRunsAgainstTheTextAndCutsThemWithIt() throws {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        plumb.write("card.json", Self.spec)
        #expect(plumb.run("apply", "card.json").status == 0)
        // Runs past the text are refused, naming the run; nothing is written.
        let refused = plumb.run("set", "card", "title", #"textRuns=[{"start": 20, "length": 20, "font": {"size": 30}}]"#)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("textRuns[0]: the run 20..<40 ends past the text, which is 30 UTF-16 code units long"), "\(refused.stderr)")
        // Set with a text long enough, in the same edit: accepted.
        #expect(plumb.run("set", "card", "title", "text=Group tokens by using a frame, or two.",
                          #"textRuns=[{"start": 20, "length": 18, "font": {"size": 30}}]"#).status == 0)
        // A shorter text cuts the run across its end.
        #expect(plumb.run("set", "card", "title", "text=Group tokens by using").status == 0)
        let shown = try DesignedSizeCommandTests.shown(plumb, "title")
        #expect(shown["textRuns"] == .array([.object([
            JSONMember("start", .number(20)), JSONMember("length", .number(1)), JSONMember("font", .object([JSONMember("size", .number(30))])),
        ])]))
        // A text too short for any run clears them.
        #expect(plumb.run("set", "card", "title", "text=Hi").status == 0)
        #expect(try DesignedSizeCommandTests.shown(plumb, "title")["textRuns"] == nil)
    }

    /// A new text carries the runs over: a word typed before the bold one moves it.
    @Test func setCarriesTheRunsOverANewText() throws {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        plumb.write("card.json", Self.spec)
        #expect(plumb.run("apply", "card.json").status == 0)
        #expect(plumb.run("set", "card", "title", "text=Group your tokens by using a frame.").status == 0)
        let shown = try DesignedSizeCommandTests.shown(plumb, "title")
        #expect(shown["textRuns"] == .array([
            .object([JSONMember("start", .number(0)), JSONMember("length", .number(5)), JSONMember("textColor", .string("#D73A49"))]),
            .object([JSONMember("start", .number(29)), JSONMember("length", .number(5)), JSONMember("font", .object([JSONMember("weight", .string("bold"))]))]),
        ]), "\(String(describing: shown["textRuns"]))")
    }

    /// A run in a family that is not installed is said so, as a label's own family is.
    @Test func resolveSaysARunsFamilyIsNotInstalled() throws {
        let plumb = PlumbRunner()
        plumb.write("card.json", Self.spec.replacingOccurrences(of: #""font": {"weight": "bold"}"#, with: #""font": {"family": "Plumb Missing Serif"}"#))
        let resolved = plumb.run("resolve", "card.json", "--size", "375x200")
        #expect(resolved.status == 0, "\(resolved.stderr)")
        #expect(resolved.stderr.contains("font family \"Plumb Missing Serif\" is not installed"), "\(resolved.stderr)")
    }

    @Test func theSVGDrawsEachRunInItsStyle() throws {
        let plumb = PlumbRunner()
        plumb.write("card.json", Self.spec)
        let svg = plumb.run("resolve", "card.json", "--size", "375x200", "--format", "svg")
        #expect(svg.status == 0, "\(svg.stderr)")
        #expect(svg.stdout.contains(##"fill="#D73A49""##) && svg.stdout.contains(">Group</tspan>"))
        #expect(svg.stdout.contains(#"font-weight="700""#) && svg.stdout.contains(">frame</tspan>"))
    }
}
