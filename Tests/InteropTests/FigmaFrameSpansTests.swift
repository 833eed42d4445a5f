import Interop
import LayoutSpec
import Testing

/// The import parses each top-level frame's subtree only when the frame is mapped: the first
/// parse checks it as JSON and records where it is. Errors inside a frame still name the file
/// and the place, and every response shape still finds its frames.
@Suite struct FigmaFrameSpansTests {
    typealias F = FigmaImporterTests

    static let screen = F.node("1:1", "FRAME", "Screen", F.box(0, 0, 100, 100), children: [
        F.node("1:2", "FRAME", "Card", F.box(0, 0, 50, 50), children: [F.node("1:3", "RECTANGLE", "Dot", F.box(0, 0, 5, 5))]),
        F.node("1:4", "RECTANGLE", "Bar", F.box(0, 60, 100, 10)),
    ])

    @Test func aFrameSubtreeIsReadWhenMapped() throws {
        let result = try FigmaImporter.read(F.file([Self.screen, F.node("2:1", "FRAME", "Empty", F.box(0, 0, 1, 1))]), file: "t.json")
        #expect(result.frames.map(\.document) == ["screen", "empty"])
        #expect(result.frames[0].spec.views.map(\.sourceId) == ["1:1", "1:2", "1:3", "1:4"])
        #expect(result.frames[1].spec.count == 1)
    }

    /// A syntax error deep in the last frame is refused by `open`, before any frame is mapped,
    /// at its line and column.
    @Test func aSyntaxErrorInAFrameIsRefusedBeforeMapping() {
        let broken = "{\"id\": \"3:1\", \"type\": \"FRAME\", \"name\": \"Late\", \(F.box(0, 0, 1, 1)), \"children\": [\n  {\"id\": \"3:2\",\n   \"type\": \"RECTANGLE\" \"name\": \"x\"}]}"
        for selector in [nil, "Screen"] {
            do {
                _ = try FigmaImporter.open(F.file([Self.screen, broken]), file: "t.json", frame: selector)
                Issue.record("opened")
            } catch {
                #expect(error.description == "t.json: line 3, column 24: not valid JSON (expected ',' or '}' in object); is the file complete?")
            }
        }
        let duplicate = "{\"id\": \"3:1\", \"type\": \"FRAME\", \"name\": \"Late\", \(F.box(0, 0, 1, 1)), \"children\": [\n{\"id\": \"3:2\", \"id\": \"3:3\"}]}"
        #expect(throws: InteropError.self) { try FigmaImporter.open(F.file([Self.screen, duplicate]), file: "t.json") }
    }

    /// A value the reader refuses inside a frame is named by its JSON path when the frame is mapped.
    @Test func aBadValueInAFrameNamesItsPath() throws {
        let bad = F.node("3:1", "FRAME", "Late", F.box(0, 0, 1, 1), children: [
            F.node("3:2", "FRAME", "Inner", F.box(0, 0, 1, 1), children: [F.node("3:3", "RECTANGLE", "x", F.box(0, 0, 1, 1), #""opacity": 7"#)]),
        ])
        var frames = try FigmaImporter.open(F.file([Self.screen, bad]), file: "t.json")
        _ = try frames.map(0)
        do {
            _ = try frames.map(1)
            Issue.record("mapped")
        } catch {
            #expect(error.description == "t.json: $.document.children[0].children[1].children[0].children[0].opacity: expected a number from 0 to 1, got 7")
        }
    }

    /// `/nodes` responses: a requested frame, page or document, each down to its frames' subtrees.
    @Test func nodesResponsesOfFramesPagesAndDocuments() throws {
        let page = #"{"id": "0:1", "type": "CANVAS", "name": "Page", "children": [\#(Self.screen)]}"#
        let document = #"{"id": "0:0", "type": "DOCUMENT", "name": "Doc", "children": [\#(page)]}"#
        for (requested, path) in [(Self.screen, ""), (page, ".children[0]"), (document, ".children[0].children[0]")] {
            let bytes = Array(#"{"name": "T", "nodes": {"1:1": {"document": \#(requested)}}}"#.utf8)
            let result = try FigmaImporter.read(bytes, file: "nodes.json")
            #expect(result.frames.map(\.document) == ["screen"])
            #expect(result.frames[0].spec.views.map(\.sourceId) == ["1:1", "1:2", "1:3", "1:4"])
            let bad = Array(#"{"nodes": {"1:1": {"document": \#(requested.replacingOccurrences(of: #""Dot""#, with: #""Dot", "visible": 1"#))}}}"#.utf8)
            do {
                _ = try FigmaImporter.read(bad, file: "nodes.json")
                Issue.record("accepted")
            } catch {
                #expect(error.description == #"nodes.json: $.nodes["1:1"].document\#(path).children[0].children[0].visible: expected true or false, got 1"#)
            }
        }
    }

    /// A document child that is not a page is a top-level node of its own, its whole subtree read.
    @Test func aDocumentChildThatIsNotAPageIsReadWhole() throws {
        let bytes = Array(#"{"document": {"id": "0:0", "type": "DOCUMENT", "children": [\#(Self.screen)]}}"#.utf8)
        let result = try FigmaImporter.read(bytes, file: "t.json")
        #expect(result.frames[0].spec.views.map(\.sourceId) == ["1:1", "1:2", "1:3", "1:4"])
    }
}
