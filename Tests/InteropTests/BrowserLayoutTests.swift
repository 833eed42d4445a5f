import BrowserCheck
import Foundation
import Interop
import LayoutEngine
import LayoutSpec
import Testing
import TextMetrics

/// The browser as a second layout engine: each exported page laid out by headless Chromium
/// at five window sizes must put every view where `plumb resolve` does (0.5 px, labels 1 px),
/// except where docs/html-export.md says CSS cannot follow Plumb. `plumb-bench browser` prints
/// the same comparison with every mismatch by rule.
@Suite(.serialized) struct BrowserLayoutTests {
    static let goldensFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("LayoutEngineTests/Goldens").path

    static func compare(_ cases: [BrowserComparison.Case]) throws -> BrowserComparison {
        let chromium = try #require(Chromium.find(), "headless Chromium is needed: Tools/install-deps.sh installs it")
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-browser-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: scratch) }
        return try BrowserComparison.run(cases, engine: LayoutEngine(measurer: try FontTextMeasurer()), chromium: chromium, scratch: scratch)
    }

    @Test func goldensAndSeedsLayOutAsPlumbDoes() throws {
        let cases = try BrowserCases.goldens(in: Self.goldensFolder)
        #expect(cases.contains { $0.name.hasPrefix("seed-button") } && cases.contains { $0.name.hasPrefix("seed-label") })
        let result = try Self.compare(cases)
        #expect(result.compared >= 800)
        #expect(result.rootCauses.isEmpty, "\(result.rootCauses.prefix(10).map(\.description).joined(separator: "\n"))")
        #expect(result.agreed + result.rootCauses.count + result.followers == result.compared)
    }

    /// Margins wider than the slot at some window sizes and not at others (the slot-under-
    /// margins goldens have a fixed slot): in a view, across a vertical and a horizontal
    /// stack, and in a grid cell, for every docking, and a wrapping label. Plumb follows WPF (no
    /// usable length: the view at its start margin); the page must too, at each of the five sizes.
    @Test func marginsWiderThanTheSlotAtSomeWindowSizes() throws {
        func children(_ prefix: String, margin: String, horizontal: Bool, vertical: Bool, cell: String = "") -> String {
            var views: [String] = []
            for (name, across, down) in [("start", "left", "top"), ("center", "center", "center"), ("end", "right", "bottom")] {
                var view = #"{"id": "\#(prefix)-\#(name)", "width": 30, "height": 20\#(cell), "margin": \#(margin)"#
                if horizontal { view += #", "horizontalAlignment": "\#(across)""# }
                if vertical { view += #", "verticalAlignment": "\#(down)""# }
                views.append(view + "}")
            }
            views.append(#"{"id": "\#(prefix)-fill"\#(cell), "margin": \#(margin)}"#)
            views.append(#"{"id": "\#(prefix)-fill-min", "minWidth": 50, "minHeight": 40\#(cell), "margin": \#(margin)}"#)
            views.append(#"{"id": "\#(prefix)-fill-size", "width": 60, "height": 30\#(cell), "margin": \#(margin)}"#)
            // A wrapping label without a width: with less room than a glyph, as wide as its
            // widest. (Not in the grid, whose star column its neighbours widen past its words:
            // there it wraps with room to spare, and CSS does not shrink it to its widest line.)
            if cell.isEmpty {
                let left = horizontal ? #", "horizontalAlignment": "left""# : ""
                views.append(#"{"id": "\#(prefix)-label", "kind": "label", "text": "Wrapped words", "numberOfLines": 0\#(left), "margin": \#(margin)}"#)
            }
            return views.joined(separator: ", ")
        }
        // 400 across and 600 down: wider than a 320 or 375 window, narrower than the others;
        // in a grid cell (half the window) 400 across and 300 down.
        let across = #"{"left": 200, "right": 200}"#, down = #"{"top": 300, "bottom": 300}"#
        let both = #"{"left": 200, "right": 200, "top": 300, "bottom": 300}"#
        let cell = #"{"left": 200, "right": 200, "top": 150, "bottom": 150}"#
        let text = #"""
            {"plumb": 1, "name": "margins-wider-than-the-slot", "root": {"id": "root", "children": [
              {"id": "cells", "children": [\#(children("v", margin: both, horizontal: true, vertical: true))]},
              {"id": "column", "kind": "stack", "children": [\#(children("c", margin: across, horizontal: true, vertical: false))]},
              {"id": "row", "kind": "stack", "orientation": "horizontal", "children": [\#(children("r", margin: down, horizontal: false, vertical: true))]},
              {"id": "grid", "kind": "grid", "rows": ["*", "*"], "columns": ["*", "*"], "children": [\#(children("g", margin: cell, horizontal: true, vertical: true, cell: #", "row": 1, "column": 1"#))]}
            ]}}
            """#
        let spec = try SpecCodec.decode(Array(text.utf8), file: "margins-wider-than-the-slot.json")
        let result = try Self.compare([BrowserComparison.Case(name: "margins-wider-than-the-slot", spec: spec)])
        #expect(result.compared == spec.count * BrowserComparison.viewports.count)
        #expect(result.rootCauses.isEmpty, "\(result.rootCauses.prefix(10).map(\.description).joined(separator: "\n"))")
    }

    /// Labels with their own line heights (points and percentages, taller and shorter than the
    /// font's), letter spacing (points, percentages, negative), paragraph spacing, text case and decoration,
    /// hugging their text in a stack, wrapping at a fixed width, and in a row: every box where
    /// `plumb resolve` puts it.
    @Test func lineHeightsAndLetterSpacingLayOutAsPlumbDoes() throws {
        let text = #"""
            {"plumb": 1, "name": "text-spacing", "root": {"id": "root", "children": [
              {"id": "column", "kind": "stack", "horizontalAlignment": "left", "verticalAlignment": "top", "children": [
                {"id": "tall", "kind": "label", "text": "Tall lines", "lineHeight": 40},
                {"id": "short", "kind": "label", "text": "Short lines", "font": {"size": 30}, "lineHeight": 18},
                {"id": "percent", "kind": "label", "text": "Half again", "font": {"size": 20}, "lineHeight": "150%"},
                {"id": "spaced", "kind": "label", "text": "Spaced out", "letterSpacing": 3},
                {"id": "tight", "kind": "label", "text": "Tight heading", "font": {"size": 28, "weight": "bold"}, "letterSpacing": "-2%"},
                {"id": "wide", "kind": "label", "text": "Ten percent", "letterSpacing": "10%", "lineHeight": "120%"},
                {"id": "upper", "kind": "label", "text": "straße oben", "textCase": "upper", "textDecoration": "underline"},
                {"id": "titled", "kind": "label", "text": "each word's first", "textCase": "title", "textDecoration": "strikethrough", "letterSpacing": 1},
                {"id": "lower", "kind": "label", "text": "QUIET Words", "textCase": "lower"},
                {"id": "italic", "kind": "label", "text": "Wavy italic words", "font": {"family": "Roboto", "size": 20, "italic": true}},
                {"id": "bold-oblique", "kind": "label", "text": "Bold and slanted", "font": {"weight": "bold", "italic": true}},
                {"id": "wrapped", "kind": "label", "width": 150, "horizontalAlignment": "left", "numberOfLines": 0, "lineHeight": 24, "letterSpacing": 1,
                 "text": "A paragraph of several words that wraps over a few lines at this width"},
                {"id": "button", "kind": "button", "text": "Go on", "padding": {"left": 12, "right": 12}, "lineHeight": 32, "letterSpacing": 2},
                {"id": "paragraphs", "kind": "label", "width": 150, "horizontalAlignment": "left", "numberOfLines": 0, "lineHeight": 20,
                 "paragraphSpacing": 9, "text": "A first paragraph that wraps at this width\n\nA third after an empty one\u2028same paragraph\n"},
                {"id": "hugging-paragraphs", "kind": "label", "numberOfLines": 0, "paragraphSpacing": 6.5, "text": "One\nTwo\nThree"},
                {"id": "clamped-paragraphs", "kind": "label", "numberOfLines": 3, "paragraphSpacing": 5, "text": "One\nTwo\nThree\nFour"},
                {"id": "final-newline", "kind": "label", "numberOfLines": 0, "text": "Ends in a newline\n"},
                {"id": "final-newlines", "kind": "label", "numberOfLines": 0, "lineHeight": 22, "text": "Two more\n\n"},
                {"id": "other-breaks", "kind": "label", "numberOfLines": 0, "text": "line\u2028separator\u2029paragraph\u0085next\u000Bvertical\u000Cfeed"},
                {"id": "final-separator", "kind": "label", "numberOfLines": 0, "text": "Ends in a line separator\u2028"},
                {"id": "row", "kind": "stack", "orientation": "horizontal", "spacing": 4, "children": [
                  {"id": "a", "kind": "label", "text": "One", "lineHeight": 30, "letterSpacing": 0.5},
                  {"id": "b", "kind": "label", "text": "Two", "font": {"size": 12}, "lineHeight": "200%"}
                ]},
                {"id": "after", "width": 20, "height": 20, "backgroundColor": "#FF0000"}
              ]}
            ]}}
            """#
        let spec = try SpecCodec.decode(Array(text.utf8), file: "text-spacing.json")
        let result = try Self.compare([BrowserComparison.Case(name: "text-spacing", spec: spec)])
        #expect(result.compared == spec.count * BrowserComparison.viewports.count)
        #expect(result.rootCauses.isEmpty, "\(result.rootCauses.prefix(10).map(\.description).joined(separator: "\n"))")
    }

    /// Labels with styled runs: a bold word, a larger word that makes its line taller, a run
    /// with its own line height and letter spacing, runs over wrapped lines and paragraphs, a
    /// truncated line, a button; Chromium sets the exported `<span>`s as Plumb measures them.
    @Test func textRunsLayOutAsPlumbDoes() throws {
        let text = #"""
            {"plumb": 1, "name": "text-runs", "root": {"id": "root", "children": [
                {"horizontalAlignment": "left", "verticalAlignment": "top", "margin": {"top": 0}, "id": "bold", "kind": "label", "text": "Group tokens by using a frame.", "font": {"family": "Roboto", "size": 20},
                 "textRuns": [{"start": 24, "length": 5, "font": {"weight": "bold"}}]},
                {"horizontalAlignment": "left", "verticalAlignment": "top", "margin": {"top": 70}, "id": "larger", "kind": "label", "text": "Small and LARGE words", "textRuns": [{"start": 10, "length": 5, "font": {"size": 30}, "textColor": "#D73A49"}]},
                {"horizontalAlignment": "left", "verticalAlignment": "top", "margin": {"top": 140}, "id": "own-height", "kind": "label", "text": "Line heights mixed", "lineHeight": 20,
                 "textRuns": [{"start": 0, "length": 4, "lineHeight": 36, "letterSpacing": 2}, {"start": 13, "length": 5, "font": {"italic": true}, "textDecoration": "underline"}]},
                {"horizontalAlignment": "left", "verticalAlignment": "top", "margin": {"top": 210}, "id": "percent", "kind": "label", "text": "Percent of each size", "font": {"size": 14}, "lineHeight": "150%",
                 "textRuns": [{"start": 0, "length": 7, "font": {"size": 24, "family": "Roboto", "weight": "black"}}]},
                {"horizontalAlignment": "left", "verticalAlignment": "top", "margin": {"top": 280}, "id": "wrapped", "kind": "label", "width": 160, "numberOfLines": 0,
                 "text": "A paragraph whose middle words are much larger than the rest of it, over lines",
                 "textRuns": [{"start": 17, "length": 12, "font": {"size": 26}}, {"start": 60, "length": 4, "font": {"weight": "bold"}}]},
                {"horizontalAlignment": "left", "verticalAlignment": "top", "margin": {"top": 420}, "id": "paragraphs", "kind": "label", "numberOfLines": 0, "paragraphSpacing": 6, "text": "First line\nSecond, larger\nThird",
                 "textRuns": [{"start": 11, "length": 14, "font": {"size": 24}}]},
                {"horizontalAlignment": "left", "verticalAlignment": "top", "margin": {"top": 490}, "id": "cut", "kind": "label", "width": 120, "text": "Cut short with LARGE text at the end",
                 "textRuns": [{"start": 15, "length": 5, "font": {"size": 28}}]},
                {"horizontalAlignment": "left", "verticalAlignment": "top", "margin": {"top": 560}, "id": "button", "kind": "button", "text": "Go on now", "padding": {"left": 12, "right": 12},
                 "textRuns": [{"start": 3, "length": 2, "font": {"size": 24, "weight": "bold"}}]},
                {"horizontalAlignment": "left", "verticalAlignment": "top", "margin": {"top": 630}, "id": "smaller", "kind": "label", "text": "All of it smaller", "font": {"size": 24},
                 "textRuns": [{"start": 0, "length": 17, "font": {"size": 12}}]},
                {"horizontalAlignment": "left", "verticalAlignment": "top", "margin": {"top": 700}, "id": "card", "kind": "label", "numberOfLines": 0, "paragraphSpacing": 4, "font": {"family": "Roboto", "size": 16}, "lineHeight": "145%",
                 "text": "Name\nsizes/40\u2028\nProperties\nwidth: 40px",
                 "textRuns": [{"start": 0, "length": 5, "font": {"size": 14, "weight": "bold"}, "textCase": "upper"},
                              {"start": 5, "length": 10, "font": {"size": 18, "weight": "bold"}},
                              {"start": 15, "length": 11, "font": {"size": 14, "weight": "bold"}, "textCase": "upper"},
                              {"start": 26, "length": 11, "font": {"size": 18}}]},
                {"horizontalAlignment": "left", "verticalAlignment": "top", "margin": {"top": 840}, "id": "first-smaller", "kind": "label", "numberOfLines": 0, "text": "small\nLARGE",
                 "textRuns": [{"start": 6, "length": 5, "font": {"size": 28}}]},
                {"horizontalAlignment": "left", "verticalAlignment": "top", "margin": {"top": 910}, "id": "after", "width": 20, "height": 20, "backgroundColor": "#FF0000"}
            ]}}
            """#
        let spec = try SpecCodec.decode(Array(text.utf8), file: "text-runs.json")
        let result = try Self.compare([BrowserComparison.Case(name: "text-runs", spec: spec)])
        #expect(result.compared == spec.count * BrowserComparison.viewports.count)
        #expect(result.rootCauses.isEmpty, "\(result.rootCauses.prefix(10).map(\.description).joined(separator: "\n"))")
        try Self.expectLinesAsPlumbPutsThem(spec)
    }

    /// Lines of mixed sizes stacked as Plumb (and Figma) stacks them, each baseline the line's
    /// own line height below the one above, where CSS would stack the lines' boxes: a larger
    /// line under a smaller one and over it, line heights set (points, percentages, a run's
    /// own, lower than the font's) and not, top, middle and bottom in a taller box, wrapping at
    /// a width, centred, a last line whose deepest run is not its last, a button. Every frame
    /// and every line's glyphs within 1 px.
    @Test func mixedSizeLinesStackAsPlumbStacksThem() throws {
        let text = #"""
            {"plumb": 1, "name": "mixed-lines", "root": {"id": "root", "kind": "stack", "padding": 10, "spacing": 6, "horizontalAlignment": "left", "verticalAlignment": "top", "children": [
              {"horizontalAlignment": "left", "id": "larger-under", "kind": "label", "numberOfLines": 0, "text": "small words\nLARGE words\nsmall again",
               "textRuns": [{"start": 12, "length": 5, "font": {"size": 30}}]},
              {"horizontalAlignment": "left", "id": "larger-over", "kind": "label", "numberOfLines": 0, "text": "BIG first\nthen small\nand smaller", "font": {"size": 14},
               "textRuns": [{"start": 0, "length": 3, "font": {"size": 34, "weight": "bold"}}, {"start": 21, "length": 11, "font": {"size": 10}}]},
              {"horizontalAlignment": "left", "id": "top", "kind": "label", "numberOfLines": 0, "height": 150, "textVerticalAlignment": "top", "lineHeight": 22,
               "text": "Top of\nTALL box\nend", "textRuns": [{"start": 7, "length": 4, "font": {"size": 32}, "lineHeight": "110%"}]},
              {"horizontalAlignment": "left", "id": "middle", "kind": "label", "numberOfLines": 0, "height": 150, "textVerticalAlignment": "middle", "lineHeight": "140%",
               "text": "Middle of\nTALL box\nend", "textRuns": [{"start": 10, "length": 4, "font": {"size": 32}}]},
              {"horizontalAlignment": "left", "id": "bottom", "kind": "label", "numberOfLines": 0, "height": 150, "textVerticalAlignment": "bottom",
               "text": "Bottom of\nTALL box\nend", "textRuns": [{"start": 10, "length": 4, "font": {"size": 32}, "lineHeight": 48}]},
              {"horizontalAlignment": "left", "id": "tight", "kind": "label", "numberOfLines": 0, "font": {"size": 30}, "lineHeight": 18,
               "text": "Tight\nlines gyp\nHERE", "textRuns": [{"start": 6, "length": 5, "font": {"size": 14}, "lineHeight": 30}]},
              {"horizontalAlignment": "left", "id": "wrapped", "kind": "label", "width": 180, "numberOfLines": 0, "textAlignment": "center", "lineHeight": 20, "font": {"size": 15},
               "text": "Some words and then VERY LARGE ONES in the middle of a paragraph that wraps over lines",
               "textRuns": [{"start": 20, "length": 15, "font": {"size": 28, "family": "Roboto"}, "lineHeight": "120%"}, {"start": 59, "length": 9, "font": {"weight": "bold"}}]},
              {"horizontalAlignment": "left", "id": "deep-not-last", "kind": "label", "numberOfLines": 0, "text": "first line\nends with BIG then small",
               "textRuns": [{"start": 21, "length": 3, "font": {"size": 36}}]},
              {"horizontalAlignment": "left", "id": "final-newline", "kind": "label", "numberOfLines": 0, "text": "small then\nLARGE and a newline\n",
               "textRuns": [{"start": 11, "length": 20, "font": {"size": 28}}]},
              {"horizontalAlignment": "left", "id": "styled-break", "kind": "label", "numberOfLines": 0, "text": "ab\ncd\r\n",
               "textRuns": [{"start": 2, "length": 1, "font": {"size": 30}}, {"start": 5, "length": 2, "font": {"size": 30}}]},
              {"horizontalAlignment": "left", "id": "spaces-last", "kind": "label", "numberOfLines": 0, "text": "ab\n  ",
               "textRuns": [{"start": 3, "length": 2, "font": {"size": 30}}]},
              {"horizontalAlignment": "left", "id": "separator-last", "kind": "label", "numberOfLines": 0, "text": "ab\u2029",
               "textRuns": [{"start": 0, "length": 2, "font": {"size": 24}}]},
              {"horizontalAlignment": "left", "id": "button", "kind": "button", "numberOfLines": 0, "text": "Go\nON NOW", "padding": {"left": 12, "right": 12, "top": 4, "bottom": 4},
               "textRuns": [{"start": 3, "length": 6, "font": {"size": 26, "weight": "bold"}}]}
            ]}}
            """#
        let spec = try SpecCodec.decode(Array(text.utf8), file: "mixed-lines.json")
        let result = try Self.compare([BrowserComparison.Case(name: "mixed-lines", spec: spec)])
        #expect(result.compared == spec.count * BrowserComparison.viewports.count)
        #expect(result.rootCauses.isEmpty, "\(result.rootCauses.prefix(10).map(\.description).joined(separator: "\n"))")
        try Self.expectLinesAsPlumbPutsThem(spec)
    }

    /// Every shown line of every label in `spec`, laid out by Chromium at 375×667, has its glyphs
    /// (from the highest ascent on it to the lowest descent) within 1 px of where Plumb draws
    /// them. Lines cut with "…" and empty lines are not compared (the page keeps the cut text
    /// in the line, and an empty line has no glyphs).
    static func expectLinesAsPlumbPutsThem(_ spec: Spec) throws {
        let chromium = try #require(Chromium.find(), "headless Chromium is needed: Tools/install-deps.sh installs it")
        let measurer = try FontTextMeasurer()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-lines-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let viewport = Size(width: 375, height: 667)
        let rects = try chromium.layOut(
            [Chromium.Page(html: HTMLExporter(spec: spec, measurer: measurer).render(), width: viewport.width, height: viewport.height)],
            scratch: scratch)[0]
        let layout = LayoutEngine(measurer: measurer).resolve(spec, viewport: viewport)
        var compared = 0
        for (index, view) in spec.views.enumerated() where view.kind.hasText {
            let block = try #require(layout.textBlock(of: index))
            for (number, line) in block.lines.enumerated() where !line.text.isEmpty && !line.text.hasSuffix("…") {
                let fonts = line.spans.isEmpty ? [view.resolvedFont] : line.spans.filter { !$0.text.isEmpty }.map(\.style.font)
                let baseline = line.rect.y + line.baseline
                let top = baseline - fonts.map { measurer.lineMetrics(of: $0).ascent }.max()!
                let bottom = baseline + fonts.map { measurer.lineMetrics(of: $0).descent }.max()!
                let browser = try #require(rects["\(view.id) line \(number)"], "\(view.id): line \(number) (\(line.text)) is missing")
                #expect(abs(browser.y - top) <= 1 && abs(browser.y + browser.height - bottom) <= 1,
                        "\(view.id) line \(number) (\(line.text)): plumb \(top)…\(bottom), browser \(browser.y)…\(browser.y + browser.height)")
                compared += 1
            }
        }
        #expect(compared > 0)
    }

    /// Lines lower than the font's own: the glyphs stand out above and below the line, as Plumb
    /// draws them, and the page does not cut them off. The text span's box, which clips it (for
    /// ellipses and clamped lines), holds the font's whole line, centred on the label.
    @Test func shortLinesAreNotCutOff() throws {
        let chromium = try #require(Chromium.find(), "headless Chromium is needed: Tools/install-deps.sh installs it")
        let spec = try SpecCodec.decode(Array(#"""
            {"plumb": 1, "name": "short", "root": {"id": "root", "kind": "stack", "padding": 20, "children": [
              {"id": "heading", "kind": "label", "text": "Tight heading gyp", "font": {"size": 30}, "lineHeight": 18, "horizontalAlignment": "left"},
              {"id": "clamped", "kind": "label", "width": 120, "horizontalAlignment": "left", "numberOfLines": 2, "lineHeight": "80%",
               "font": {"size": 20}, "text": "Several words that wrap over more lines than two"},
              {"id": "plain", "kind": "label", "text": "Own line height"}
            ]}}
            """#.utf8), file: "short.json")
        let measurer = try FontTextMeasurer()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-short-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let html = HTMLExporter(spec: spec, measurer: measurer).render()
        let rects = try chromium.layOut([Chromium.Page(html: html, width: 400, height: 300)], scratch: scratch)[0]
        for (id, size) in [("heading", 30.0), ("clamped", 20.0)] {
            let label = try #require(rects[id]), text = try #require(rects[id + " text"])
            let natural = measurer.lineMetrics(of: Font(size: size))
            #expect(text.height >= label.height + (natural.ascent + natural.descent) - (spec.views.first { $0.id == id }!.resolvedLineHeight ?? 0) - 0.5,
                    "\(id): the clip \(text) cuts the glyphs of \(label)")
            #expect(abs((text.y + text.height / 2) - (label.y + label.height / 2)) < 1, "\(id): \(text) is not centred on \(label)")
        }
        // At the font's own line height nothing changes: the span is the label's line.
        let plain = try #require(rects["plain"]), plainText = try #require(rects["plain text"])
        #expect(abs(plainText.height - plain.height) < 0.5)
        // Plumb's frames hold too.
        let result = try Self.compare([BrowserComparison.Case(name: "short", spec: spec)])
        #expect(result.rootCauses.isEmpty, "\(result.rootCauses.prefix(10).map(\.description).joined(separator: "\n"))")
    }

    /// Labels whose font family is not installed keep their designed size, which the page
    /// gives them as a fixed width and height; an installed family's label is measured on both.
    @Test func designedSizesOfFamiliesThatAreNotInstalled() throws {
        let text = #"""
            {"plumb": 1, "name": "designed", "root": {"id": "root", "children": [
              {"id": "column", "kind": "stack", "spacing": 8, "padding": 16, "verticalAlignment": "top", "children": [
                {"id": "title", "kind": "label", "text": "Welcome back", "font": {"family": "Plumb Missing Sans", "size": 20},
                 "horizontalAlignment": "left", "designedWidth": 97.5, "designedHeight": 24},
                {"id": "body", "kind": "label", "text": "Two short lines of body text that wrap", "numberOfLines": 0,
                 "font": {"family": "Plumb Missing Sans", "size": 14}, "designedHeight": 40},
                {"id": "measured", "kind": "label", "text": "Measured", "font": {"family": "DejaVu Sans", "size": 14},
                 "horizontalAlignment": "left", "designedWidth": 30, "designedHeight": 10},
                {"id": "row", "kind": "stack", "orientation": "horizontal", "spacing": 4, "children": [
                  {"id": "go", "kind": "button", "text": "Go", "font": {"family": "Plumb Missing Sans"}, "designedWidth": 44, "designedHeight": 32},
                  {"id": "next", "kind": "label", "text": "Next", "font": {"family": "Plumb Missing Sans", "weight": "bold"}, "verticalAlignment": "center", "designedWidth": 31.25, "designedHeight": 19}
                ]},
                {"id": "after", "width": 20, "height": 20, "backgroundColor": "#FF0000"}
              ]}
            ]}}
            """#
        let spec = try SpecCodec.decode(Array(text.utf8), file: "designed.json")
        let result = try Self.compare([BrowserComparison.Case(name: "designed", spec: spec)])
        #expect(result.compared == spec.count * BrowserComparison.viewports.count)
        #expect(result.rootCauses.isEmpty, "\(result.rootCauses.prefix(10).map(\.description).joined(separator: "\n"))")
        let layout = LayoutEngine(measurer: try FontTextMeasurer()).resolve(spec, viewport: Size(width: 375, height: 667))
        #expect(layout.frames[2].width == 97.5 && layout.frames[2].height == 24, "the comparison is of pinned labels")
    }

    /// A grid with its own size along a stack shares it among its star tracks (a 2 × `*` grid
    /// 100 tall: rows of 50), and without one sizes them to their content; across the stack
    /// likewise.
    @Test func gridsWithTheirOwnSizeInsideStacks() throws {
        let cell = #"{"id": "%@", "kind": "label", "text": "Cell", "row": %d, "column": %d}"#
        func cells(_ prefix: String) -> String {
            (0..<4).map { String(format: cell, "\(prefix)\($0)", $0 / 2, $0 % 2) }.joined(separator: ", ")
        }
        let text = #"""
            {"plumb": 1, "name": "grids-in-stacks", "root": {"id": "root", "children": [
              {"id": "column", "kind": "stack", "children": [
                {"id": "tall", "kind": "grid", "height": 100, "rows": ["*", "*"], "columns": ["*", "*"], "children": [\#(cells("t"))]},
                {"id": "hugging", "kind": "grid", "rows": ["*", "2*"], "columns": ["*", "*"], "children": [\#(cells("h"))]},
                {"id": "row", "kind": "stack", "orientation": "horizontal", "height": 80, "children": [
                  {"id": "wide", "kind": "grid", "width": 200, "rows": ["*", "*"], "columns": ["*", "3*"], "children": [\#(cells("w"))]},
                  {"id": "narrow", "kind": "grid", "rows": ["*", "*"], "columns": ["*", "*"], "children": [\#(cells("n"))]}
                ]}
              ]}
            ]}}
            """#
        let spec = try SpecCodec.decode(Array(text.utf8), file: "grids-in-stacks.json")
        let result = try Self.compare([BrowserComparison.Case(name: "grids-in-stacks", spec: spec)])
        #expect(result.compared == spec.count * BrowserComparison.viewports.count)
        #expect(result.rootCauses.isEmpty, "\(result.rootCauses.prefix(10).map(\.description).joined(separator: "\n"))")
    }

    /// Floating children of stacks (docked in the stack's frame, taking no space in its flow)
    /// and negative spacing (overlapping children): Plumb's frames as designed, and the page's
    /// the same; floating views wider than their stack (centred or at the end: overflowing both
    /// ways or at the start) and with margins wider than it at some window sizes too.
    @Test func floatingChildrenAndNegativeSpacingInStacks() throws {
        let text = #"""
            {"plumb": 1, "name": "floating", "root": {"id": "root", "children": [
              {"id": "card", "kind": "stack", "horizontalAlignment": "left", "verticalAlignment": "top",
               "padding": {"top": 10, "left": 10, "bottom": 10, "right": 10}, "spacing": 8, "children": [
                {"id": "title", "kind": "label", "text": "Title"},
                {"id": "shadow", "floating": true},
                {"id": "badge", "floating": true, "width": 16, "height": 16, "horizontalAlignment": "right",
                 "verticalAlignment": "top", "margin": {"top": 4, "right": 4}},
                {"id": "body", "width": 120, "height": 40},
                {"id": "middle", "kind": "label", "text": "Mid", "floating": true, "horizontalAlignment": "center", "verticalAlignment": "center"}
              ]},
              {"id": "avatars", "kind": "stack", "orientation": "horizontal", "spacing": -8, "horizontalAlignment": "right",
               "verticalAlignment": "bottom", "children": [
                {"id": "a1", "width": 32, "height": 32}, {"id": "a2", "width": 32, "height": 32, "visibility": "collapsed"},
                {"id": "a3", "width": 32, "height": 32}, {"id": "a4", "width": 32, "height": 32, "margin": {"left": 2}}
              ]},
              {"id": "banner", "kind": "stack", "height": 60, "verticalAlignment": "bottom", "children": [
                {"id": "wide", "floating": true, "width": 1041, "horizontalAlignment": "center", "margin": {"left": 1}},
                {"id": "wide-end", "floating": true, "width": 900, "height": 10, "horizontalAlignment": "right", "verticalAlignment": "top"},
                {"id": "spaced", "floating": true, "width": 40, "height": 10, "horizontalAlignment": "center", "verticalAlignment": "center",
                 "margin": {"left": 300, "right": 340}},
                {"id": "spaced-end", "floating": true, "width": 40, "height": 10, "horizontalAlignment": "right", "verticalAlignment": "bottom",
                 "margin": {"left": 500, "right": 200}}
              ]}
            ]}}
            """#
        let spec = try SpecCodec.decode(Array(text.utf8), file: "floating.json")
        let layout = LayoutEngine(measurer: try FontTextMeasurer()).resolve(spec, viewport: Size(width: 375, height: 667))
        func frame(_ id: String) throws -> Rect { layout.frames[try #require(spec.views.firstIndex { $0.id == id })] }
        let (card, title, body) = (try frame("card"), try frame("title"), try frame("body"))
        let (badge, shadow, group) = (try frame("badge"), try frame("shadow"), try frame("avatars"))
        let (a1, a3, a4) = (try frame("a1"), try frame("a3"), try frame("a4"))
        // The card hugs title, spacing and body only: 10 + title + 8 + 40 + 10 tall, 140 wide.
        #expect(card.width == 140 && abs(card.height - (68 + title.height)) < 1e-9)
        #expect(shadow == card)
        #expect(badge == Rect(x: card.x + 140 - 4 - 16, y: card.y + 4, width: 16, height: 16))
        #expect(body.y == title.maxY + 8)
        // Three avatars of 32 overlapping by 8, the last 2 further right: 32 + 24 + 26 wide.
        #expect(group.width == 82)
        #expect(a3.x == a1.x + 24 && a4.x == a3.x + 26)
        let result = try Self.compare([BrowserComparison.Case(name: "floating", spec: spec)])
        // The collapsed avatar is not compared.
        #expect(result.compared == (spec.count - 1) * BrowserComparison.viewports.count)
        #expect(result.rootCauses.isEmpty, "\(result.rootCauses.prefix(10).map(\.description).joined(separator: "\n"))")
    }

    /// Wrapping stacks: rows that fill the window (their lines change with its width), a row
    /// that hugs its lines, columns of a fixed height, mixed child sizes and margins, children
    /// aligned in their line, a label, collapsed and floating children, children filling their
    /// line with a thickness of their own (which counts in the line's, what they hold does not)
    /// or a minimum, a wrapping column of a label and views, and a wrapping stack
    /// along a row (one line). Plumb's frames as designed, and the page's the same.
    @Test func wrappingStacks() throws {
        func items(_ prefix: String, vertical: Bool) -> String {
            let sizes: [(Double, Double)] = [(40, 16), (120, 30), (70, 24), (140, 40), (55, 20), (90, 36), (30, 30), (110, 18)]
            let alignments = vertical ? ["left", "center", "right", "fill"] : ["top", "center", "bottom", "fill"]
            var views = sizes.enumerated().map { index, size in
                let (along, across) = vertical ? (size.1, size.0) : size
                let acrossName = vertical ? "width" : "height"
                let alongName = vertical ? "height" : "width"
                let alignment = alignments[index % 4]
                let thickness = alignment == "fill" ? "" : #", "\#(acrossName)": \#(across)"#
                let margin = index == 2 ? #", "margin": {"left": 3, "top": 5, "right": 7, "bottom": 2}"# : ""
                return #"{"id": "\#(prefix)\#(index)", "\#(alongName)": \#(along)\#(thickness), "\#(vertical ? "horizontalAlignment" : "verticalAlignment")": "\#(alignment)"\#(margin)}"#
            }
            views.insert(#"{"id": "\#(prefix)-label", "kind": "label", "text": "Tag label"}"#, at: 3)
            views.insert(#"{"id": "\#(prefix)-gone", "width": 500, "height": 500, "visibility": "collapsed"}"#, at: 5)
            views.insert(#"{"id": "\#(prefix)-badge", "width": 8, "height": 8, "floating": true, "horizontalAlignment": "right", "verticalAlignment": "top"}"#, at: 6)
            return views.joined(separator: ",\n")
        }
        let text = #"""
            {"plumb": 1, "name": "wrapping", "root": {"id": "root", "kind": "stack", "spacing": 12, "padding": 8, "children": [
              {"id": "rows", "kind": "stack", "orientation": "horizontal", "wrap": true, "spacing": 8, "lineSpacing": 6, "padding": 4,
               "backgroundColor": "#EEEEEE", "children": [\#(items("r", vertical: false))]},
              {"id": "hug", "kind": "stack", "orientation": "horizontal", "wrap": true, "spacing": 10, "horizontalAlignment": "left",
               "backgroundColor": "#DDDDDD", "children": [\#(items("h", vertical: false))]},
              {"id": "columns", "kind": "stack", "wrap": true, "spacing": 4, "lineSpacing": 10, "height": 150, "width": 300,
               "horizontalAlignment": "left", "backgroundColor": "#EEEEEE", "children": [\#(items("c", vertical: true))]},
              {"id": "filled", "kind": "stack", "orientation": "horizontal", "wrap": true, "spacing": 4, "lineSpacing": 4, "width": 150,
               "horizontalAlignment": "left", "children": [
                {"id": "f1", "width": 60, "height": 20}, {"id": "f2", "width": 60, "height": 34, "verticalAlignment": "top"},
                {"id": "f3", "width": 60, "height": 16, "minHeight": 18},
                {"id": "f4", "width": 60, "height": 16, "children": [{"id": "f4-tall", "height": 50, "verticalAlignment": "top"}]},
                {"id": "f5", "width": 60, "minHeight": 12}, {"id": "f6", "width": 60, "minHeight": 0}
              ]},
              {"id": "labels", "kind": "stack", "wrap": true, "spacing": 4, "lineSpacing": 4, "height": 60, "width": 300,
               "horizontalAlignment": "left", "children": [
                {"id": "l1", "kind": "label", "text": "A label much wider than its own width", "width": 80, "height": 20},
                {"id": "l2", "width": 50, "height": 30}, {"id": "l3", "width": 40, "height": 20}
              ]},
              {"id": "along", "kind": "stack", "orientation": "horizontal", "horizontalAlignment": "left", "children": [
                {"id": "one-line", "kind": "stack", "orientation": "horizontal", "wrap": true, "spacing": 6, "lineSpacing": 20, "children": [
                  {"id": "o1", "width": 200, "height": 20, "verticalAlignment": "bottom"}, {"id": "o2", "width": 200, "height": 30, "verticalAlignment": "bottom"}
                ]}
              ]}
            ]}}
            """#
        let spec = try SpecCodec.decode(Array(text.utf8), file: "wrapping.json")
        let layout = LayoutEngine(measurer: try FontTextMeasurer()).resolve(spec, viewport: Size(width: 375, height: 667))
        func frame(_ id: String) throws -> Rect { layout.frames[try #require(spec.views.firstIndex { $0.id == id })] }
        // At 375 the rows wrap: the 140-wide item starts a line below the first ones.
        #expect(try frame("r3").y > frame("r0").y)
        #expect(try frame("one-line").width == 406 && frame("o1").y == frame("o2").y + 10)
        #expect(try frame("f1").height == 34 && frame("f3").height == 18 && frame("f4").height == 18 && frame("f5").height == 12 && frame("f6").height == 12)
        #expect(try frame("filled").height == 34 + 4 + 18 + 4 + 12 && frame("l1").width == 80 && frame("l2").width == 80 && frame("l3").x == frame("l1").x + 84)
        let result = try Self.compare([BrowserComparison.Case(name: "wrapping", spec: spec)])
        // The collapsed views are not compared.
        #expect(result.compared == (spec.count - 3) * BrowserComparison.viewports.count)
        #expect(result.rootCauses.isEmpty, "\(result.rootCauses.prefix(10).map(\.description).joined(separator: "\n"))")
    }

    /// Distributed stacks: wrapping rows that fill the window under each distribution (their
    /// lines and the room each leaves change with its width), rows that do not wrap (one of
    /// overlapping children, centred), and
    /// columns too short for their children (centred and end-packed ones overflow them; one
    /// whose spacing makes its children shorter than nothing), with
    /// margins, a label, a collapsed child and a floating one.
    @Test func distributedStacks() throws {
        func items(_ prefix: String) -> String {
            let widths: [Double] = [40, 120, 70, 140, 55, 90]
            var views = widths.enumerated().map { index, width in
                let margin = index == 2 ? #", "margin": {"left": 3, "right": 7}"# : ""
                return #"{"id": "\#(prefix)\#(index)", "width": \#(width), "height": 20, "verticalAlignment": "top"\#(margin)}"#
            }
            views.insert(#"{"id": "\#(prefix)-label", "kind": "label", "text": "Tag label", "verticalAlignment": "top"}"#, at: 3)
            views.insert(#"{"id": "\#(prefix)-gone", "width": 500, "height": 500, "visibility": "collapsed"}"#, at: 5)
            views.insert(#"{"id": "\#(prefix)-badge", "width": 8, "height": 8, "floating": true, "horizontalAlignment": "right", "verticalAlignment": "top"}"#, at: 6)
            return views.joined(separator: ",\n")
        }
        let rows = StackDistribution.allCases.map { distribution in
            #"""
            {"id": "\#(distribution.rawValue)", "kind": "stack", "orientation": "horizontal", "wrap": true, "distribution": "\#(distribution.rawValue)",
             "spacing": 8, "lineSpacing": 6, "padding": 4, "backgroundColor": "#EEEEEE", "children": [\#(items(distribution.rawValue))]}
            """#
        }
        let columns = StackDistribution.allCases.map { distribution in
            #"""
            {"id": "column-\#(distribution.rawValue)", "kind": "stack", "distribution": "\#(distribution.rawValue)", "spacing": 5, "height": 40, "width": 60, "verticalAlignment": "top",
             "children": [{"id": "column-\#(distribution.rawValue)-a", "height": 30}, {"id": "column-\#(distribution.rawValue)-b", "height": 25}]}
            """#
        }
        let text = #"""
            {"plumb": 1, "name": "distributed", "root": {"id": "root", "kind": "stack", "spacing": 12, "padding": 8, "children": [
              \#(rows.joined(separator: ",\n")),
              {"id": "one-row", "kind": "stack", "orientation": "horizontal", "distribution": "spaceBetween", "spacing": 4, "children": [
                {"id": "first", "width": 30, "height": 10}, {"id": "second", "width": 30, "height": 10}, {"id": "third", "width": 30, "height": 10}
              ]},
              {"id": "overlap", "kind": "stack", "orientation": "horizontal", "distribution": "center", "spacing": -12, "children": [
                {"id": "face1", "width": 40, "height": 40}, {"id": "face2", "width": 40, "height": 40}, {"id": "face3", "width": 40, "height": 40}
              ]},
              {"id": "columns", "kind": "stack", "orientation": "horizontal", "spacing": 20, "margin": {"top": 20}, "height": 80, "children": [
                \#(columns.joined(separator: ",\n")),
                {"id": "negative", "kind": "stack", "distribution": "center", "spacing": -30, "height": 60, "width": 40, "verticalAlignment": "top",
                 "children": [{"id": "negative-a", "height": 10}, {"id": "negative-b", "height": 10}]}
              ]}
            ]}}
            """#
        let spec = try SpecCodec.decode(Array(text.utf8), file: "distributed.json")
        let layout = LayoutEngine(measurer: try FontTextMeasurer()).resolve(spec, viewport: Size(width: 375, height: 667))
        func frame(_ id: String) throws -> Rect { layout.frames[try #require(spec.views.firstIndex { $0.id == id })] }
        // The centred column's children overflow it both ways, the end one's at its top.
        #expect(try frame("column-center-a").y < frame("column-center").y)
        #expect(try frame("column-end-b").maxY == frame("column-end").maxY)
        #expect(try frame("third").maxX == frame("one-row").maxX)
        let result = try Self.compare([BrowserComparison.Case(name: "distributed", spec: spec)])
        #expect(result.compared == (spec.count - 4) * BrowserComparison.viewports.count)
        #expect(result.rootCauses.isEmpty, "\(result.rootCauses.prefix(10).map(\.description).joined(separator: "\n"))")
    }

    /// Grids whose star columns are narrower than what a child holds: a plain view stretched
    /// across its cell keeps the cell and its content overflows (with padding and a margin), or
    /// holds the column to its minimum width; a stack holds it to its content; rows hold to
    /// what their cells hold.
    @Test func starTracksGiveWayToStretchedPlainViews() throws {
        func grid(_ id: String, cell: String) -> String {
            #"""
            {"id": "\#(id)", "kind": "grid", "columns": ["*", "2*", 30], "rows": ["*", 20], "width": 150, "height": 60,
             "horizontalAlignment": "left", "verticalAlignment": "top", "backgroundColor": "#EEEEEE", "children": [
              \#(cell),
              {"id": "\#(id)-wide", "column": 1, "children": [{"id": "\#(id)-wide-inner", "width": 160, "height": 10}]},
              {"id": "\#(id)-corner", "column": 2, "row": 1}
            ]}
            """#
        }
        let inner = #""children": [{"id": "INNER", "width": 120, "height": 90, "horizontalAlignment": "left", "verticalAlignment": "top"}]"#
        func cell(_ id: String, _ extra: String) -> String {
            #"{"id": "\#(id)-cell", "padding": 4, "margin": {"left": 3, "top": 2}, \#(extra)\#(inner.replacingOccurrences(of: "INNER", with: id + "-inner"))}"#
        }
        let text = #"""
            {"plumb": 1, "name": "floors", "root": {"id": "root", "kind": "stack", "spacing": 12, "padding": 8, "children": [
              \#(grid("plain", cell: cell("plain", ""))),
              \#(grid("minimum", cell: cell("minimum", #""minWidth": 60, "#))),
              \#(grid("stack", cell: cell("stack", #""kind": "stack", "#)))
            ]}}
            """#
        let spec = try SpecCodec.decode(Array(text.utf8), file: "floors.json")
        let layout = LayoutEngine(measurer: try FontTextMeasurer()).resolve(spec, viewport: Size(width: 375, height: 667))
        func frame(_ id: String) throws -> Rect { layout.frames[try #require(spec.views.firstIndex { $0.id == id })] }
        // The plain cell keeps its third of 120 (less its margin), the one with a minimum its
        // 60, the stack its content's 128; each star row grows to 98 and the margin.
        #expect(try frame("plain-cell").size == Size(width: 37, height: 98))
        #expect(try frame("minimum-cell").size == Size(width: 60, height: 98))
        #expect(try frame("stack-cell").size == Size(width: 128, height: 98))
        let result = try Self.compare([BrowserComparison.Case(name: "floors", spec: spec)])
        #expect(result.compared > 0)
        #expect(result.rootCauses.isEmpty, "\(result.rootCauses.prefix(10).map(\.description).joined(separator: "\n"))")
    }

    /// What a spanning child lacks goes to its `auto` tracks that nothing sized yet, else to all
    /// of them equally, as CSS grid gives it to the tracks below their growth limit: along
    /// columns a chain of spans each reaching an unsized track, down rows a span over two
    /// sized rows, a span that lacks nothing still reaching its tracks; a child spanning a star
    /// track adds it to the star tracks alone, by weight, children across stars taken together
    /// (wider than the grid, and narrower). The page must agree at each of the five sizes.
    @Test func spanningChildrenShareAsCSSDoes() throws {
        let starred = #"""
            {"plumb": 1, "name": "starred", "root": {"id": "root", "kind": "stack", "spacing": 10, "children": [
              {"id": "g1", "kind": "grid", "columns": ["auto", "*"], "rows": ["auto"], "width": 300, "columnSpacing": 4, "horizontalAlignment": "left", "children": [
                {"id": "g1-a", "width": 30, "height": 10},
                {"id": "g1-s", "columnSpan": 2, "width": 400, "height": 10, "verticalAlignment": "top"},
                {"id": "g1-b", "column": 1, "height": 10}
              ]},
              {"id": "g2", "kind": "grid", "columns": ["auto", "*"], "rows": ["auto"], "width": 300, "columnSpacing": 4, "horizontalAlignment": "left", "children": [
                {"id": "g2-s", "columnSpan": 2, "width": 200, "height": 10, "verticalAlignment": "top"},
                {"id": "g2-b", "column": 1, "height": 10}
              ]},
              {"id": "g3", "kind": "grid", "columns": ["*", "2*"], "rows": ["auto"], "width": 100, "horizontalAlignment": "left", "children": [
                {"id": "g3-s", "columnSpan": 2, "width": 300, "height": 10, "verticalAlignment": "top"},
                {"id": "g3-a", "height": 10}, {"id": "g3-b", "column": 1, "height": 10}
              ]},
              {"id": "g4", "kind": "grid", "columns": ["*", "*", "*"], "rows": ["auto"], "width": 30, "horizontalAlignment": "left", "children": [
                {"id": "g4-p", "columnSpan": 2, "width": 200, "height": 10, "verticalAlignment": "top"},
                {"id": "g4-q", "column": 1, "columnSpan": 2, "width": 200, "height": 10, "verticalAlignment": "top"},
                {"id": "g4-a", "height": 10}, {"id": "g4-b", "column": 1, "height": 10}, {"id": "g4-c", "column": 2, "height": 10}
              ]},
              {"id": "g5", "kind": "grid", "columns": ["auto", "auto", "auto"], "rows": ["auto"], "horizontalAlignment": "left", "children": [
                {"id": "g5-a", "width": 50, "height": 10}, {"id": "g5-c", "column": 2, "width": 30, "height": 10},
                {"id": "g5-x", "columnSpan": 2, "width": 40, "height": 10, "verticalAlignment": "top"},
                {"id": "g5-y", "columnSpan": 3, "width": 200, "height": 10, "verticalAlignment": "top"},
                {"id": "g5-b", "column": 1, "height": 10}
              ]}
            ]}}
            """#
        let text = #"""
            {"plumb": 1, "name": "spans", "root": {"id": "root", "kind": "grid", "columns": ["auto", "auto", "auto", "*"],
             "rows": ["auto", "auto", "*"], "columnSpacing": 6, "rowSpacing": 4, "children": [
              {"id": "x", "width": 30, "height": 20, "backgroundColor": "#3366CC"},
              {"id": "y", "row": 1, "column": 2, "width": 12, "height": 10, "backgroundColor": "#3366CC"},
              {"id": "s1", "row": 1, "columnSpan": 2, "width": 120, "height": 10, "backgroundColor": "#CC3366"},
              {"id": "s2", "row": 2, "column": 1, "columnSpan": 2, "width": 200, "height": 8, "verticalAlignment": "top", "backgroundColor": "#33CC66"},
              {"id": "tall", "column": 3, "rowSpan": 2, "width": 40, "height": 80, "horizontalAlignment": "left", "backgroundColor": "#CCCC33"},
              {"id": "wide", "row": 2, "column": 2, "columnSpan": 2, "height": 6, "verticalAlignment": "bottom", "backgroundColor": "#999999"}
            ]}}
            """#
        let result = try Self.compare([
            BrowserComparison.Case(name: "spans", spec: try SpecCodec.decode(Array(text.utf8), file: "spans.json")),
            BrowserComparison.Case(name: "starred", spec: try SpecCodec.decode(Array(starred.utf8), file: "starred.json")),
        ])
        #expect(result.compared > 0)
        #expect(result.rootCauses.isEmpty, "\(result.rootCauses.prefix(10).map(\.description).joined(separator: "\n"))")
    }

    /// A view is never narrower or shorter than its padding (CSS's border box): filling a slot
    /// smaller than it, with an explicit size or a maximum below it, docked every way, in a view,
    /// a stack and a grid cell. The page must agree at each of the five window sizes.
    @Test func viewsAreNeverSmallerThanTheirPadding() throws {
        func box(_ id: String, _ extra: String = "", children: [String]) -> String {
            ##"{"id": "\##(id)", "width": 30, "height": 30, "horizontalAlignment": "left", "verticalAlignment": "top", "backgroundColor": "#EEEEEE", \##(extra)"children": [\##(children.joined(separator: ", "))]}"##
        }
        let docked = ["left", "center", "right", "fill"].map { across in
            box("dock-\(across)", children: [##"{"id": "dock-\##(across)-child", "width": 10, "height": 4, "padding": {"left": 14, "right": 6, "top": 9, "bottom": 3}, "horizontalAlignment": "\##(across)", "verticalAlignment": "bottom", "backgroundColor": "#3366CC"}"##])
        }
        let text = #"""
            {"plumb": 1, "name": "padding", "root": {"id": "root", "kind": "stack", "spacing": 12, "padding": 8, "children": [
              \#(box("narrow", children: [##"{"id": "narrow-fill", "padding": 20, "backgroundColor": "#3366CC"}"##])),
              \#(box("capped", children: [##"{"id": "capped-fill", "maxWidth": 20, "maxHeight": 10, "padding": 15, "backgroundColor": "#3366CC"}"##])),
              \#(box("capped-over", children: [##"{"id": "capped-over-fill", "maxWidth": 20, "minHeight": 0, "padding": 20, "backgroundColor": "#3366CC"}"##])),
              \#(box("sized-over", children: [##"{"id": "sized-over-fill", "width": 10, "height": 10, "padding": {"left": 20, "right": 20, "top": 2, "bottom": 34}, "backgroundColor": "#3366CC"}"##])),
              \#(docked.joined(separator: ", ")),
              {"id": "row", "kind": "stack", "orientation": "horizontal", "spacing": 2, "width": 50, "height": 30,
               "horizontalAlignment": "left", "backgroundColor": "#EEEEEE", "children": [
                {"id": "row-a", "width": 10, "padding": {"left": 12, "right": 12}, "backgroundColor": "#3366CC"},
                {"id": "row-b", "height": 5, "padding": {"top": 20, "bottom": 20}, "verticalAlignment": "center", "backgroundColor": "#CC3366"}
              ]},
              {"id": "cells", "kind": "grid", "columns": [20, "*"], "rows": ["*"], "width": 60, "height": 30,
               "horizontalAlignment": "left", "backgroundColor": "#EEEEEE", "children": [
                {"id": "cells-a", "padding": 15, "backgroundColor": "#3366CC"},
                {"id": "cells-b", "column": 1, "padding": {"left": 50}, "backgroundColor": "#CC3366"}
              ]}
            ]}}
            """#
        let spec = try SpecCodec.decode(Array(text.utf8), file: "padding.json")
        let result = try Self.compare([BrowserComparison.Case(name: "padding", spec: spec)])
        #expect(result.compared > 0)
        #expect(result.rootCauses.isEmpty, "\(result.rootCauses.prefix(10).map(\.description).joined(separator: "\n"))")
    }

    /// The repository's `examples/` folder.
    static var examplesFolder: String {
        URL(fileURLWithPath: goldensFolder).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples").path
    }

    /// The spec files in `examples/` (when the checkout has the folder), under the same rule as
    /// Figma frames below.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: examplesFolder), "no examples/ folder in this checkout"))
    func examplesLayOutAsPlumbDoes() throws {
        let cases = BrowserCases.examples(in: Self.examplesFolder)
        try #require(!cases.isEmpty, "no spec file in \(Self.examplesFolder) reads as a spec")
        let result = try Self.compare(cases)
        let unexpected = result.rootCauses.filter { !$0.rule.contains("wraps") }
        #expect(unexpected.isEmpty, "\(unexpected.prefix(10).map(\.description).joined(separator: "\n"))")
    }

    /// Imported Figma frames: every mismatch left is a label that wraps, where CSS cannot
    /// follow Plumb (it does not shrink a wrapped block to its widest line; line-break rules
    /// of Chromium's and the system's ICU differ in places).
    @Test(arguments: SharedFigmaFiles.names)
    func figmaFramesLayOutAsPlumbDoes(_ name: String) throws {
        let frames = try FigmaImporter.read(try SharedFigmaFiles.bytes(name), file: name).frames
        let result = try Self.compare(frames.map { BrowserComparison.Case(name: $0.document, spec: $0.spec) })
        let unexpected = result.rootCauses.filter { !$0.rule.contains("wraps") }
        #expect(unexpected.isEmpty, "\(name):\n\(unexpected.prefix(10).map(\.description).joined(separator: "\n"))")
        #expect(Double(result.agreed) >= 0.89 * Double(result.compared), "\(name): \(result.agreed) of \(result.compared)")
    }
}
