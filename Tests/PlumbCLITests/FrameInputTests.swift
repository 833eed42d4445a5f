import Foundation
import LayoutSpec
import Testing

/// `"frame": [x, y, width, height]` and `set … frame=`, stored as left/top docking, margins and
/// a size; `textVerticalAlignment: center` as another spelling of `middle`.
@Suite struct FrameInputTests {
    static let framed = """
        {"plumb": 1, "name": "screen", "root": {"id": "root", "kind": "view", "padding": 4, "children": [
          {"id": "title", "kind": "label", "text": "Hi", "frame": [10, 20, 100, 44], "textVerticalAlignment": "center"},
          {"id": "list", "kind": "stack", "children": [{"id": "row", "kind": "view", "height": 10}]}
        ]}}
        """

    @Test func aFrameIsStoredAsDockingMarginsAndSizeAndShowApplyIsANoOp() throws {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        #expect(plumb.run("apply", plumb.write("screen.json", Self.framed)).status == 0)
        let shown = plumb.run("show", "screen")
        let spec = try SpecCodec.decode(Array(shown.stdout.utf8), file: "shown")
        let title = try #require(spec.views.first { $0.id == "title" })
        #expect(title.horizontalAlignment == .left && title.verticalAlignment == .top)
        #expect(title.margin.left == 10 && title.margin.top == 20 && title.margin.right == nil && title.margin.bottom == nil)
        #expect(title.width == 100 && title.height == 44)
        #expect(title.textVerticalAlignment == .middle)
        #expect(!shown.stdout.contains("frame") && !shown.stdout.contains("center"))
        plumb.write("shown.json", shown.stdout)
        #expect(plumb.run("apply", "shown.json").stderr.contains("nothing changed"))
        // The frame is where the view lands, in the parent's content box (inside its padding).
        let resolved = plumb.run("resolve", "screen", "--size", "375x667", "--format", "json", "--metrics", "fixed")
        let frames = try JSONParser.parse(Array(resolved.stdout.utf8))["frames"]
        guard case .array(let list)? = frames, let frame = list.first(where: { $0["id"] == .string("title") }) else {
            Issue.record("no frames: \(resolved.stderr)")
            return
        }
        #expect(frame["x"] == .number(14) && frame["y"] == .number(24) && frame["width"] == .number(100) && frame["height"] == .number(44))
    }

    @Test func setFrameWritesTheSameProperties() throws {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        #expect(plumb.run("apply", plumb.write("screen.json", Self.framed)).status == 0)
        let set = plumb.run("set", "screen", "title", "frame=0,8,50,30.5", "textVerticalAlignment=center")
        #expect(set.status == 0, "\(set.stderr)")
        let spec = try SpecCodec.decode(Array(plumb.run("show", "screen").stdout.utf8), file: "shown")
        let title = try #require(spec.views.first { $0.id == "title" })
        #expect(title.margin.left == 0 && title.margin.top == 8 && title.width == 50 && title.height == 30.5)
        #expect(plumb.run("set", "screen", "title", "frame=0,8,50,30.5").stderr.contains("nothing changed"))
        #expect(plumb.run("set", "screen", "title", "--unset", "frame").status == 0)
        let cleared = try SpecCodec.decode(Array(plumb.run("show", "screen").stdout.utf8), file: "shown")
        let bare = try #require(cleared.views.first { $0.id == "title" })
        #expect(bare.width == nil && bare.horizontalAlignment == nil && bare.margin.isEmpty)
    }

    @Test(arguments: [
        (["set", "screen", "title", "frame=1,2,3"], "frame=1,2,3: expected x,y,width,height: four numbers ≥ 0"),
        (["set", "screen", "title", "frame=-1,2,3,4"], "four numbers ≥ 0 (x and y become margins, which cannot be negative)"),
        (["set", "screen", "row", "frame=1,2,3,4"], "only a child of a view container can have a frame; \"list\" is a stack"),
        (["set", "screen", "root", "frame=1,2,3,4"], "the root cannot have a frame"),
        (["add", "screen", "cell", "--parent", "list", "frame=1,2,3,4"], "\"list\" is a stack"),
    ])
    func badFramesOnTheCommandLine(_ arguments: [String], _ message: String) throws {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        #expect(plumb.run("apply", plumb.write("screen.json", Self.framed)).status == 0)
        let result = plumb.run(arguments)
        #expect(result.status == 1)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(plumb.run("log", "screen", "--json").stdout.components(separatedBy: "\"number\"").count == 2)
    }

    @Test(arguments: [
        (#"{"id": "a", "frame": [1, 2, 3, 4], "width": 3}"#, #"$.root.children[0].frame: cannot be given with "width""#),
        (#"{"id": "a", "frame": [1, 2, 3, 4], "margin": 0}"#, #"cannot be given with "margin""#),
        (#"{"id": "a", "frame": [1, 2, 3]}"#, "$.root.children[0].frame: expected [x, y, width, height]: four numbers ≥ 0"),
        (#"{"id": "a", "frame": "0,0,1,1"}"#, "expected [x, y, width, height]"),
        (#"{"id": "s", "kind": "stack", "children": [{"id": "a", "frame": [0, 0, 1, 1]}]}"#, "$.root.children[0].children[0].frame: only a child of a view container"),
    ])
    func badFramesInASpec(_ child: String, _ message: String) throws {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        let file = plumb.write("bad.json", #"{"plumb": 1, "name": "bad", "root": {"id": "root", "children": [\#(child)]}}"#)
        let result = plumb.run("apply", file)
        #expect(result.status == 1)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func aFrameOnTheRootIsRefusedInBothShapes() {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        let nested = plumb.run("apply", plumb.write("n.json", #"{"plumb": 1, "name": "n", "root": {"id": "root", "frame": [0, 0, 1, 1]}}"#))
        #expect(nested.stderr.contains("$.root.frame: the root cannot have a frame"), "\(nested.stderr)")
        let flat = plumb.run("apply", plumb.write("f.json", #"{"plumb": 1, "name": "f", "views": [{"id": "root", "frame": [0, 0, 1, 1]}]}"#))
        #expect(flat.stderr.contains("$.views[0].frame: the root cannot have a frame"), "\(flat.stderr)")
        let flatChild = plumb.run("apply", plumb.write("g.json", #"{"plumb": 1, "name": "g", "views": [{"id": "root", "kind": "grid"}, {"id": "a", "parent": "root", "frame": [0, 0, 1, 1]}]}"#))
        #expect(flatChild.stderr.contains("$.views[1].frame: only a child of a view container"), "\(flatChild.stderr)")
    }
}
