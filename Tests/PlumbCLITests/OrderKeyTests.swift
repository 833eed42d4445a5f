import Foundation
import SpecStore
import SpecSync
import Testing

/// Order keys written by the CLI stay short and are accepted by every receiver: a store must
/// never hold versions that `clone`, `sync` or `bundle apply` refuse.
@Suite struct OrderKeyTests {
    /// The longest order key a store holds, in digits.
    static func longestOrderKey(_ plumb: PlumbRunner, document: String) throws -> Int {
        let store = try Store.open(at: plumb.storePath)
        let state = try store.state(of: try store.head(of: document))
        return state.views.keys.compactMap { state.value($0, .order).flatMap(ValueText.decode)?.string?.utf8.count }.max() ?? 0
    }

    @Test func flatStackOf30000ViewsAppliesAndSyncsEveryWay() throws {
        let source = PlumbRunner()
        #expect(source.run("init").status == 0)
        var views = [#"{"id": "root", "kind": "stack"}"#]
        for index in 0..<30_000 { views.append(#"{"id": "v\#(index)", "parent": "root"}"#) }
        let file = source.write("flat.json", #"{"plumb": 1, "name": "flat", "views": [\#(views.joined(separator: ","))]}"#)
        #expect(source.run("apply", file).status == 0)
        #expect(try Self.longestOrderKey(source, document: "flat") <= 8)

        let other = PlumbRunner()
        let clone = other.run("clone", source.folder.path, other.folder.appendingPathComponent("clone").path)
        #expect(clone.status == 0, "\(clone.stderr)")
        #expect(source.run("bundle", "create", "-o", "flat.bundle").status == 0)
        #expect(other.run("init").status == 0)
        let bundle = other.run("bundle", "apply", source.folder.appendingPathComponent("flat.bundle").path)
        #expect(bundle.status == 0, "\(bundle.stderr)")
        let third = PlumbRunner()
        #expect(third.run("init").status == 0)
        let sync = third.run("sync", source.folder.path)
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(third.run("show", "flat", "--flat").stdout == source.run("show", "flat", "--flat").stdout)
    }

    /// `plumb add … --index 1` again and again: each key lands between the first sibling and
    /// the previous insert, one digit longer every few inserts, until the siblings are
    /// rebalanced as ordinary order changes.
    @Test func singleInsertsAtOneSpotRebalanceAndStillSync() throws {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        #expect(plumb.run("apply", plumb.write("list.json", #"{"plumb": 1, "name": "list", "root": {"id": "root", "kind": "stack", "children": [{"id": "first"}, {"id": "last"}]}}"#)).status == 0)
        var expected = ["first", "last"]
        for index in 0..<320 {
            let result = plumb.run("add", "list", "n\(index)", "--parent", "root", "--index", "1")
            #expect(result.status == 0, "\(result.stderr)")
            expected.insert("n\(index)", at: 1)
        }
        #expect(try Self.longestOrderKey(plumb, document: "list") <= FractionalIndex.rebalanceLength)
        let shown = plumb.run("show", "list", "--flat").stdout
        let order = shown.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: #""id": ""#) else { return nil }
            return String(line[range.upperBound...].prefix { $0 != "\"" })
        }
        #expect(order == ["root"] + expected)
        let other = PlumbRunner()
        let clone = other.run("clone", plumb.folder.path, other.folder.appendingPathComponent("clone").path)
        #expect(clone.status == 0, "\(clone.stderr)")
    }
}
