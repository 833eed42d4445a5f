import Interop
import LayoutSpec
import Testing

/// An image fill Plumb cannot draw becomes a grey placeholder, so white text drawn on the
/// picture is not left white on white (or on the solid the image covered).
@Suite struct ImageFillPlaceholderTests {
    @Test func anImageFillIsAGreyPlaceholderUnderWhiteText() throws {
        typealias F = FigmaImporterTests
        let image = #"{"type": "IMAGE", "scaleMode": "FILL"}"#
        let white = #"{"type": "SOLID", "opacity": 1, "color": {"r": 1, "g": 1, "b": 1, "a": 1}}"#
        let frame = try F.importOne([F.node("9:1", "FRAME", "Screen", F.box(0, 0, 200, 200), #""fills": \#(F.solid(1, 1, 1))"#, children: [
            F.node("9:2", "FRAME", "Hero", F.box(0, 0, 200, 100), #""fills": [\#(white), \#(image)]"#, children: [
                F.node("9:3", "TEXT", "Caption", F.box(10, 10, 100, 20), #""characters": "On the photo", "fills": \#(F.solid(1, 1, 1))"#),
            ]),
            F.node("9:4", "RECTANGLE", "Covered", F.box(0, 100, 50, 50), #""fills": [\#(image), \#(white)]"#),
        ])])
        let hero = try F.view(frame, "hero")
        #expect(hero.backgroundColor == "#8C959F", "the image on top is what shows, not the white under it")
        #expect(try F.view(frame, "caption").textColor == "#FFFFFF")
        #expect(try F.view(frame, "covered").backgroundColor == "#FFFFFF", "a solid over the image is what shows")
        #expect(frame.summary.approximated["image fill (a grey placeholder)"] == 1)
    }
}
