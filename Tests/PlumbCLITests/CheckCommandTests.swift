import Foundation
import LayoutSpec
import PlumbCLI
import Testing

@Suite struct CheckCommandTests {
    static let problems = """
        {"plumb": 1, "name": "login", "root": {"id": "root", "kind": "stack", "height": 500, "children": [
          {"id": "ok", "kind": "button", "text": "OK", "width": 100, "height": 40, "verticalAlignment": "top"},
          {"id": "list", "kind": "stack", "margin": {"top": 50}, "children": [
            {"id": "row", "kind": "view", "height": 30, "row": 1},
            {"id": "clamped", "kind": "view", "height": 20, "minWidth": 200, "maxWidth": 100, "minHeight": 5, "maxHeight": 10},
            {"id": "padded", "kind": "view", "height": 8, "padding": {"top": 6, "bottom": 6}}]},
          {"id": "grid", "kind": "grid", "columns": [100, "*"], "rows": ["auto"],
           "children": [
            {"id": "inside", "kind": "view", "column": 1, "height": 10},
            {"id": "beyond", "kind": "view", "column": 3, "height": 10},
            {"id": "wide", "kind": "view", "column": 1, "columnSpan": 3, "rowSpan": 2, "height": 10}]},
          {"id": "title", "kind": "label", "text": "A title far too long for its box", "width": 60,
           "horizontalAlignment": "left", "verticalAlignment": "bottom"},
          {"id": "body", "kind": "label", "text": "one two three four five six seven", "numberOfLines": 2, "width": 60,
           "horizontalAlignment": "right", "verticalAlignment": "bottom"},
          {"id": "tiny", "kind": "label", "text": "Tiny", "height": 5, "horizontalAlignment": "center", "verticalAlignment": "center"},
          {"id": "ghost", "kind": "label", "text": "never shown, never checked", "width": 10, "horizontalAlignment": "left",
           "visibility": "hidden"}
        ]}}
        """

