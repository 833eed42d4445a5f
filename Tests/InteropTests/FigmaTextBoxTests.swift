import Foundation
import Interop
import LayoutEngine
import LayoutSpec
import Testing
import TextMetrics

private let robotoIsInstalled = (try? FontTextMeasurer().isFamilyInstalled(Font(family: "Roboto"))) ?? false
private let quicksandIsInstalled = (try? FontTextMeasurer().isFamilyInstalled(Font(family: "Quicksand"))) ?? false

/// Labels whose family is installed, measured as Figma measures them: text nodes taken from
/// the files in `Tests/FigmaFiles/`, each resolved with the installed fonts and compared with
/// the text box Figma computed (those files' boxes are whole points: widths rounded up).
struct FigmaTextBoxTests {
    /// The label made from the frame's first text node, resolved at the frame's size, beside
    /// Figma's box for it.
    static func resolvedLabel(_ frame: String) throws -> (plumb: Rect, figma: FigmaRect) {
        let imported = try FigmaImporterTests.importOne([frame])
        let measurer = try FontTextMeasurer()
        let layout = LayoutEngine(measurer: measurer).resolve(imported.spec, viewport: Size(width: imported.size.width, height: imported.size.height))
        let index = try #require(imported.spec.views.firstIndex { $0.kind == .label })
        #expect(measurer.isFamilyInstalled(imported.spec.views[index].resolvedFont))
        return (layout.frames[index], imported.figmaBoxes[index])
    }

