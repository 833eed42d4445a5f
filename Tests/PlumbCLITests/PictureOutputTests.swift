import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import LayoutSpec
import Pictures
import Raster
import PlumbCLI
import Testing

/// Pictures from the CLI as real files: PNG through librsvg, PDF through cairo (read back by
/// poppler), diff pictures and device sheets; `-o` picks the format by extension.
@Suite struct PictureOutputTests {
    /// `seedSpec` at 300×200: the blue button `ok` is at (195, 10, 100×100), the rest white.
    @Test func pngIsARealPictureAtTheScale() throws {
        let plumb = PlumbRunner()
        plumb.write("seed.json", seedSpec)
        let result = plumb.run("resolve", "seed.json", "--size", "300x200", "--scale", "2", "-o", "seed.png")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let png = try bytes(plumb, "seed.png")
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let inside = try Rasterizer.inspectPNG(png, x: 2 * 245, y: 2 * 20)  // inside ok, away from its text
        #expect((inside.width, inside.height) == (600, 400))
        #expect(inside.rgba == [0, 0, 255, 255])
        #expect(try Rasterizer.inspectPNG(png, x: 20, y: 380).rgba == [255, 255, 255, 255])
        // Without --scale, one pixel per point.
        #expect(plumb.run("resolve", "seed.json", "--size", "300x200", "-o", "one.png").status == 0)
        let one = try Rasterizer.inspectPNG(try bytes(plumb, "one.png"), x: 245, y: 20)
        #expect((one.width, one.height, one.rgba) == (300, 200, [0, 0, 255, 255]))
    }

    @Test func pdfIsARealDocumentOnePointPerUnit() throws {
        let plumb = PlumbRunner()
        plumb.write("seed.json", seedSpec)
        let result = plumb.run("resolve", "seed.json", "--size", "300x200", "-o", "seed.pdf")
        #expect(result.status == 0, "\(result.stderr)")
        let pdf = try bytes(plumb, "seed.pdf")
        #expect(String(decoding: pdf.prefix(5), as: UTF8.self) == "%PDF-")
        #expect(String(decoding: pdf.suffix(7), as: UTF8.self).contains("%%EOF"))
        // Poppler, another reader than the cairo that wrote it, sees one 300×200 pt page.
        let info = try tool("pdfinfo", [plumb.folder.appendingPathComponent("seed.pdf").path])
        #expect(info.contains("Pages:") && info.contains(" 1\n"), "\(info)")
        #expect(info.contains("Page size:") && info.contains("300 x 200 pts"), "\(info)")
        // …and draws the button blue: rasterised at 72 dpi, one pixel per point.
        let prefix = plumb.folder.appendingPathComponent("poppler").path
        _ = try tool("pdftoppm", ["-png", "-r", "72", "-singlefile", plumb.folder.appendingPathComponent("seed.pdf").path, prefix])
        let drawn = try Array(Data(contentsOf: URL(fileURLWithPath: prefix + ".png")))
        let pixel = try Rasterizer.inspectPNG(drawn, x: 245, y: 20)
        #expect((pixel.width, pixel.height) == (300, 200))
        #expect(pixel.rgba == [0, 0, 255, 255])
        #expect(try Rasterizer.inspectPNG(drawn, x: 20, y: 180).rgba == [255, 255, 255, 255])
    }

