import Foundation
import LayoutSpec
import PlumbCLI
import Testing

/// `plumb import figma`: documents from frames, re-imports as small versions, bad input
/// refused with nothing written.
@Suite struct ImportFigmaTests {
    /// A Figma file response with two top-level frames; `title` and `left` vary per export.
    static func figma(title: String = "Welcome", left: Double = 20, extraFrame: Bool = true) -> String {
        let second = extraFrame ? #"""
            , {"id": "2:1", "type": "FRAME", "name": "Settings", "absoluteBoundingBox": {"x": 500, "y": 0, "width": 320, "height": 480}}
            """# : ""
        return #"""
            {"name": "App", "document": {"id": "0:0", "type": "DOCUMENT", "name": "Document", "children": [
              {"id": "0:1", "type": "CANVAS", "name": "Page 1", "children": [
                {"id": "1:1", "type": "FRAME", "name": "Home Screen", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 320, "height": 480},
                 "fills": [{"type": "SOLID", "color": {"r": 1, "g": 1, "b": 1, "a": 1}}],
                 "children": [
                  {"id": "1:2", "type": "RECTANGLE", "name": "Card", "absoluteBoundingBox": {"x": \#(left), "y": 40, "width": 280, "height": 120},
                   "constraints": {"horizontal": "LEFT_RIGHT", "vertical": "TOP"}, "cornerRadius": 12,
                   "fills": [{"type": "SOLID", "color": {"r": 0.2, "g": 0.4, "b": 0.8, "a": 1}}]},
                  {"id": "1:3", "type": "TEXT", "name": "Title", "absoluteBoundingBox": {"x": 20, "y": 180, "width": 100, "height": 24},
                   "constraints": {"horizontal": "LEFT", "vertical": "TOP"}, "characters": "\#(title)",
                   "style": {"fontFamily": "DejaVu Sans", "fontSize": 20, "fontWeight": 700, "textAutoResize": "WIDTH_AND_HEIGHT"}},
                  {"id": "1:4", "type": "VECTOR", "name": "Logo", "absoluteBoundingBox": {"x": 280, "y": 10, "width": 24, "height": 24},
                   "constraints": {"horizontal": "RIGHT", "vertical": "TOP"}}
                 ]}\#(second)
              ]}]}}
            """#
    }

    /// A label's family that is not installed is named once, with what measures it instead;
    /// an installed one is not.
    @Test func aFontFamilyThatIsNotInstalledIsNamed() throws {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        plumb.write("app.json", Self.figma())
        let installed = plumb.run("import", "figma", "app.json")
        #expect(installed.status == 0 && !installed.stderr.contains("not installed"), "\(installed.stderr)")
        plumb.write("app.json", Self.figma().replacingOccurrences(of: "\"DejaVu Sans\"", with: "\"Plumb Missing Sans\""))
        let missing = plumb.run("import", "figma", "app.json")
        #expect(missing.status == 0, "\(missing.stderr)")
        #expect(missing.stderr.contains("font family \"Plumb Missing Sans\" is not installed; using sans-serif"), "\(missing.stderr)")
        // The title keeps Figma's text box, and the import says so.
        #expect(missing.stderr.contains("labels in font family \"Plumb Missing Sans\" keep the size their design measured"), "\(missing.stderr)")
        #expect(!installed.stderr.contains("keep the size"), "\(installed.stderr)")
        let resolved = plumb.run("resolve", "home-screen", "--size", "320x480", "--format", "json")
        let frames = try #require(try JSONParser.parse(resolved.stdout)["frames"]?.elements)
        let title = try #require(frames.first { $0["id"] == .string("title") })
        #expect(title["width"] == .number(100) && title["height"] == .number(24) && title["x"] == .number(20), "\(title)")
        // An unchanged file imports as no change at all.
        let again = plumb.run("import", "figma", "app.json", "--json")
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try JSONParser.parse(again.stdout)["documents"]?.elements?.allSatisfy { $0["version"] == .null } == true, "\(again.stdout)")
    }

    @Test func eachFrameBecomesADocumentAndReimportsAreSmallVersions() throws {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        plumb.write("app.json", Self.figma())
        let first = plumb.run("import", "figma", "app.json")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("home-screen: version 1") && first.stdout.contains("settings: version 1"))
        #expect(first.stderr.contains("imported 2 frames from app.json: 5 views"))
        #expect(first.stderr.contains("vector 1"), "the logo is counted: \(first.stderr)")
        let shown = plumb.run("show", "home-screen")
        let spec = try JSONParser.parse(shown.stdout)
        let card = try #require(spec["root"]?["children"]?.elements?.first)
        #expect(card["id"] == .string("card") && card["sourceId"] == .string("1:2") && card["cornerRadius"] == .number(12))

        // The designer renames the title text: one version, one change.
        plumb.write("app.json", Self.figma(title: "Hello"))
        let renamed = plumb.run("import", "figma", "app.json", "--frame", "Home Screen", "-m", "New title")
        #expect(renamed.status == 0, "\(renamed.stderr)")
        #expect(renamed.stdout.contains("home-screen: version 2") && renamed.stdout.contains("1 change"), "\(renamed.stdout)")
        // The card moves 10 to the right: its left margin grows, its right margin shrinks.
        plumb.write("app.json", Self.figma(title: "Hello", left: 30))
        let moved = plumb.run("import", "figma", "app.json", "--json")
        #expect(moved.status == 0, "\(moved.stderr)")
        let report = try JSONParser.parse(moved.stdout)
        let versions = try #require(report["documents"]?.elements)
        #expect(versions.first?["version"]?["changes"] == .number(2))
        #expect(versions.last?["version"] == .null, "settings did not change")
        let log = plumb.run("log", "home-screen")
        #expect(log.stdout.contains("New title"))
        let diff = plumb.run("diff", "home-screen@2", "home-screen@3")
        #expect(diff.stdout.contains("margin.left") && diff.stdout.contains("margin.right"), "\(diff.stdout)")
    }

    @Test func docNamesTheOneFrame() {
        let plumb = PlumbRunner()
        plumb.run("init")
        plumb.write("app.json", Self.figma())
        let both = plumb.run("import", "figma", "app.json", "--doc", "home")
        #expect(both.status == 64 && both.stderr.contains("--doc names one document, but the file has 2 top-level frames"))
        let one = plumb.run("import", "figma", "app.json", "--frame", "1:1", "--doc", "home")
        #expect(one.status == 0 && one.stdout.contains("home: version 1"), "\(one.stderr)")
    }

    @Test(arguments: [
        ("{\"name\": \"App\", \"document\": {", "not valid JSON"),
        (#"{"plumb": 1, "name": "x", "root": {"id": "r"}}"#, "not a Figma file response"),
    ])
    func badInputWritesNothing(_ text: String, _ message: String) {
        let plumb = PlumbRunner()
        plumb.run("init")
        plumb.write("bad.json", text)
        let result = plumb.run("import", "figma", "bad.json")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("plumb import: bad.json: ") && result.stderr.contains(message), "\(result.stderr)")
        #expect(plumb.run("docs").stdout.isEmpty)
    }

    /// The file is read as spec files are (`SpecFile.bytes`): a missing file and a folder are
    /// named in words, and `-` reads standard input.
    @Test func theFileIsReadAsSpecFilesAre() throws {
        let plumb = PlumbRunner()
        plumb.run("init")
        let missing = plumb.run("import", "figma", "nothere.json")
        #expect(missing.status == 1 && missing.stderr == "plumb import: nothere.json: no such file. Check the path.\n", "\(missing.stderr)")
        try FileManager.default.createDirectory(at: plumb.folder.appendingPathComponent("exports"), withIntermediateDirectories: true)
        let folder = plumb.run("import", "figma", "exports")
        #expect(folder.status == 1 && folder.stderr == "plumb import: exports: is a folder, expected a Figma file (JSON). Give the path of a file inside it.\n", "\(folder.stderr)")
        #expect(plumb.run("docs").stdout.isEmpty)

        let process = Process()
        process.executableURL = PlumbRunner.executable
        process.arguments = ["--store", plumb.storePath, "import", "figma", "-", "--frame", "1:1"]
        process.environment = ["PLUMB_AUTHOR": "tester"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data(Self.figma().utf8))
        try input.fileHandleForWriting.close()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0 && printed.contains("home-screen: version 1"), "\(printed)")
    }

    @Test func aMissingFrameWritesNothing() {
        let plumb = PlumbRunner()
        plumb.run("init")
        plumb.write("app.json", Self.figma())
        let result = plumb.run("import", "figma", "app.json", "--frame", "Home Scren")
        #expect(result.status == 1 && result.stderr.contains(#"no top-level frame "Home Scren" (did you mean "Home Screen"?)"#), "\(result.stderr)")
        #expect(plumb.run("docs").stdout.isEmpty)
        #expect(plumb.run("import", "sketch", "app.json").status == 64)
    }
}
