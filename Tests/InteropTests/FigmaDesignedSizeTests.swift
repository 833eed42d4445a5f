import Foundation
import Interop
import LayoutEngine
import LayoutSpec
import Testing
import TextMetrics

/// Text nodes carry Figma's text box as their designed size where it hugs the text: a label
/// whose family is not installed keeps it, so the frame comes out as Figma drew it; one whose
/// family is installed is measured.
@Suite struct FigmaDesignedSizeTests {
    /// A 200-wide card hugging its children (padding 16, spacing 8): a title growing both
    /// ways, a body filling the width and growing down, a fixed-size caption, then a bar.
    static func card(family: String) throws -> ImportedFrame {
        func style(_ size: Int) -> String { #""fontFamily": "\#(family)", "fontSize": \#(size), "fontWeight": 400"# }
        return try FigmaImporterTests.importOne([FigmaImporterTests.node("9:1", "FRAME", "Card", FigmaImporterTests.box(0, 0, 200, 144), #"""
            "layoutMode": "VERTICAL", "itemSpacing": 8, "paddingLeft": 16, "paddingTop": 16, "paddingRight": 16, "paddingBottom": 16,
            "primaryAxisSizingMode": "AUTO", "counterAxisSizingMode": "FIXED"
            """#, children: [
            FigmaImporterTests.node("9:2", "TEXT", "Title", FigmaImporterTests.box(16, 16, 97.5, 24), #"""
                "characters": "Welcome back", "style": {\#(style(20)), "textAutoResize": "WIDTH_AND_HEIGHT"}
                """#),
            FigmaImporterTests.node("9:3", "TEXT", "Body", FigmaImporterTests.box(16, 48, 168, 40), #"""
                "characters": "Two short lines of body text", "layoutAlign": "STRETCH", "style": {\#(style(14)), "textAutoResize": "HEIGHT"}
                """#),
            FigmaImporterTests.node("9:4", "TEXT", "Caption", FigmaImporterTests.box(16, 96, 100, 20), #"""
                "characters": "Fixed", "style": {\#(style(12)), "textAutoResize": "NONE"}
                """#),
            FigmaImporterTests.node("9:5", "RECTANGLE", "Bar", FigmaImporterTests.box(16, 124, 168, 4), #""layoutAlign": "STRETCH""#),
        ])])
    }

    @Test func textThatHugsCarriesFigmasBoxOnThoseAxes() throws {
        let frame = try Self.card(family: "Plumb Missing Sans")
        let title = try FigmaImporterTests.view(frame, "title")
        #expect(title.designedWidth == 97.5 && title.designedHeight == 24 && title.width == nil && title.height == nil)
        let body = try FigmaImporterTests.view(frame, "body")
        #expect(body.designedWidth == nil && body.designedHeight == 40 && body.width == nil)
        let caption = try FigmaImporterTests.view(frame, "caption")
        #expect(caption.designedWidth == nil && caption.designedHeight == nil && caption.width == 100 && caption.height == 20)
    }

    /// Not installed: every box is Figma's, the labels' too.
    @Test func aFamilyThatIsNotInstalledKeepsFigmasBoxes() throws {
        let frame = try Self.card(family: "Plumb Missing Sans")
        let agreement = FigmaAgreement.measure(frame, engine: LayoutEngine(measurer: try FontTextMeasurer()))
        #expect(agreement.compared == 2 && agreement.agreed == 2, "\(agreement.misses.map { "\($0.id): figma \($0.figma) plumb \($0.plumb)" })")
        #expect(agreement.labelsCompared == 3 && agreement.labelsAgreed == 3)
    }

    /// Installed: the labels are measured (as if they had no designed size), never pinned.
    @Test func anInstalledFamilyIsMeasured() throws {
        let frame = try Self.card(family: "DejaVu Sans")
        let engine = LayoutEngine(measurer: try FontTextMeasurer())
        let viewport = Size(width: 200, height: 144)
        let layout = engine.resolve(frame.spec, viewport: viewport)
        var unpinned = frame.spec
        for index in 0..<unpinned.count {
            unpinned.update(index) { $0.designedWidth = nil; $0.designedHeight = nil }
        }
        #expect(layout.frames == engine.resolve(unpinned, viewport: viewport).frames)
        let title = layout.frames[frame.spec.views.firstIndex { $0.id == "title" }!]
        #expect(title.width != 97.5 && title.height != 24)
    }
}
