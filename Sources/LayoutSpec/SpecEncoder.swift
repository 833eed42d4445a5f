/// Writes a `Spec` as indented JSON text (`JSONWriter.pretty`'s layout): only the properties
/// that were set, in catalogue order.
///
/// Views are streamed in tree order through `JSONWriter` into a buffer handed to the caller in
/// pieces of about `pieceSize` bytes: no JSON value of the whole document is built, depth costs
/// no recursion, and a large document need not be held as text.
enum SpecEncoder {
    /// About how many bytes `write` hands over at a time.
    static let pieceSize = 1 << 16

    /// The whole text at once.
    static func text(_ spec: Spec, shape: SpecCodec.Shape) -> [UInt8] {
        var text = [UInt8]()
        // About 270 bytes a view in the issue-14 document: room enough that the text is not
        // copied as it grows.
        text.reserveCapacity(256 + spec.count * 320)
        write(spec, shape: shape) { text += $0 }
        return text
    }

    /// Hands the text to `output` in pieces of about `pieceSize` bytes, in order; each piece
    /// ends between two views, so on a whole character.
    static func write(_ spec: some TreeOrderedViews, shape: SpecCodec.Shape, to output: ([UInt8]) -> Void) {
        var out = [UInt8]()
        out.reserveCapacity(pieceSize + 4096)
        opening(name: spec.name, shape: shape, into: &out)
        switch shape {
        case .flat:
            out.append(UInt8(ascii: "["))
            for index in 0..<spec.count {
                var members = viewMembers(spec.view(at: index))
                if spec.parents[index] >= 0 { members.insert(JSONMember("parent", .string(spec.id(at: spec.parents[index]))), at: 1) }
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONWriter.newline(&out, 2)
                JSONWriter.write(.object(members), into: &out, pretty: true, level: 2)
                handOver(&out, to: output)
            }
            JSONWriter.newline(&out, 1)
            out.append(UInt8(ascii: "]"))
        case .nested:
            nested(spec, into: &out, output: output)
        }
        JSONWriter.closeObject(inline: false, into: &out, pretty: true, level: 0)
        out.append(0x0A)
        output(out)
    }

    /// The text before the first view: the format, the name and the key of the views.
    static func opening(name: String, shape: SpecCodec.Shape, into out: inout [UInt8]) {
        let top = [JSONMember("plumb", .number(Double(SpecCodec.formatVersion))), JSONMember("name", .string(name))]
        JSONWriter.openObject(top, inline: false, into: &out, pretty: true, level: 0)
        JSONWriter.appendKey(shape == .flat ? "views" : "root", first: false, inline: false, into: &out, pretty: true, level: 0)
    }

    /// Hands `out` over once it holds a piece.
    private static func handOver(_ out: inout [UInt8], to output: ([UInt8]) -> Void) {
        guard out.count >= pieceSize else { return }
        output(out)
        out.removeAll(keepingCapacity: true)
    }

    /// A view whose `children` array is being written.
    private struct OpenView { var index: Int; var level: Int; var hasChild = false }

    /// The root at level 1 and each view's children in a `children` array two levels deeper,
    /// written in tree order: a view with children stays open until its subtree is written.
    private static func nested(_ spec: some TreeOrderedViews, into out: inout [UInt8], output: ([UInt8]) -> Void) {
        let parents = spec.parents
        var open: [OpenView] = []
        func close(_ view: OpenView) {
            JSONWriter.newline(&out, view.level + 1)
            out.append(UInt8(ascii: "]"))
            JSONWriter.closeObject(inline: false, into: &out, pretty: true, level: view.level)
        }
        for index in parents.indices {
            while let last = open.last, last.index != parents[index] { close(open.removeLast()) }
            var level = 1
            if !open.isEmpty {
                level = open[open.count - 1].level + 2
                if open[open.count - 1].hasChild { out.append(UInt8(ascii: ",")) }
                open[open.count - 1].hasChild = true
                JSONWriter.newline(&out, level)
            }
            let members = viewMembers(spec.view(at: index))
            if index + 1 < parents.count && parents[index + 1] == index {
                JSONWriter.openObject(members, inline: false, into: &out, pretty: true, level: level)
                JSONWriter.appendKey("children", first: false, inline: false, into: &out, pretty: true, level: level)
                out.append(UInt8(ascii: "["))
                open.append(OpenView(index: index, level: level))
            } else {
                JSONWriter.write(.object(members), into: &out, pretty: true, level: level)
            }
            handOver(&out, to: output)
        }
        while let last = open.popLast() { close(last) }
    }

    static func viewMembers(_ view: View) -> [JSONMember] {
        var members = [JSONMember("id", .string(view.id)), JSONMember("kind", .string(view.kind.rawValue))]
        var wroteMargin = false, wrotePadding = false, wroteFont = false
        for property in Property.allCases where property != .kind {
            guard let value = view.value(of: property) else { continue }
            switch property {
            case .marginTop, .marginLeft, .marginBottom, .marginRight:
                if !wroteMargin { members.append(JSONMember("margin", edges(view.margin))); wroteMargin = true }
            case .paddingTop, .paddingLeft, .paddingBottom, .paddingRight:
                if !wrotePadding { members.append(JSONMember("padding", edges(view.padding))); wrotePadding = true }
            case .fontFamily, .fontSize, .fontWeight, .fontItalic:
                if !wroteFont { members.append(JSONMember("font", font(view))); wroteFont = true }
            default:
                members.append(JSONMember(property.rawValue, value))
            }
        }
        return members
    }

    private static func edges(_ edges: Edges) -> JSONValue {
        if let top = edges.top, edges.left == top, edges.bottom == top, edges.right == top { return .number(top) }
        return .object(Edge.allCases.compactMap { edge in edges[edge].map { JSONMember(edge.rawValue, .number($0)) } })
    }

    private static func font(_ view: View) -> JSONValue {
        var members: [JSONMember] = []
        if let family = view.fontFamily { members.append(JSONMember("family", .string(family))) }
        if let size = view.fontSize { members.append(JSONMember("size", .number(size))) }
        if let weight = view.fontWeight { members.append(JSONMember("weight", .string(weight.rawValue))) }
        if let italic = view.fontItalic { members.append(JSONMember("italic", .bool(italic))) }
        return .object(members)
    }
}
