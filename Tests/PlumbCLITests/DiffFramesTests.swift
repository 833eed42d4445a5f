import Foundation
import LayoutSpec
import PlumbCLI
import Testing

@Suite struct DiffFramesTests {
    @Test func framesThatChangedWereAddedOrRemoved() throws {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        #expect(plumb.run("apply", plumb.write("seed.json", seedSpec)).status == 0)
        #expect(plumb.run("set", "seed", "ok", "width=150").status == 0)
        #expect(plumb.run("add", "seed", "help", "--parent", "root", "--kind", "view", "height=20", "verticalAlignment=bottom").status == 0)
        #expect(plumb.run("rm", "seed", "gone").status == 0)
        #expect(plumb.run("set", "seed", "ok", "backgroundColor=#FF0000").status == 0)  // not geometry

        let json = plumb.run("diff", "seed@1", "--frames", "--size", "300x200", "--metrics", "fixed", "--json")
        #expect(json.status == 0, "\(json.stderr)")
        let parsed = try JSONParser.parse(json.stdout)
        guard case .object(let members) = parsed else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["frames"])
        let frames = try #require(parsed["frames"]?.elements)
        #expect(frames.map { $0["id"]?.string } == ["ok", "help", "gone"])
        #expect(frames[0]["from"].map(rect) == [195, 10, 100, 100])
        #expect(frames[0]["to"].map(rect) == [145, 10, 150, 100])
        #expect(frames[1]["from"] == .null)
        #expect(frames[1]["to"].map(rect) == [0, 180, 300, 20])
        #expect(frames[2]["from"].map(rect) == [0, 0, 0, 0])
        #expect(frames[2]["to"] == .null)

        let text = plumb.run("diff", "seed@1", "seed@head", "--frames", "--size", "300x200", "--metrics", "fixed")
        #expect(text.stdout == """
            ~ ok: 195, 10, 100×100 → 145, 10, 150×100
            + help: 0, 180, 300×20
            - gone: 0, 0, 0×0

            """)
        // Between the last two versions only a colour changed: no geometry.
        let none = plumb.run("diff", "seed@head~1", "--frames", "--size", "300x200", "--metrics", "fixed")
        #expect(none.status == 0)
        #expect(none.stdout.isEmpty)
        #expect(none.stderr.contains("no frame changes at 300x200"))
        #expect(plumb.run("diff", "seed@head~1", "--frames", "--metrics", "fixed", "--json").stdout == "{\n  \"frames\": []\n}\n")
    }

    @Test func theScreenDecidesWhatChanged() throws {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        #expect(plumb.run("apply", plumb.write("seed.json", seedSpec)).status == 0)
        #expect(plumb.run("set", "seed", "ok", "maxWidth=350", "horizontalAlignment=fill").status == 0)
        // Filling a 300-wide screen, ok grows from 100 to 295 (margin right 5); on a 1440-wide one it stops at 350.
        let narrow = try JSONParser.parse(plumb.run("diff", "seed@1", "--frames", "--size", "300x200", "--metrics", "fixed", "--json").stdout)
        #expect(narrow["frames"]?.elements?.first?["to"].map(rect) == [0, 10, 295, 100])
        let wide = try JSONParser.parse(plumb.run("diff", "seed@1", "--frames", "--device", "desktop", "--metrics", "fixed", "--json").stdout)
        #expect(wide["frames"]?.elements?.first?["from"].map(rect) == [1335, 10, 100, 100])
        #expect(wide["frames"]?.elements?.first?["to"].map(rect) == [542.5, 10, 350, 100])
    }

    @Test(arguments: [
        (["diff", "seed@1", "--size", "300x200"], 64, "--size goes with --frames"),
        (["diff", "seed@1", "--landscape"], 64, "--landscape goes with --frames"),
        (["diff", "seed@1", "--frames", "--device", "nokia"], 64, "unknown device"),
        (["diff", "seed@1", "--frames", "--size", "300x"], 64, "--size: expected WIDTHxHEIGHT"),
        (["diff", "nodoc@1", "--frames"], 1, "no document \"nodoc\""),
        (["diff", "seed@9", "--frames"], 1, "no such version"),
    ])
    func badArguments(_ arguments: [String], _ status: Int32, _ message: String) throws {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        #expect(plumb.run("apply", plumb.write("seed.json", seedSpec)).status == 0)
        let result = plumb.run(arguments)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
