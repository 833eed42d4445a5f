/// Writes a `Spec` as JSON: only the properties that were set, in catalogue order.
enum SpecEncoder {
    static func encode(_ spec: Spec, shape: SpecCodec.Shape) -> JSONValue {
        var top = [JSONMember("plumb", .number(Double(SpecCodec.formatVersion))), JSONMember("name", .string(spec.name))]
        switch shape {
        case .flat:
            let views = spec.views.indices.map { index in
                var members = viewMembers(spec.views[index])
                if let parent = spec.parentID(of: index) { members.insert(JSONMember("parent", .string(parent)), at: 1) }
                return JSONValue.object(members)
            }
            top.append(JSONMember("views", .array(views)))
        case .nested:
            top.append(JSONMember("root", nested(spec)))
        }
        return .object(top)
    }

    /// Builds the nested shape bottom-up (reverse tree order), so depth costs no recursion.
    private static func nested(_ spec: Spec) -> JSONValue {
        var children = Array(repeating: [JSONValue](), count: spec.count)
        var built = JSONValue.null
        for index in spec.views.indices.reversed() {
            var members = viewMembers(spec.views[index])
            if !children[index].isEmpty {
                members.append(JSONMember("children", .array(children[index].reversed())))
                children[index] = []
            }
            built = .object(members)
            if spec.parents[index] >= 0 { children[spec.parents[index]].append(built) }
        }
        return built
    }

    static func viewMembers(_ view: View) -> [JSONMember] {
        var members = [JSONMember("id", .string(view.id)), JSONMember("kind", .string(view.kind.rawValue))]
        var wroteMargin = false, wrotePadding = false, wroteFont = false
        for (property, value) in view.setProperties where property != .kind {
            switch property {
            case .marginTop, .marginLeft, .marginBottom, .marginRight:
                if !wroteMargin { members.append(JSONMember("margin", edges(view.margin))); wroteMargin = true }
            case .paddingTop, .paddingLeft, .paddingBottom, .paddingRight:
                if !wrotePadding { members.append(JSONMember("padding", edges(view.padding))); wrotePadding = true }
            case .fontFamily, .fontSize, .fontWeight:
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
        return .object(members)
    }
}
