import Foundation
import LayoutSpec

/// Documents to lay out in the browser: the layout goldens and spec files.
public enum BrowserCases {
    /// The spec of every golden fixture (`{"spec": …, "viewport": …, "expected": …}`) in `folder`.
    public static func goldens(in folder: String) throws -> [BrowserComparison.Case] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }.sorted()
        return try names.map { name in
            let path = folder + "/" + name
            guard let data = FileManager.default.contents(atPath: path) else { throw BrowserCheckError("\(path): cannot read") }
            guard let spec = try JSONParser.parse(Array(data))["spec"] else { throw BrowserCheckError("\(path): no \"spec\"") }
            return BrowserComparison.Case(name: name, spec: try SpecCodec.decode(Array(JSONWriter.compact(spec).utf8), file: path))
        }
    }

    /// Every spec file in `folder` (none when it does not exist).
    public static func examples(in folder: String) -> [BrowserComparison.Case] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
        return names.compactMap { name in
            guard let data = FileManager.default.contents(atPath: folder + "/" + name),
                  let spec = try? SpecCodec.decode(Array(data), file: name) else { return nil }
            return BrowserComparison.Case(name: name, spec: spec)
        }
    }
}