    @Test(arguments: [
        (["resolve", "seed.json", "--size", "300x200", "-o", "x.gif"], "resolve writes .json, .svg, .png, .pdf or .txt (got .gif)"),
        (["resolve", "seed.json", "--size", "300x200", "-o", "x.html"], "(got .html)"),
        (["resolve", "seed.json", "--size", "300x200", "--format", "png"], "PNG and PDF come from -o"),
        (["resolve", "seed.json", "--size", "300x200", "--format", "table", "-o", "x.png"], "disagrees with -o x.png"),
        (["diff", "seed@1", "--picture", "-o", "x.txt"], "diff writes .svg, .png, .pdf, .html or .json (got .txt)"),
        (["diff", "seed@1", "-o", "x.svg"], "-o goes with --picture"),
        (["diff", "seed@1", "--frames", "--picture"], "not both"),
        (["diff", "seed@1", "--side-by-side"], "--side-by-side goes with --picture"),
        (["sheet", "seed", "-o", "x.json"], "sheet writes .svg, .png or .pdf (got .json)"),
        (["sheet", "seed", "--devices", "iphone-se,nokia-3310"], "unknown device \"nokia-3310\""),
        (["sheet", "seed", "--devices", ","], "expected 1 to 24 device names"),
    ])
    func badOutputsAreUsageErrorsAndWriteNothing(_ arguments: [String], _ message: String) throws {
        let plumb = try storeWithTwoVersions()
        let result = plumb.run(arguments)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: plumb.folder.path)
        #expect(!names.contains { $0.hasPrefix("x.") })
    }

    @Test func diffPictureMarksEachKindOfChange() throws {
        let plumb = try storeWithTwoVersions()
        let svg = plumb.run("diff", "seed@1", "--picture", "--size", "300x200", "--metrics", "fixed")
        #expect(svg.status == 0, "\(svg.stderr)")
        let document = try XMLDocument(xmlString: svg.stdout, options: [])
        func marks(_ kind: String) throws -> [String] {
            try document.nodes(forXPath: "//*[@data-change='\(kind)']").compactMap { ($0 as? XMLElement)?.attributes?.first { $0.name == "data-view" }?.stringValue }
        }
        #expect(try marks("moved") == ["ok"])  // 100 → 150 wide
        #expect(try marks("added") == ["help"])
        #expect(try marks("changed") == ["root"])  // a colour only; note's text changed too, but it is hidden
        #expect(try document.nodes(forXPath: "//*[@data-change='moved']/*[@data-ghost='true']").count == 1)
        #expect(try document.nodes(forXPath: "//*[@data-change='moved']/*[local-name()='line']").count == 1)
        #expect(try document.nodes(forXPath: "//*[@data-change='removed']").isEmpty, "the removed view was collapsed: not drawn")

        let json = try JSONParser.parse(plumb.run("diff", "seed@1", "--picture", "--size", "300x200", "--metrics", "fixed", "--json").stdout)
        let changes = try #require(json["changes"]?.elements)
        let kinds = Dictionary(uniqueKeysWithValues: changes.map { ($0["view"]?.string ?? "?", $0["change"]?.string ?? "?") })
        #expect(kinds == ["root": "changed", "ok": "moved", "help": "added", "note": "changed", "gone": "removed"])
        #expect(changes.first { $0["view"] == .string("note") }?["properties"] == .array([.string("text")]))

        // PNG, HTML, side by side.
        #expect(plumb.run("diff", "seed@1", "head", "--picture", "--size", "300x200", "-o", "diff.png", "--scale", "2").status == 0)
        // The screen sits under the 84-point band of title and legend, which is at least 420 wide.
        let png = try Rasterizer.inspectPNG(try bytes(plumb, "diff.png"), x: 2 * 150, y: 2 * (84 + 190))
        #expect((png.width, png.height) == (840, 568))
        #expect(png.rgba[1] > png.rgba[0] && png.rgba[1] > png.rgba[2], "the added view is tinted green: \(png.rgba)")
        #expect(plumb.run("diff", "seed@1", "--picture", "--size", "300x200", "-o", "diff.html").status == 0)
        let html = String(decoding: try bytes(plumb, "diff.html"), as: UTF8.self)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<li tabindex=\"0\" data-view=\"ok\" data-change=\"moved\">"))
        #expect(html.contains("data-mode=\"side\""))
        // A version against a spec file: the same changes, the file named as the new side.
        let file = try JSONParser.parse(plumb.run("diff", "seed@1", "seed2.json", "--picture", "--size", "300x200", "--metrics", "fixed", "--json").stdout)
        #expect(file["to"] == .string("file seed"))
        #expect(file["changes"]?.elements?.map { $0["view"]?.string ?? "?" }.sorted() == ["gone", "help", "note", "ok", "root"])
        let side = plumb.run("diff", "seed@1", "--picture", "--side-by-side", "--size", "300x200", "--metrics", "fixed")
        let sideDocument = try XMLDocument(xmlString: side.stdout, options: [])
        #expect(try sideDocument.nodes(forXPath: "//*[@data-screen]").count == 2)
    }

    @Test func sheetDrawsOneScreenPerDevice() throws {
        let plumb = try storeWithTwoVersions()
        let svg = plumb.run("sheet", "seed@1", "--devices", "iphone-se, 320x480,ipad", "--metrics", "fixed")
        #expect(svg.status == 0, "\(svg.stderr)")
        let document = try XMLDocument(xmlString: svg.stdout, options: [])
        let screens = try document.nodes(forXPath: "//*[@data-screen]").compactMap { $0 as? XMLElement }
        #expect(screens.count == 3)
        let widths = screens.map { $0.attributes?.first { $0.name == "width" }?.stringValue }
        #expect(widths == ["375", "320", "820"])
        #expect(svg.stdout.contains("iPhone SE · 375×667") && svg.stdout.contains(">320×480<"))
        #expect(svg.stdout.contains(">seed: v1</text>"), "the sheet says what it shows")
        let landscape = plumb.run("sheet", "seed", "--devices", "iphone-se", "--landscape", "--metrics", "fixed")
        #expect(landscape.stdout.contains("iPhone SE · 667×375"))
        #expect(plumb.run("sheet", "seed", "--devices", "iphone-se,ipad", "-o", "sheet.png").status == 0)
        let png = try Rasterizer.inspectPNG(try bytes(plumb, "sheet.png"), x: 0, y: 0)
        let (origins, size) = DeviceSheet.placement(of: [.init(width: 375, height: 667), .init(width: 820, height: 1180)], heading: "seed: v2")
        #expect((png.width, png.height) == (Int(size.width), Int(size.height)))
        #expect(origins.count == 2)
        // The blue button of the first screen (a 100-wide button docked right, 10 from the top).
        let button = try Rasterizer.inspectPNG(try bytes(plumb, "sheet.png"), x: Int(origins[0].x) + 375 - 5 - 50, y: Int(origins[0].y) + 14)
        #expect(button.rgba == [0, 0, 255, 255])
        #expect(plumb.run("sheet", "seed", "-o", "sheet.pdf").status == 0)
        #expect(String(decoding: try bytes(plumb, "sheet.pdf").prefix(5), as: UTF8.self) == "%PDF-")
    }

    /// The picture is the screen: views wholly below it are left out of the SVG; views that
    /// reach into it, or whose text does, stay.
    @Test func viewsOffTheScreenAreLeftOut() throws {
        let plumb = PlumbRunner()
        plumb.write("long.json", """
            {"plumb": 1, "name": "long", "root": {"id": "root", "kind": "stack", "children": [
              {"id": "top", "kind": "view", "height": 100},
              {"id": "edge", "kind": "view", "height": 150},
              {"id": "below", "kind": "view", "height": 500},
              {"id": "far", "kind": "label", "text": "far away", "height": 20}]}}
            """)
        let svg = plumb.run("resolve", "long.json", "--size", "300x200", "--metrics", "fixed", "--format", "svg")
        #expect(svg.status == 0, "\(svg.stderr)")
        for id in ["root", "top", "edge"] { #expect(svg.stdout.contains("data-view=\"\(id)\""), "\(id)") }
        for id in ["below", "far"] { #expect(!svg.stdout.contains("data-view=\"\(id)\""), "\(id)") }
        let tall = plumb.run("resolve", "long.json", "--size", "300x800", "--metrics", "fixed", "--format", "svg")
        for id in ["below", "far"] { #expect(tall.stdout.contains("data-view=\"\(id)\""), "\(id) is on a taller screen") }
    }

    // MARK: Helpers

    /// `seed` v1, then v2 with ok wider, help added, gone removed and note's text changed.
    private func storeWithTwoVersions() throws -> PlumbRunner {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        #expect(plumb.run("apply", plumb.write("seed.json", seedSpec)).status == 0)
        let edited = seedSpec
            .replacingOccurrences(of: "{\"id\": \"root\", \"kind\": \"view\",", with: "{\"id\": \"root\", \"kind\": \"view\", \"backgroundColor\": \"#EEEEEE\",")
            .replacingOccurrences(of: "\"width\": 100", with: "\"width\": 150")
            .replacingOccurrences(of: "\"text\": \"hi\"", with: "\"text\": \"hello\"")
            .replacingOccurrences(of: "{\"id\": \"gone\", \"kind\": \"label\", \"text\": \"x\", \"visibility\": \"collapsed\"}",
                                  with: "{\"id\": \"help\", \"kind\": \"view\", \"height\": 20, \"verticalAlignment\": \"bottom\", \"backgroundColor\": \"#00FF00\"}")
        #expect(edited.contains("help") && edited.contains("hello") && edited.contains("150") && edited.contains("#EEEEEE"))
        let applied = plumb.run("apply", plumb.write("seed2.json", edited))
        #expect(applied.status == 0, "\(applied.stderr)")
        return plumb
    }

    private func bytes(_ plumb: PlumbRunner, _ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: plumb.folder.appendingPathComponent(name)))
    }

    /// Runs a poppler tool and returns its stdout; fails the test when it exits non-zero.
    private func tool(_ name: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/\(name)")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(name) \(arguments) failed (is poppler-utils installed? Tools/install-deps.sh)")
        return String(decoding: output, as: UTF8.self)
    }
}
