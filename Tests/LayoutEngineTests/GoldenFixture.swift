import Foundation
import LayoutEngine
import LayoutSpec

/// One golden file: a spec (nested shape), a viewport, an optional pixel scale, and the
/// frames expected with the fixed text metrics. `expected` is the file's last key, so
/// `UPDATE_GOLDENS=1` can rewrite it and leave the hand-written spec untouched.
struct GoldenFixture {
    let name: String
    let text: String
    let spec: Spec
    let viewport: Size
    let scale: Double?
    let expected: JSONValue

    /// Folder of the fixtures as built into the test bundle.
    static var bundledFolder: URL {
        Bundle.module.resourceURL!.appendingPathComponent("Goldens")
    }

    /// Folder of the fixtures in the source tree, where `UPDATE_GOLDENS=1` writes.
    static var sourceFolder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    }

    /// Names of all fixtures (file names without `.json`), sorted.
    static var allNames: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: bundledFolder.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    init(named name: String) throws {
        self.name = name
        let url = Self.bundledFolder.appendingPathComponent(name + ".json")
        text = try String(contentsOf: url, encoding: .utf8)
        let json = try JSONParser.parse(text)
        guard let specJSON = json["spec"], case .number(let width)? = json["viewport"]?["width"],
              case .number(let height)? = json["viewport"]?["height"] else {
            throw GoldenError(message: "\(name).json: needs \"spec\" and \"viewport\": {\"width\", \"height\"}")
        }
        spec = try SpecCodec.decode(Array(JSONWriter.compact(specJSON).utf8), file: name + ".json")
        viewport = Size(width: width, height: height)
        if case .number(let scale)? = json["scale"] { self.scale = scale } else { scale = nil }
        expected = json["expected"] ?? .array([])
    }

    /// The layout as JSON in the fixture's shape: one object per view, in tree order.
    static func encode(_ layout: Layout, of spec: Spec) -> [JSONValue] {
        (0..<spec.count).map { index in
            let item = layout[index]
            var members = [JSONMember("id", .string(spec.views[index].id))]
            members += rectMembers(item.frame)
            if !item.isDrawn { members.append(JSONMember("drawn", .bool(false))) }
            if let text = item.text {
                var textMembers = rectMembers(text.rect)
                textMembers.append(JSONMember("lines", .array(text.lines.map { line in
                    .object([JSONMember("text", .string(line.text))] + rectMembers(line.rect))
                })))
                members.append(JSONMember("text", .object(textMembers)))
            }
            return .object(members)
        }
    }

    /// Rects are written rounded to 1e-6 points, which hides floating-point noise.
    static func rectMembers(_ rect: Rect) -> [JSONMember] {
        [("x", rect.x), ("y", rect.y), ("width", rect.width), ("height", rect.height)].map {
            JSONMember($0.0, .number(($0.1 * 1e6).rounded() / 1e6))
        }
    }

    /// Rewrites the fixture's `expected` in the source tree with `actual`.
    func writeExpected(_ actual: [JSONValue]) throws {
        guard let range = text.range(of: "\"expected\"") else {
            throw GoldenError(message: "\(name).json: add \"expected\": [] as the last key")
        }
        var out = String(text[..<range.lowerBound]) + "\"expected\": [\n"
        out += actual.map { "    " + JSONWriter.compact($0) }.joined(separator: ",\n")
        out += "\n  ]\n}\n"
        try out.write(to: Self.sourceFolder.appendingPathComponent(name + ".json"), atomically: true, encoding: .utf8)
    }
}

struct GoldenError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
