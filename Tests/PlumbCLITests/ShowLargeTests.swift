import LayoutSpec
@testable import PlumbCLI
import Testing

/// `plumb show` of a document large enough that its text is made in two parts at once
/// (`SpecTextWriter`): the same text, in both shapes, as the spec writer makes in one.
struct ShowLargeTests {
    @Test func aLargeDocumentShowsAsTheWriterWritesIt() throws {
        let count = 5_000
        #expect(count >= SpecTextWriter.twoPartsFrom * 2)
        var lines = [#"{"id": "v0", "kind": "stack"}"#]
        for index in 1..<count {
            // Three children each, breadth first: a subtree is cut wherever the halves meet.
            let kind = index % 2 == 0 ? #""kind": "stack""# : #""kind": "label", "text": "t\#(index)""#
            lines.append(#"{"id": "v\#(index)", \#(kind), "parent": "v\#((index - 1) / 3 * 2)", "width": \#(index % 300)}"#)
        }
        let text = #"{"plumb": 1, "name": "big", "views": ["# + lines.joined(separator: ",\n") + "]}\n"
        let plumb = PlumbRunner()
        plumb.run("init")
        let file = plumb.write("big.json", text)
        #expect(plumb.run("apply", file, "-m", "big").status == 0)
        let spec = try SpecCodec.decode(Array(text.utf8), file: "big.json")
        for shape in [SpecCodec.Shape.nested, .flat] {
            let shown = plumb.run(shape == .flat ? ["show", "big", "--flat"] : ["show", "big"])
            #expect(shown.status == 0)
            #expect(shown.stdout == SpecCodec.encodeText(spec, shape: shape))
        }
    }
}