    @Test func everyKindOfWarningInTreeOrder() throws {
        let plumb = PlumbRunner()
        plumb.write("login.json", Self.problems)
        // Overlaps have their own test (the grid here puts children in one cell on purpose).
        let result = plumb.run("check", "login.json", "--size", "300x600", "--metrics", "fixed", "--no-overlap")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").map(String.init) == [
            "login: root: height 500 is ignored: the root takes the screen's height",
            "login: ok: width 100 is ignored: horizontalAlignment is fill",
            "login: row: row 1 is ignored: its parent \"list\" is a stack, not a grid",
            "login: clamped: minWidth 200 is above maxWidth 100: minWidth wins",
            "login: padded: height 8 is below its padding (top + bottom: 12): the view is never smaller than its padding",
            "login: beyond: column 3 is outside the grid: grid \"grid\" has 2 columns, so it is placed in column 1",
            "login: wide: rowSpan 2 from row 0 runs past the grid: grid \"grid\" has 1 row, so it spans 1",
            "login: wide: columnSpan 3 from column 1 runs past the grid: grid \"grid\" has 2 columns, so it spans 1",
            "login: title: text does not fit: shown as \"A ti…\" (60 wide)",
            "login: body: text does not fit: 2 of 7 lines shown, the last ending \"two…\"",
            "login: tiny: text does not fit: its line is 20.4 points tall, but the label's content height is 5",
        ])
        #expect(result.stderr.contains("login at 300x600: "), "\(result.stderr)")
    }

    @Test func aSizeAlongAStackIsHonouredAndNotReported() throws {
        let plumb = PlumbRunner()
        plumb.write("stack.json", """
            {"plumb": 1, "name": "stack", "root": {"id": "root", "kind": "stack", "children": [
              {"id": "a", "kind": "view", "height": 30},
              {"id": "b", "kind": "view", "width": 100, "height": 30}]}}
            """)
        let result = plumb.run("check", "stack.json", "--size", "300x600", "--metrics", "fixed")
        #expect(result.stdout == "stack: b: width 100 is ignored: horizontalAlignment is fill\n")
    }

    @Test func overlappingSiblingsTheLayoutPlaces() throws {
        let plumb = PlumbRunner()
        plumb.write("overlap.json", """
            {"plumb": 1, "name": "overlap", "root": {"id": "root", "kind": "view", "children": [
              {"id": "background", "kind": "view", "backgroundColor": "#EEEEEE", "margin": 4},
              {"id": "a", "kind": "view", "width": 100, "height": 100, "horizontalAlignment": "left", "verticalAlignment": "top"},
              {"id": "b", "kind": "view", "width": 100, "height": 100, "horizontalAlignment": "left", "verticalAlignment": "top",
               "margin": {"left": 50, "top": 80}},
              {"id": "c", "kind": "view", "width": 100, "height": 100, "horizontalAlignment": "left", "verticalAlignment": "top",
               "margin": {"left": 100}},
              {"id": "d", "kind": "view", "width": 10, "height": 10, "horizontalAlignment": "right", "verticalAlignment": "bottom"},
              {"id": "e", "kind": "view", "width": 500, "height": 500, "horizontalAlignment": "left", "verticalAlignment": "top",
               "visibility": "hidden"},
              {"id": "f", "kind": "view", "visibility": "collapsed"},
              {"id": "list", "kind": "stack", "width": 20, "horizontalAlignment": "right", "verticalAlignment": "top", "children": [
                {"id": "s1", "kind": "view", "height": 10},
                {"id": "s2", "kind": "view", "height": 10}]},
              {"id": "cells", "kind": "grid", "columns": [50, 50], "width": 100, "height": 20, "horizontalAlignment": "left", "verticalAlignment": "bottom", "children": [
                {"id": "g1", "kind": "view"},
                {"id": "g2", "kind": "view", "columnSpan": 2},
                {"id": "g3", "kind": "view", "column": 1, "width": 10, "horizontalAlignment": "left"}]}
            ]}}
            """)
        let result = plumb.run("check", "overlap.json", "--size", "300x300", "--metrics", "fixed")
        // The background fills the root (both axes fill), so things drawn over it are not
        // reported; children of a grid in one cell are.
        #expect(result.stdout.split(separator: "\n").map(String.init) == [
            "overlap: b: overlaps its sibling \"a\" in \"root\" (50, 80, 50×20)",
            "overlap: c: overlaps its sibling \"b\" in \"root\" (100, 80, 50×20)",
            "overlap: g2: overlaps its sibling \"g1\" in \"cells\" (0, 280, 50×20)",
            "overlap: g3: overlaps its sibling \"g2\" in \"cells\" (50, 280, 10×20)",
        ], "\(result.stdout)")
        let quiet = plumb.run("check", "overlap.json", "--size", "300x300", "--metrics", "fixed", "--no-overlap")
        #expect(quiet.status == 0 && quiet.stdout.isEmpty, "\(quiet.stdout)")
    }

    @Test func jsonStrictAndNoWarnings() throws {
        let plumb = PlumbRunner()
        plumb.write("login.json", Self.problems)
        let json = plumb.run("check", "login.json", "--size", "300x600", "--metrics", "fixed", "--json", "--no-overlap")
        #expect(json.status == 0)
        let warnings = try #require(try JSONParser.parse(json.stdout).elements)
        #expect(warnings.count == 11)
        #expect(warnings[1] == .object([
            JSONMember("document", .string("login")), JSONMember("view", .string("ok")),
            JSONMember("check", .string("size-on-fill")),
            JSONMember("message", .string("width 100 is ignored: horizontalAlignment is fill")),
        ]))
        let checks = Set(warnings.compactMap { $0["check"]?.string })
        #expect(checks == ["size-on-fill", "min-above-max", "below-padding", "outside-grid", "text-does-not-fit"])

        let strict = plumb.run("check", "login.json", "--size", "300x600", "--metrics", "fixed", "--strict", "--no-overlap")
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("11 warnings (--strict)"))

        plumb.write("clean.json", """
            {"plumb": 1, "name": "clean", "root": {"id": "root", "kind": "view", "children": [
              {"id": "ok", "kind": "button", "text": "OK", "width": 100, "height": 40, "horizontalAlignment": "center",
               "verticalAlignment": "center"}]}}
            """)
        for extra in [[], ["--strict"]] {
            let clean = plumb.run(["check", "clean.json", "--metrics", "fixed"] + extra)
            #expect(clean.status == 0)
            #expect(clean.stdout.isEmpty)
            #expect(clean.stderr.contains("clean at 393x852 (iPhone 15): no warnings"), "\(clean.stderr)")
        }
        #expect(plumb.run("check", "clean.json", "--metrics", "fixed", "--json").stdout == "[]\n")
    }

    @Test func textThatFitsAtOneSizeDoesNotAtAnother() throws {
        let plumb = PlumbRunner()
        plumb.write("title.json", """
            {"plumb": 1, "name": "title", "root": {"id": "root", "kind": "view", "padding": 10, "children": [
              {"id": "title", "kind": "label", "text": "Twenty-five characters!!!", "verticalAlignment": "top"}]}}
            """)
        // 25 × 10.2 = 255 points of text; the label is the screen width less 20 of padding.
        #expect(plumb.run("check", "title.json", "--size", "275x100", "--metrics", "fixed").stdout.isEmpty)
        let narrow = plumb.run("check", "title.json", "--size", "274x100", "--metrics", "fixed")
        #expect(narrow.stdout.hasPrefix("title: title: text does not fit: shown as \"Twenty-five characters!…\""), "\(narrow.stdout)")
    }

    @Test(arguments: [
        (["check", "login", "--size", "1x"], 64, "--size: expected WIDTHxHEIGHT"),
        (["check", "login", "--device", "ipod"], 64, "unknown device"),
        (["check"], 64, "missing arguments"),
        (["check", "nodoc"], 1, "no document \"nodoc\""),
        (["check", "./nofile.json"], 1, "no such file"),
    ])
    func badArguments(_ arguments: [String], _ status: Int32, _ message: String) throws {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        #expect(plumb.run("apply", plumb.write("login.json", Self.problems)).status == 0)
        let result = plumb.run(arguments)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func helpNamesEveryCheckAndTheExitStatus() {
        let help = PlumbRunner().run("check", "--help")
        #expect(help.status == 0)
        for check in ["size-on-fill", "min-above-max", "below-padding", "outside-grid", "text-does-not-fit", "overlap", "--strict", "Exit status"] {
            #expect(help.stdout.contains(check), "\(check)")
        }
    }
}
