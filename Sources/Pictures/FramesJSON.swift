import LayoutEngine
import LayoutSpec

/// `resolve --format json` (DESIGN.md §7): the document, the version, the screen size and one
/// frame per view in tree order, all in root coordinates, one frame per line.
///
/// ```json
/// { "document": "login", "version": "3f9c…", "size": { "width": 375, "height": 667 },
///   "frames": [
///     { "id": "root", "parent": null, "x": 0, "y": 0, "width": 375, "height": 667 },
///     { "id": "ok", "parent": "root", "x": 270, "y": 10, "width": 100, "height": 100,
///       "text": { "x": …, "y": …, "width": …, "height": …, "lines": [ { "text": "OK", "x": …, … } ] } }
///   ] }
/// ```
///
/// `"drawn": false` is added only to views that are not drawn (hidden or collapsed, or inside
/// such a view), so a plain screen carries no noise. `"text"` is there for every label and
/// button that takes space (collapsed ones have none). Numbers are the engine's doubles in
/// shortest round-trip form.
public enum FramesJSON {
    /// About how many bytes `write` hands over at a time.
    static let pieceSize = 1 << 16

    /// The text as UTF-8 bytes, whole (what a test or a small caller takes).
    public static func bytes(_ spec: Spec, layout: Layout, document: String, versionID: String?) -> [UInt8] {
        var text: [UInt8] = []
        write(spec, layout: layout, document: document, versionID: versionID) { text += $0 }
        return text
    }

    /// Hands the text to `output` in pieces of about 64 KB, in order, each ending between two
    /// frames (so on a whole character): a million frames are never held whole as text.
    public static func write(_ spec: Spec, layout: Layout, document: String, versionID: String?,
                             to output: ([UInt8]) throws -> Void) rethrows {
        var out: [UInt8] = []
        out.reserveCapacity(pieceSize + 4096)
        out += "{\n  \"document\": ".utf8
        out += JSONWriter.quote(document).utf8
        out += ",\n  \"version\": ".utf8
        out += (versionID.map(JSONWriter.quote) ?? "null").utf8
        out += ",\n  \"size\": { \"width\": ".utf8
        out += JSONWriter.format(layout.viewport.width).utf8
        out += ", \"height\": ".utf8
        out += JSONWriter.format(layout.viewport.height).utf8
        out += " },\n  \"frames\": [".utf8
        for index in 0..<spec.count {
            out += (index == 0 ? "\n    " : ",\n    ").utf8
            appendFrame(index, spec: spec, layout: layout, to: &out)
            if out.count >= pieceSize {
                try output(out)
                out.removeAll(keepingCapacity: true)
            }
        }
        out += "\n  ]\n}\n".utf8
        try output(out)
    }

    private static func appendFrame(_ index: Int, spec: Spec, layout: Layout, to out: inout [UInt8]) {
        out += "{ \"id\": ".utf8
        JSONWriter.appendQuoted(spec.views[index].id, to: &out)
        out += ", \"parent\": ".utf8
        if let parent = spec.parentID(of: index) { JSONWriter.appendQuoted(parent, to: &out) } else { out += "null".utf8 }
        out += ", ".utf8
        appendRect(layout.frames[index], to: &out)
        if !layout.isDrawn[index] { out += ", \"drawn\": false".utf8 }
        if let text = layout.textBlock(of: index) {
            out += ", \"text\": { ".utf8
            appendRect(text.rect, to: &out)
            out += ", \"lines\": [".utf8
            for (number, line) in text.lines.enumerated() {
                out += (number == 0 ? " { \"text\": " : ", { \"text\": ").utf8
                JSONWriter.appendQuoted(line.text, to: &out)
                out += ", ".utf8
                appendRect(line.rect, to: &out)
                out += " }".utf8
            }
            out += (text.lines.isEmpty ? "] }" : " ] }").utf8
        }
        out += " }".utf8
    }

    /// `"x": 0, "y": 0, "width": 1, "height": 2`
    private static func appendRect(_ rect: Rect, to out: inout [UInt8]) {
        out += "\"x\": ".utf8
        JSONWriter.appendNumber(rect.x, to: &out)
        out += ", \"y\": ".utf8
        JSONWriter.appendNumber(rect.y, to: &out)
        out += ", \"width\": ".utf8
        JSONWriter.appendNumber(rect.width, to: &out)
        out += ", \"height\": ".utf8
        JSONWriter.appendNumber(rect.height, to: &out)
    }

    /// `{"x", "y", "width", "height"}` as a value, for other JSON outputs.
    public static func value(_ rect: Rect) -> JSONValue {
        .object([
            JSONMember("x", .number(rect.x)), JSONMember("y", .number(rect.y)),
            JSONMember("width", .number(rect.width)), JSONMember("height", .number(rect.height)),
        ])
    }
}
