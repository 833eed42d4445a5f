import Foundation
import Testing

/// A chain of views, each the only child of the one before (issue 39): every command that
/// walks the tree takes it whole, without a stack overflow, and every way of sending it gives
/// the same document.
@Suite struct DeepTreeTests {
    static let depth = 20_000

    /// The chain as a flat spec: v0 the root, v(i) under v(i-1).
    static func chain(_ plumb: PlumbRunner) -> String {
        var views = [#"{"id": "v0", "kind": "stack"}"#]
        for index in 1..<depth { views.append(#"{"id": "v\#(index)", "kind": "stack", "parent": "v\#(index - 1)"}"#) }
        return plumb.write("deep.json", #"{"plumb": 1, "name": "deep", "views": [\#(views.joined(separator: ","))]}"#)
    }

    @Test func aChain20000DeepAppliesShowsAndSyncsEveryWay() throws {
        let source = PlumbRunner()
        #expect(source.run("init").status == 0)
        let apply = source.run("apply", Self.chain(source))
        #expect(apply.status == 0, "\(apply.stderr)")
        let shown = source.run("show", "deep", "--flat")
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains(#""id": "v19999""#))
        #expect(shown.stdout.contains(#""parent": "v19998""#))
        let resolve = source.run("resolve", "deep", "--size", "400x800")
        #expect(resolve.status == 0, "\(resolve.stderr)")

        #expect(source.run("bundle", "create", "-o", "deep.bundle").status == 0)
        let other = PlumbRunner()
        #expect(other.run("init").status == 0)
        let bundle = other.run("bundle", "apply", source.folder.appendingPathComponent("deep.bundle").path)
        #expect(bundle.status == 0, "\(bundle.stderr)")
        #expect(other.run("show", "deep", "--flat").stdout == shown.stdout)

        let third = PlumbRunner()
        #expect(third.run("init").status == 0)
        let sync = third.run("sync", source.folder.path)
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(third.run("show", "deep", "--flat").stdout == shown.stdout)
    }

    /// The table's indentation stops growing past `FramesTable.maxIndent` levels, where the row
    /// says its depth instead: 20,000 levels of two spaces each would be 400 MB of spaces.
    @Test func theTableOfAChainStaysSmall() throws {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        #expect(plumb.run("apply", Self.chain(plumb)).status == 0)
        let table = plumb.run("resolve", "deep", "--size", "400x800", "--format", "table")
        #expect(table.status == 0, "\(table.stderr)")
        let rows = table.stdout.split(separator: "\n")
        #expect(rows.count == Self.depth + 1)
        #expect(rows.allSatisfy { $0.utf8.count < 200 })
        #expect(rows[3].hasPrefix("    v2 "))
        #expect(rows.last?.hasPrefix(String(repeating: "  ", count: 32) + "[19999] v19999 ") == true, "\(rows.last ?? "")")
    }
}
