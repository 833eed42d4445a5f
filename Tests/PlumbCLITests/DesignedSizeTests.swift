import Foundation
import LayoutSpec
import Testing

/// A label's designed size (`designedWidth`, `designedHeight`) through the CLI: kept by
/// resolve where the family is not installed, said so, cleared by an edit of the text or its
/// style, kept by sync.
@Suite struct DesignedSizeCommandTests {
    static func spec(text: String = "Welcome back", family: String = "Plumb Missing Sans", designed: String = #""designedWidth": 97.5, "designedHeight": 24"#) -> String {
        #"""
        {"plumb": 1, "name": "card", "root": {"id": "root", "children": [
          {"id": "title", "kind": "label", "text": "\#(text)", "font": {"family": "\#(family)", "size": 20},
           "horizontalAlignment": "left", "verticalAlignment": "top", \#(designed)},
          {"id": "note", "kind": "label", "text": "Note", "horizontalAlignment": "left", "verticalAlignment": "bottom"}
        ]}}
        """#
    }

    /// The spec `plumb show` prints, parsed, and the view `id` in it.
    static func shown(_ plumb: PlumbRunner, _ id: String, document: String = "card") throws -> JSONValue {
        let shown = plumb.run("show", document)
        #expect(shown.status == 0, "\(shown.stderr)")
        let spec = try JSONParser.parse(shown.stdout)
        return try #require(spec["root"]?["children"]?.elements?.first { $0["id"] == .string(id) })
    }

    static func titleFrame(_ plumb: PlumbRunner, file: String = "card") throws -> (width: Double, height: Double, stderr: String) {
        let resolved = plumb.run("resolve", file, "--size", "375x667", "--format", "json")
        #expect(resolved.status == 0, "\(resolved.stderr)")
        let frames = try #require(try JSONParser.parse(resolved.stdout)["frames"]?.elements)
        let title = try #require(frames.first { $0["id"] == .string("title") })
        return (title["width"]?.number ?? -1, title["height"]?.number ?? -1, resolved.stderr)
    }

    @Test func resolveKeepsTheDesignedSizeOfAFamilyThatIsNotInstalledAndSaysSo() throws {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        plumb.write("card.json", Self.spec())
        #expect(plumb.run("apply", "card.json").status == 0)
        let kept = try Self.titleFrame(plumb)
        #expect(kept.width == 97.5 && kept.height == 24)
        #expect(kept.stderr.contains("font family \"Plumb Missing Sans\" is not installed"), "\(kept.stderr)")
        #expect(kept.stderr.contains("labels in font family \"Plumb Missing Sans\" keep the size their design measured"), "\(kept.stderr)")
        let checked = plumb.run("check", "card")
        #expect(checked.stderr.contains("keep the size their design measured"), "\(checked.stderr)")
        // The installed family is measured, and nothing is said.
        plumb.write("installed.json", Self.spec(family: "DejaVu Sans"))
        let measured = try Self.titleFrame(plumb, file: "installed.json")
        #expect(measured.width != 97.5 && measured.height != 24)
        #expect(!measured.stderr.contains("keep the size"), "\(measured.stderr)")
    }

    @Test func settingTheTextOrItsStyleClearsTheDesignedSize() throws {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        plumb.write("card.json", Self.spec())
        #expect(plumb.run("apply", "card.json").status == 0)
        // A colour does not change what the text measures: kept.
        #expect(plumb.run("set", "card", "title", "textColor=#FF0000").status == 0)
        #expect(try Self.shown(plumb, "title")["designedWidth"] == .number(97.5))
        // New text: both cleared, in the same version.
        let set = plumb.run("set", "card", "title", "text=Hi", "--json")
        #expect(set.status == 0, "\(set.stderr)")
        #expect(try JSONParser.parse(set.stdout)["changes"] == .number(3), "\(set.stdout)")
        let title = try Self.shown(plumb, "title")
        #expect(title["designedWidth"] == nil && title["designedHeight"] == nil && title["text"] == .string("Hi"))
        let measured = try Self.titleFrame(plumb)
        #expect(measured.width != 97.5 && measured.height != 24)
        #expect(!measured.stderr.contains("keep the size"), "\(measured.stderr)")
    }

    @Test(arguments: ["font.size=30", "font.family=Other Sans", "font.weight=bold", "lineHeight=30", "letterSpacing=1",
                      "textCase=upper", "numberOfLines=2", "font.italic=true"])
    func eachTextStyleClearsTheDesignedSize(assignment: String) throws {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        plumb.write("card.json", Self.spec())
        #expect(plumb.run("apply", "card.json").status == 0)
        #expect(plumb.run("set", "card", "title", assignment).status == 0)
        let title = try Self.shown(plumb, "title")
        #expect(title["designedWidth"] == nil && title["designedHeight"] == nil, "\(assignment)")
    }

    /// A designed size named in the same `set` is the new one; the other is cleared.
    @Test func aDesignedSizeSetWithTheTextIsKept() throws {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        plumb.write("card.json", Self.spec())
        #expect(plumb.run("apply", "card.json").status == 0)
        #expect(plumb.run("set", "card", "title", "text=Hello there", "designedWidth=120").status == 0)
        let title = try Self.shown(plumb, "title")
        #expect(title["designedWidth"] == .number(120) && title["designedHeight"] == nil)
        #expect(plumb.run("set", "card", "title", "designedHeight=30", "--unset", "designedWidth").status == 0)
        #expect(try Self.shown(plumb, "title")["designedHeight"] == .number(30))
    }

    /// `show | apply` is a no-op; a file whose text changed but still carries the old designed
    /// size (as `show` printed it) clears it; one that changes both keeps the new size.
    @Test func applyClearsADesignedSizeLeftFromBeforeTheTextChanged() throws {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        plumb.write("card.json", Self.spec())
        #expect(plumb.run("apply", "card.json").status == 0)
        let shown = plumb.run("show", "card").stdout
        plumb.write("shown.json", shown)
        #expect(plumb.run("apply", "shown.json").status == 0)
        #expect(try JSONParser.parse(plumb.run("log", "card", "--json").stdout).elements?.count == 1, "show | apply makes no version")
        plumb.write("edited.json", shown.replacingOccurrences(of: "Welcome back", with: "Welcome"))
        let dry = plumb.run("diff", "card", "edited.json")
        #expect(dry.stdout.contains("designedWidth") && dry.stdout.contains("designedHeight"), "\(dry.stdout)")
        #expect(plumb.run("apply", "edited.json").status == 0)
        let title = try Self.shown(plumb, "title")
        #expect(title["designedWidth"] == nil && title["designedHeight"] == nil && title["text"] == .string("Welcome"))
        plumb.write("both.json", Self.spec(text: "Again", designed: #""designedWidth": 60, "designedHeight": 24"#))
        #expect(plumb.run("apply", "both.json").status == 0)
        let again = try Self.shown(plumb, "title")
        #expect(again["designedWidth"] == .number(60) && again["designedHeight"] == .number(24))
    }

    @Test func syncAndBundlesKeepTheDesignedSize() throws {
        let source = PlumbRunner()
        #expect(source.run("init").status == 0)
        source.write("card.json", Self.spec())
        #expect(source.run("apply", "card.json").status == 0)
        let shown = source.run("show", "card").stdout
        #expect(shown.contains("\"designedWidth\": 97.5") && shown.contains("\"designedHeight\": 24"), "\(shown)")
        let synced = PlumbRunner()
        #expect(synced.run("init").status == 0)
        let sync = synced.run("sync", source.folder.path)
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(synced.run("show", "card").stdout == shown)
        #expect(source.run("bundle", "create", "-o", "card.bundle").status == 0)
        let bundled = PlumbRunner()
        #expect(bundled.run("init").status == 0)
        let applied = bundled.run("bundle", "apply", source.folder.appendingPathComponent("card.bundle").path)
        #expect(applied.status == 0, "\(applied.stderr)")
        #expect(bundled.run("show", "card").stdout == shown)
    }
}