    static func expectWithinAPoint(_ result: (plumb: Rect, figma: FigmaRect), sourceLocation: SourceLocation = #_sourceLocation) {
        let (plumb, figma) = result
        #expect(
            abs(plumb.x - figma.x) <= 1 && abs(plumb.y - figma.y) <= 1 && abs(plumb.width - figma.width) <= 1
                && abs(plumb.height - figma.height) <= 1,
            "plumb \(plumb), figma \(figma)", sourceLocation: sourceLocation)
    }

    /// Letter spacing follows every character, the last included, as Figma measured
    /// `gridaco--grida--fitma-767127152320102433.json` (Quicksand, whose glyphs there ink
    /// exactly as the installed face's: 4 spacings would make the box 70, not 73).
    /// (`ccouzens--figma-rust--design-tokens-for-figma.json`'s Roboto Black headings were
    /// measured without the last one: Figma has done both.)
    @Test(.enabled(if: quicksandIsInstalled, "Quicksand is not installed (Tools/install-deps.sh installs it)"))
    func letterSpacingFollowsEveryCharacter() throws {
        let frame = FigmaImporterTests.node("1:1", "FRAME", "Molecules", FigmaImporterTests.box(0, 0, 800, 200), "", children: [
            FigmaImporterTests.node("1:2", "TEXT", "Fitma", FigmaImporterTests.box(481, 80.422, 73, 25), #"""
                "characters": "Fitma", "constraints": {"horizontal": "LEFT", "vertical": "TOP"},
                "style": {"fontFamily": "Quicksand", "fontWeight": 400, "textCase": "UPPER", "textAutoResize": "WIDTH_AND_HEIGHT",
                          "fontSize": 20, "textAlignHorizontal": "LEFT", "textAlignVertical": "CENTER", "letterSpacing": 3,
                          "lineHeightPx": 25, "lineHeightPercent": 100, "lineHeightUnit": "INTRINSIC_%"}
                """#),
        ])
        Self.expectWithinAPoint(try Self.resolvedLabel(frame))
    }

    /// Paragraph spacing (8 pt) below the first of two paragraphs: three lines of 52.2 pt and
    /// the spacing, 164.6 pt (Figma: 164).
    @Test(.enabled(if: robotoIsInstalled, "Roboto is not installed (Tools/install-deps.sh installs it)"))
    func paragraphSpacingFollowsEachParagraphButTheLast() throws {
        let frame = FigmaImporterTests.node("4:1", "FRAME", "Styles", FigmaImporterTests.box(0, 0, 1920, 1080), "", children: [
            FigmaImporterTests.node("4:2", "TEXT", "Intro", FigmaImporterTests.box(160, 265, 1195, 164), #"""
                "characters": "Your styles will be transformed into style design tokens automatically.\nTo avoid styles from being exported prefix them with a \u2018_\u2019 (underscore). This prefix can be changed in the plugin settings.",
                "constraints": {"horizontal": "LEFT", "vertical": "TOP"},
                "style": {"fontFamily": "Roboto", "fontWeight": 500, "paragraphSpacing": 8, "textAutoResize": "HEIGHT", "fontSize": 36,
                          "textAlignHorizontal": "LEFT", "textAlignVertical": "TOP", "letterSpacing": 0, "lineHeightPx": 52.20000076293945,
                          "lineHeightPercentFontSize": 145, "lineHeightUnit": "FONT_SIZE_%"}
                """#),
        ])
        Self.expectWithinAPoint(try Self.resolvedLabel(frame))
    }

    /// Lines are set whole pixels apart: six lines of 52.2 pt rounded to 52 and two paragraph
    /// spacings of 8 make 328 pt (unrounded, 329.2).
    @Test(.enabled(if: robotoIsInstalled, "Roboto is not installed (Tools/install-deps.sh installs it)"))
    func linesAreWholePixelsApart() throws {
        let frame = FigmaImporterTests.node("5:1", "FRAME", "File export", FigmaImporterTests.box(0, 0, 1920, 1080), "", children: [
            FigmaImporterTests.node("5:2", "TEXT", "Settings", FigmaImporterTests.box(160, 268, 781, 328), #"""
                "characters": "The \u201csettings\u201d menu allows you to manage settings that are used when extracting tokens from the file.\n\nYou can read more about the settings in the documentation.",
                "constraints": {"horizontal": "LEFT", "vertical": "TOP"},
                "style": {"fontFamily": "Roboto", "fontWeight": 500, "paragraphSpacing": 8, "textAutoResize": "HEIGHT", "fontSize": 36,
                          "textAlignHorizontal": "LEFT", "textAlignVertical": "TOP", "letterSpacing": 0, "lineHeightPx": 52.20000076293945,
                          "lineHeightPercentFontSize": 145, "lineHeightUnit": "FONT_SIZE_%"}
                """#),
        ])
        Self.expectWithinAPoint(try Self.resolvedLabel(frame))
    }

    /// A font's own line height is the one Figma gives as "auto" (`INTRINSIC_%` at 100 %):
    /// every such text node of an installed family in the shared files reports as
    /// `lineHeightPx` what the installed face measures (FreeType's `hhea` line).
    @Test func theFontsOwnLineHeightIsFigmasAuto() throws {
        let measurer = try FontTextMeasurer()
        var compared = 0
        func visit(_ node: JSONValue) {
            switch node {
            case .array(let items): items.forEach(visit)
            case .object(let members):
                if node["type"] == .string("TEXT"), let style = node["style"], style["lineHeightUnit"] == .string("INTRINSIC_%"),
                   style["lineHeightPercent"]?.number == 100, let family = style["fontFamily"]?.string,
                   let size = style["fontSize"]?.number, let weight = style["fontWeight"]?.number,
                   let figma = style["lineHeightPx"]?.number {
                    let font = Font(family: family, size: size, weight: FontWeight.allCases.min { abs(Double($0.numericWeight) - weight) < abs(Double($1.numericWeight) - weight) }!)
                    if measurer.isFamilyInstalled(font) {
                        compared += 1
                        let own = measurer.lineMetrics(of: font).lineHeight
                        #expect(abs(own - figma) < 0.01, "\(family) \(size) pt: \(own), Figma \(figma)")
                    }
                }
                members.forEach { visit($0.value) }
            default: break
            }
        }
        for name in SharedFigmaFiles.names { visit(try JSONParser.parse(try SharedFigmaFiles.bytes(name))) }
        #expect(compared >= 30, "Roboto and Quicksand text nodes: are they installed?")
    }

    /// Figma's style runs become the label's `textRuns`, in UTF-16 code units, each setting what
    /// it changes from the text's own style; a run that changes nothing is left out, and nothing
    /// is counted as lost.
    @Test func styleRunsBecomeTextRuns() throws {
        let runs = #""characterStyleOverrides": [0, 0, 5, 5], "styleOverrideTable": {"5": {"textDecoration": "UNDERLINE", "fontSize": 20}}"#
        let sized = #""characterStyleOverrides": [0, 7, 6, 8], "styleOverrideTable": {"6": {"fontWeight": 700, "fills": [{"type": "SOLID", "color": {"r": 1, "g": 0, "b": 0, "a": 1}}]}, "7": {"fontSize": 20}, "8": {"fontWeight": 700, "hyperlink": {"type": "URL", "url": "https://example.com"}, "fills": [{"type": "SOLID", "color": {"r": 1, "g": 0, "b": 0, "a": 1}}]}}"#
        let frame = try FigmaImporterTests.importOne([FigmaImporterTests.node("3:1", "FRAME", "Links", FigmaImporterTests.box(0, 0, 300, 100), "", children: [
            FigmaImporterTests.node("3:2", "TEXT", "Linked", FigmaImporterTests.box(0, 0, 100, 29), """
                "characters": "Link", \(runs), "style": {"fontFamily": "Roboto", "fontSize": 20, "textAutoResize": "WIDTH_AND_HEIGHT"}
                """),
            FigmaImporterTests.node("3:3", "TEXT", "Bold", FigmaImporterTests.box(0, 40, 100, 29), """
                "characters": "😀Bold", \(sized), "style": {"fontFamily": "Roboto", "fontSize": 20, "textAutoResize": "WIDTH_AND_HEIGHT"}
                """),
        ])])
        #expect(frame.textLosses == [nil, nil, nil])
        #expect(frame.summary.unexpressed.isEmpty)
        var underline = TextRun(start: 2, length: 2)
        underline.textDecoration = .underline
        #expect(frame.spec.views[1].textRuns == [underline])
        // The emoji is two code units: "B" starts at 2; "o", a link, is styled as "B": one run.
        var bold = TextRun(start: 2, length: 2)
        bold.fontWeight = .bold
        bold.textColor = "#FF0000"
        #expect(frame.spec.views[2].textRuns == [bold])
    }

    /// A run's own text case is kept, and a line height in percent of the font size is of the
    /// run's size (Figma's entry has no pixels for it): 145 % of 18 pt, 26.1 pixels, is 26.
    /// A text that grows both ways keeps a line after each hard break, U+2028 included.
    @Test func runsKeepTheirCaseAndTheirSizesLineHeight() throws {
        let runs = #""characterStyleOverrides": [9, 9, 9, 9, 9, 13, 13, 13], "styleOverrideTable": {"9": {"textCase": "UPPER", "fontSize": 14}, "13": {"fontSize": 18, "fontWeight": 700}}"#
        let frame = try FigmaImporterTests.importOne([FigmaImporterTests.node("7:1", "FRAME", "Card", FigmaImporterTests.box(0, 0, 300, 200), "", children: [
            FigmaImporterTests.node("7:2", "TEXT", "Name", FigmaImporterTests.box(0, 0, 92, 80), """
                "characters": "Name\\nsize\\u2028\\nwidth", \(runs),
                "style": {"fontFamily": "Roboto", "fontSize": 16, "textAutoResize": "WIDTH_AND_HEIGHT", "lineHeightPx": 23.2,
                          "lineHeightPercentFontSize": 145, "lineHeightUnit": "FONT_SIZE_%"}
                """),
        ])])
        let label = frame.spec.views[1]
        #expect(label.numberOfLines == 4)
        #expect(label.lineHeight == .points(23))
        var name = TextRun(start: 0, length: 5)
        name.fontSize = 14
        name.lineHeight = .points(20)
        name.textCase = .upper
        var size = TextRun(start: 5, length: 3)
        size.fontSize = 18
        size.fontWeight = .bold
        size.lineHeight = .points(26)
        #expect(label.textRuns == [name, size])
        #expect(label.styledText.text.hasPrefix("NAME\nsize"))
    }

    /// A bold word in a 20-pt Roboto text: the label measures the word in Roboto Bold, as
    /// Figma's box does (`ccouzens--figma-rust--design-tokens-for-figma.json`).
    @Test(.enabled(if: robotoIsInstalled, "Roboto is not installed (Tools/install-deps.sh installs it)"))
    func aBoldWordIsMeasuredBold() throws {
        let frame = FigmaImporterTests.node("6:1", "FRAME", "Tokens", FigmaImporterTests.box(0, 0, 600, 400), "", children: [
            FigmaImporterTests.node("6:2", "TEXT", "Group", FigmaImporterTests.box(20, 30, 275, 29), #"""
                "characters": "Group tokens by using a frame.", "constraints": {"horizontal": "LEFT", "vertical": "TOP"},
                "characterStyleOverrides": [17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 16, 16, 16, 16, 16, 17],
                "styleOverrideTable": {"17": {"fontSize": 20.0}, "16": {"fontFamily": "Roboto", "fontWeight": 700, "fontSize": 20.0}},
                "style": {"fontFamily": "Roboto", "fontWeight": 400, "textAutoResize": "WIDTH_AND_HEIGHT", "fontSize": 20,
                          "textAlignHorizontal": "LEFT", "textAlignVertical": "TOP", "letterSpacing": 0, "lineHeightPx": 29,
                          "lineHeightPercentFontSize": 145, "lineHeightUnit": "FONT_SIZE_%"}
                """#),
        ])
        let imported = try FigmaImporterTests.importOne([frame])
        var bold = TextRun(start: 24, length: 5)
        bold.fontWeight = .bold
        #expect(imported.spec.views[1].textRuns == [bold])
        let (plumb, _) = try Self.resolvedLabel(frame)
        let measurer = try FontTextMeasurer()
        let regular = Font(family: "Roboto", size: 20), boldFont = Font(family: "Roboto", size: 20, weight: .bold)
        let plain = measurer.width(of: "Group tokens by using a frame.", font: regular)
        let runs = measurer.width(of: "Group tokens by using a ", font: regular) + measurer.width(of: "frame", font: boldFont)
            + measurer.width(of: ".", font: regular)
        #expect(abs(runs - plain) > 0.1, "Roboto Bold sets \"frame\" wider")
        #expect(abs(plumb.width - runs) < 1e-6)
    }

    /// Text of a fixed width stretched across a vertical auto layout that hugs its children
    /// keeps its width, and the frame is as wide as it: the text wraps at 200 pt onto two lines.
    @Test(.enabled(if: robotoIsInstalled, "Roboto is not installed (Tools/install-deps.sh installs it)"))
    func fixedWidthTextStretchedInAHuggingStackKeepsItsWidth() throws {
        let frame = FigmaImporterTests.node("2:1", "FRAME", "Tokens", FigmaImporterTests.box(0, 0, 600, 400), "", children: [
            FigmaImporterTests.node("2:2", "FRAME", "Frame with autolayout", FigmaImporterTests.box(10, 20, 220, 78), #"""
                "constraints": {"horizontal": "LEFT", "vertical": "TOP"}, "layoutMode": "VERTICAL", "itemSpacing": 20,
                "paddingLeft": 10, "paddingRight": 10, "paddingTop": 10, "paddingBottom": 10
                """#, children: [
                    FigmaImporterTests.node("2:3", "TEXT", "Group tokens by using a frame.", FigmaImporterTests.box(20, 30, 200, 58), #"""
                        "characters": "Group tokens by using a frame.", "layoutAlign": "STRETCH", "layoutGrow": 0,
                        "style": {"fontFamily": "Roboto", "fontWeight": 400, "textAutoResize": "HEIGHT", "fontSize": 20,
                                  "textAlignHorizontal": "LEFT", "textAlignVertical": "TOP", "letterSpacing": 0,
                                  "lineHeightPx": 29, "lineHeightPercentFontSize": 145, "lineHeightUnit": "FONT_SIZE_%"}
                        """#),
                ]),
        ])
        Self.expectWithinAPoint(try Self.resolvedLabel(frame))
    }
}
