import LayoutSpec
@testable import PlumbCLI
import Testing

/// `SpecTextWriter`: a document larger than one 64 KB piece is written, piece by piece, as the
/// text the spec writer makes in one piece, in both shapes.
struct SpecTextWriterTests {
    /// `count` views, three children to each stack, breadth first, as a flat spec file.
    static func flatText(count: Int) -> String {
        var lines = [#"{"id": "v0", "kind": "stack"}"#]
        for index in 1..<count {
            let kind = index % 2 == 0 ? #""kind": "stack""# : #""kind": "label", "text": "t\#(index)""#
            lines.append(#"{"id": "v\#(index)", \#(kind), "parent": "v\#((index - 1) / 3 * 2)", "width": \#(index % 300)}"#)
        }
        return #"{"plumb": 1, "name": "big", "views": ["# + lines.joined(separator: ",\n") + "]}\n"
    }

    @Test(arguments: [SpecCodec.Shape.nested, .flat])
    func piecesMakeTheWritersText(_ shape: SpecCodec.Shape) throws {
        let spec = try SpecCodec.decode(Array(Self.flatText(count: 5_000).utf8), file: "big.json")
        var written = "", writes = 0
        let console = Console(out: { written += $0; writes += 1 }, err: { _ in }, isTerminal: false, errorIsTerminal: false, useColor: false)
        SpecTextWriter.write(spec, shape: shape, to: console)
        #expect(written == SpecCodec.encodeText(spec, shape: shape))
        // Several pieces: the text was not held whole before it was written.
        #expect(writes > 1)
    }

    /// Through the command, from a stored version (views made as they are written).
    @Test func aLargeStoredDocumentShowsAsTheWriterWritesIt() throws {
        let text = Self.flatText(count: 5_000)
        let plumb = PlumbRunner()
        plumb.run("init")
        #expect(plumb.run("apply", plumb.write("big.json", text), "-m", "big").status == 0)
        let spec = try SpecCodec.decode(Array(text.utf8), file: "big.json")
        for shape in [SpecCodec.Shape.nested, .flat] {
            let shown = plumb.run(shape == .flat ? ["show", "big", "--flat"] : ["show", "big"])
            #expect(shown.status == 0)
            #expect(shown.stdout == SpecCodec.encodeText(spec, shape: shape))
        }
    }
}
