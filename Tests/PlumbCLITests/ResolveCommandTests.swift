import Foundation
import LayoutEngine
import LayoutSpec
import PlumbCLI
import SpecStore
import SpecSync
import Testing
import TextMetrics

/// The seed's worked example (DESIGN.md §2): a 300-wide parent, a 100×100 button docked
/// right/top with margin top 10, right 5, at (195, 10).
let seedSpec = """
    {"plumb": 1, "name": "seed", "root": {"id": "root", "kind": "view", "children": [
      {"id": "ok", "kind": "button", "text": "button1", "width": 100, "height": 100,
       "horizontalAlignment": "right", "verticalAlignment": "top",
       "margin": {"top": 10, "left": 0, "bottom": 0, "right": 5}, "backgroundColor": "#0000FF"},
      {"id": "panel", "kind": "stack", "visibility": "hidden", "children": [
        {"id": "note", "kind": "label", "text": "hi"}]},
      {"id": "gone", "kind": "label", "text": "x", "visibility": "collapsed"}
    ]}}
    """

@Suite struct ResolveCommandTests {
    @Test func jsonHasTheDesignShapeAndTheSeedNumbers() throws {
        let plumb = try storedSeed()
        let result = plumb.run("resolve", "seed", "--size", "300x200", "--metrics", "fixed")
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONParser.parse(result.stdout)
        guard case .object(let members) = json else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["document", "version", "size", "frames"])
        #expect(json["document"] == .string("seed"))
        let head = try #require(try JSONParser.parse(plumb.run("log", "seed", "--json").stdout).firstElement?["id"])
        #expect(json["version"] == head)
        #expect(json["size"] == .object([JSONMember("width", .number(300)), JSONMember("height", .number(200))]))
        let frames = try #require(json["frames"]?.elements)
        #expect(frames.map { $0["id"]?.string } == ["root", "ok", "panel", "note", "gone"])
        #expect(frames.map { $0["parent"] } == [.null, .string("root"), .string("root"), .string("panel"), .string("root")])
        #expect(frames[0] == .object([
            JSONMember("id", .string("root")), JSONMember("parent", .null),
            JSONMember("x", .number(0)), JSONMember("y", .number(0)), JSONMember("width", .number(300)), JSONMember("height", .number(200)),
        ]))
        let ok = frames[1]
        #expect(rect(ok) == [195, 10, 100, 100])
        #expect(ok["drawn"] == nil)
        // Fixed metrics: "button1" at 17 pt is 7 × 10.2 = 71.4 wide, 20.4 tall, centred in the button.
        let text = try #require(ok["text"])
        #expect(rect(text) == [209.3, 49.8, 71.4, 20.4])
        let lines = try #require(text["lines"]?.elements)
        #expect(lines.count == 1)
        #expect(lines[0]["text"] == .string("button1"))
        #expect(rect(lines[0]) == [209.3, 49.8, 71.4, 20.4])
        // Hidden views and their subtree say they are not drawn; collapsed ones have no text.
        #expect(frames[2]["drawn"] == .bool(false))
        #expect(frames[3]["drawn"] == .bool(false))
        #expect(frames[3]["text"] != nil)
        #expect(frames[4]["drawn"] == .bool(false))
        #expect(frames[4]["text"] == nil)
        #expect(rect(frames[4]) == [0, 0, 0, 0])
    }

    @Test func resolvesAnOlderRevision() throws {
        let plumb = try storedSeed()
        #expect(plumb.run("set", "seed", "ok", "width=150").status == 0)
        let old = try JSONParser.parse(plumb.run("resolve", "seed@1", "--size", "300x200", "--metrics", "fixed").stdout)
        let new = try JSONParser.parse(plumb.run("resolve", "seed", "--size", "300x200", "--metrics", "fixed").stdout)
        #expect(rect(try #require(old["frames"]?.elements?[1])) == [195, 10, 100, 100])
        #expect(rect(try #require(new["frames"]?.elements?[1])) == [145, 10, 150, 100])
        #expect(old["version"] != new["version"])
    }

    @Test(arguments: [SpecCodec.Shape.nested, .flat])
    func resolvesASpecFileInEitherShape(_ shape: SpecCodec.Shape) throws {
        let plumb = PlumbRunner()
        let spec = try SpecCodec.decode(Array(seedSpec.utf8), file: "seed")
        plumb.write("seed.json", SpecCodec.encodeText(spec, shape: shape))
        for argument in ["seed.json", "./seed.json", plumb.folder.appendingPathComponent("seed.json").path] {
            let result = plumb.run("resolve", argument, "--size", "300x200", "--metrics", "fixed")
            #expect(result.status == 0, "\(result.stderr)")
            let json = try JSONParser.parse(result.stdout)
            #expect(json["document"] == .string("seed"))
            #expect(json["version"] == .null)
            #expect(rect(try #require(json["frames"]?.elements?[1])) == [195, 10, 100, 100])
        }
    }

    @Test func deviceListAndNamedDevices() throws {
        let plumb = PlumbRunner()
        let list = plumb.run("resolve", "--device", "list")
        #expect(list.status == 0)
        for expected in ["iphone-se", "375×667", "iphone-15", "393×852", "iphone-15-pro-max", "430×932", "pixel-8", "412×915",
                         "ipad", "820×1180", "ipad-pro-12.9", "1024×1366", "desktop", "1440×900"] {
            #expect(list.stdout.contains(expected), "\(expected)")
        }
        plumb.write("seed.json", seedSpec)
        for (device, landscape, size) in [("iphone-se", false, [375.0, 667]), ("iPhone SE", false, [375, 667]),
                                          ("Pixel_8", true, [915, 412]), ("ipad-pro-12.9", false, [1024, 1366]),
                                          ("desktop", true, [1440, 900]), ("desktop-hd", false, [1920, 1080])] {
            let arguments = ["resolve", "seed.json", "--device", device, "--metrics", "fixed"] + (landscape ? ["--landscape"] : [])
            let result = plumb.run(arguments)
            #expect(result.status == 0, "\(result.stderr)")
            let json = try JSONParser.parse(result.stdout)
            #expect(json["size"]?["width"]?.number == size[0])
            #expect(json["size"]?["height"]?.number == size[1])
        }
    }

    @Test func scaleSnapsEveryEdgeToThePixelGrid() throws {
        let plumb = PlumbRunner()
        plumb.write("seed.json", seedSpec)
        // Unsnapped the text is at (209.3, 49.8) to (280.7, 70.2).
        let expectations: [(String, [Double])] = [("2", [209.5, 50, 71, 20]), ("1", [209, 50, 72, 20]), ("3", [209.333333, 49.666667, 71.333333, 20.666667])]
        for (scale, expected) in expectations {
            let result = plumb.run("resolve", "seed.json", "--size", "300x200", "--metrics", "fixed", "--scale", scale)
            #expect(result.status == 0, "\(result.stderr)")
            let ok = try #require(try JSONParser.parse(result.stdout)["frames"]?.elements?[1])
            let text = try #require(ok["text"])
            #expect(zip(rect(text), expected).allSatisfy { abs($0 - $1) < 1e-6 }, "scale \(scale): \(rect(text))")
            #expect(rect(ok) == [195, 10, 100, 100])
        }
    }

    @Test func tableShowsOneIndentedRowPerView() throws {
        let plumb = PlumbRunner()
        plumb.write("seed.json", seedSpec)
        let result = plumb.run("resolve", "seed.json", "--size", "300x200", "--metrics", "fixed", "--format", "table")
        #expect(result.status == 0, "\(result.stderr)")
        let rows = result.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        #expect(rows == [
            "ID KIND X Y WIDTH HEIGHT TEXT",
            "root view 0 0 300 200",
            "ok button 195 10 100 100 \"button1\"",
            "panel stack (hidden) 0 0 300 200",
            "note label (not drawn) 0 0 300 20.4 \"hi\"",
            "gone label (collapsed) 0 0 0 0",
        ])
        let lines = result.stdout.split(separator: "\n")
        #expect(lines[2].hasPrefix("  ok "))
        #expect(lines[4].hasPrefix("    note "))
    }

    @Test func tableOnATerminalJSONOtherwise() throws {
        let plumb = PlumbRunner()
        plumb.write("seed.json", seedSpec)
        let arguments = ["resolve", "seed.json", "--size", "300x200", "--metrics", "fixed"]
        var out = ""
        let terminal = Console(out: { out += $0 }, err: { _ in }, isTerminal: true, errorIsTerminal: true, useColor: false)
        #expect(Plumb.run(arguments, environment: plumb.environment, directory: plumb.folder.path, console: terminal) == 0)
        #expect(out.hasPrefix("ID "))
        #expect(plumb.run(arguments).stdout.hasPrefix("{"))
    }

    @Test func tableRoundsToTwoDecimals() throws {
        let plumb = PlumbRunner()
        plumb.write("third.json", """
            {"plumb": 1, "name": "third", "root": {"id": "root", "kind": "view", "children": [
              {"id": "a", "kind": "view", "width": 100, "horizontalAlignment": "center"}]}}
            """)
        let result = plumb.run("resolve", "third.json", "--size", "100.333x10", "--format", "table", "--metrics", "fixed")
        #expect(result.stdout.contains("\n  a   view  0.17  0     100      10\n"), "\(result.stdout)")
        #expect(result.stdout.contains("\nroot  view     0  0  100.33      10\n"), "\(result.stdout)")
        let json = try JSONParser.parse(plumb.run("resolve", "third.json", "--size", "100.333x10", "--metrics", "fixed").stdout)
        #expect(json["frames"]?.elements?[1]["x"]?.number == (100.333 - 100) / 2)
    }

    @Test func outputFileAndFormatFromItsExtension() throws {
        let plumb = PlumbRunner()
        plumb.write("seed.json", seedSpec)
        for (name, prefix) in [("out.json", "{"), ("out.svg", "<?xml"), ("out.txt", "ID")] {
            let result = plumb.run("resolve", "seed.json", "--size", "300x200", "--metrics", "fixed", "-o", name)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.isEmpty)
            let written = try String(contentsOf: plumb.folder.appendingPathComponent(name), encoding: .utf8)
            #expect(written.hasPrefix(prefix), "\(name)")
        }
        // The extension decides: a --format that disagrees, or an extension resolve cannot
        // write, is a usage error and writes nothing.
        let forced = plumb.run("resolve", "seed.json", "--size", "300x200", "--metrics", "fixed", "-o", "forced.svg", "--format", "json")
        #expect(forced.status == 64)
        #expect(forced.stderr.contains("--format json disagrees with -o forced.svg"), "\(forced.stderr)")
        let agreed = plumb.run("resolve", "seed.json", "--size", "300x200", "--metrics", "fixed", "-o", "agreed.json", "--format", "json")
        #expect(agreed.status == 0)
        for name in ["out.gif", "out.jpeg", "out", "out.svg.bak"] {
            let refused = plumb.run("resolve", "seed.json", "--size", "300x200", "-o", name)
            #expect(refused.status == 64, "\(name)")
            #expect(refused.stderr.contains("the extension picks the format"), "\(refused.stderr)")
            #expect(!FileManager.default.fileExists(atPath: plumb.folder.appendingPathComponent(name).path))
        }
        #expect(!FileManager.default.fileExists(atPath: plumb.folder.appendingPathComponent("forced.svg").path))
    }

    /// The JSON goes out in 64 KB pieces: a file of many pieces holds what stdout gets, byte
    /// for byte, replaces the file that was there, and leaves no temporary file beside it.
    @Test func jsonInPiecesToAFileIsTheSameAsToStdout() throws {
        let plumb = PlumbRunner()
        let views = (1...2_000).map { #"{"id": "v\#($0)", "kind": "label", "parent": "root", "text": "view number \#($0)"}"# }
        plumb.write("many.json", #"{"plumb": 1, "name": "many", "views": [{"id": "root", "kind": "view"}, "# + views.joined(separator: ", ") + "]}")
        plumb.write("frames.json", "old")
        let written = plumb.run("resolve", "many.json", "--size", "300x200", "--metrics", "fixed", "-o", "frames.json")
        #expect(written.status == 0, "\(written.stderr)")
        let printed = plumb.run("resolve", "many.json", "--size", "300x200", "--metrics", "fixed", "--format", "json")
        #expect(printed.stdout.utf8.count > 3 * 65_536)
        let file = try String(contentsOf: plumb.folder.appendingPathComponent("frames.json"), encoding: .utf8)
        #expect(file == printed.stdout)
        #expect(try JSONParser.parse(file)["frames"]?.elements?.count == 2_001)
        let names = try FileManager.default.contentsOfDirectory(atPath: plumb.folder.path)
        #expect(!names.contains { $0.contains(".plumb-") }, "\(names)")
    }

    @Test(arguments: [
        (["resolve", "seed"], "give the screen size"),
        (["resolve", "seed", "--size", "0x100"], "--size: expected WIDTHxHEIGHT"),
        (["resolve", "seed", "--size", "300"], "--size: expected WIDTHxHEIGHT"),
        (["resolve", "seed", "--size", "axb"], "--size: expected WIDTHxHEIGHT"),
        (["resolve", "seed", "--size", "-3x4"], "--size: expected WIDTHxHEIGHT"),
        (["resolve", "seed", "--size", "infx4"], "--size: expected WIDTHxHEIGHT"),
        (["resolve", "seed", "--device", "iphone-15-pro-mx"], "did you mean \"iphone-15-pro-max\""),
        (["resolve", "seed", "--device", "toaster"], "unknown device \"toaster\""),
        (["resolve", "seed", "--device", "ipad", "--size", "3x3"], "not both"),
        (["resolve", "seed", "--device", "ipad", "--scale", "0"], "--scale"),
        (["resolve", "seed", "--device", "ipad", "--scale", "two"], "--scale"),
        (["resolve", "seed", "--device", "ipad", "--metrics", "exact"], "--metrics"),
        (["resolve", "seed", "--device", "ipad", "--format", "pdf"], "--format"),
        (["resolve", "seed", "--device", "ipad", "--overlay"], "--overlay"),
        (["resolve", "seed", "--device", "ipad", "--bogus"], "unknown option"),
        (["resolve", "--device", "ipad"], "missing arguments"),
        (["resolve", "seed@", "--device", "ipad"], "expected a revision"),
    ])
    func badOptionsAreUsageErrors(_ arguments: [String], _ message: String) throws {
        let plumb = try storedSeed()
        let result = plumb.run(arguments)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.contains("usage: plumb \(arguments[0])"))
        #expect(result.stdout.isEmpty)
    }

    @Test(arguments: [
        (["resolve", "nodoc", "--device", "ipad"], "no document \"nodoc\""),
        (["resolve", "seed@7", "--device", "ipad"], "no such version"),
        (["resolve", "missing.json", "--device", "ipad"], "no document \"missing.json\""),
        (["resolve", "./missing.json", "--device", "ipad"], "no such file"),
    ])
    func missingDocumentsAndFilesFail(_ arguments: [String], _ message: String) throws {
        let plumb = try storedSeed()
        let result = plumb.run(arguments)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func detachedViewsAreWarnedAboutAndLeftOut() throws {
        let plumb = try storedSeed()
        // A view whose parent does not exist (as after a merge with a deletion) is detached.
        let store = try Store.open(at: plumb.storePath)
        _ = try store.commit(document: "seed", message: "orphan", author: "tester") { _ in
            [Edit(view: "orphan", property: .alive, value: "true"),
             Edit(view: "orphan", property: .kind, value: ValueText.string("label")),
             Edit(view: "orphan", property: .parent, value: ValueText.string("nowhere"))]
        }
        let result = plumb.run("resolve", "seed", "--size", "300x200", "--metrics", "fixed")
        #expect(result.status == 0, "\(result.stderr)")
        let ids = try JSONParser.parse(result.stdout)["frames"]?.elements?.compactMap { $0["id"]?.string }
        #expect(ids == ["root", "ok", "panel", "note", "gone"])
        #expect(result.stderr.contains("warning: seed@2: \"orphan\" is not in the document: its parent is unknown or not a container; it is kept but not laid out"), "\(result.stderr)")
    }

    @Test func realFontsGiveALabelTheMeasurersWidth() throws {
        let plumb = PlumbRunner()
        plumb.write("hello.json", """
            {"plumb": 1, "name": "hello", "root": {"id": "root", "kind": "view", "children": [
              {"id": "hello", "kind": "label", "text": "Hello, wörld — 你好", "horizontalAlignment": "left", "verticalAlignment": "top"},
              {"id": "bold", "kind": "label", "text": "Sign in", "font": {"size": 24, "weight": "bold"},
               "horizontalAlignment": "left", "verticalAlignment": "bottom"},
              {"id": "lost", "kind": "label", "text": "x", "font": {"family": "No Such Family 42"}, "horizontalAlignment": "left"}]}}
            """)
        let result = plumb.run("resolve", "hello.json", "--size", "375x667")
        #expect(result.status == 0, "\(result.stderr)")
        let frames = try #require(try JSONParser.parse(result.stdout)["frames"]?.elements)
        let measurer = try FontTextMeasurer()
        let plain = measurer.width(of: "Hello, wörld — 你好"[...], font: Font())
        let bold = measurer.width(of: "Sign in"[...], font: Font(size: 24, weight: .bold))
        #expect(plain > 0 && bold > 0)
        #expect(frames[1]["width"]?.number == plain)
        #expect(frames[1]["height"]?.number == measurer.lineMetrics(of: Font()).lineHeight)
        #expect(frames[2]["width"]?.number == bold)
        #expect(frames[2]["width"]?.number != FixedTextMeasurer().width(of: "Sign in"[...], font: Font(size: 24, weight: .bold)))
        // The missing family is warned about once, on stderr.
        let warnings = result.stderr.components(separatedBy: "\n").filter { $0.contains("No Such Family 42") }
        #expect(warnings.count == 1, "\(result.stderr)")
    }

    @Test func helpDescribesFormatsAndDevices() {
        let help = PlumbRunner().run("resolve", "--help")
        #expect(help.status == 0)
        for expected in ["usage: plumb resolve", "--device list", "--landscape", "--scale N", "--metrics", "--overlay", "\"drawn\": false"] {
            #expect(help.stdout.contains(expected), "\(expected)")
        }
    }

    // MARK: Helpers

    private func storedSeed() throws -> PlumbRunner {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        let result = plumb.run("apply", plumb.write("seed-spec.json", seedSpec))
        #expect(result.status == 0, "\(result.stderr)")
        return plumb
    }
}

/// x, y, width, height of a frame, text block or line object.
func rect(_ json: JSONValue) -> [Double] {
    ["x", "y", "width", "height"].map { json[$0]?.number ?? .nan }
}

extension JSONValue {
    var elements: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    var firstElement: JSONValue? { elements?.first }
}
