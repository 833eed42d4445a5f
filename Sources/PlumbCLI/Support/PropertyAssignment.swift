import LayoutSpec
import SpecStore
import SpecSync

/// `KEY=VALUE` arguments of `plumb set` and `plumb add`, parsed by each property's type.
enum PropertyAssignment {
    private static let composite: [String: [Property]] = [
        "margin": [.marginTop, .marginLeft, .marginBottom, .marginRight],
        "padding": [.paddingTop, .paddingLeft, .paddingBottom, .paddingRight],
    ]

    /// Keys that `set` accepts: every property but the structural ones, plus `margin` and
    /// `padding` for all four edges, and `frame` (see `Frame`).
    static var keys: [String] {
        Property.allCases.filter { !$0.isStructural }.map(\.rawValue) + composite.keys.sorted() + ["frame"]
    }

    /// Parses one `KEY=VALUE` for a view of `kind` into property values (canonical JSON).
    static func parse(_ text: String, kind: ViewKind, spec: CommandSpec) throws(CLIError) -> [(Property, String)] {
        guard let equals = text.firstIndex(of: "=") else {
            throw CLIError.usage("\"\(text)\": expected KEY=VALUE", command: spec)
        }
        let key = String(text[..<equals])
        let valueText = String(text[text.index(after: equals)...])
        if key == "frame" {
            guard let frame = Frame(text: valueText) else { throw CLIError.failure("frame=\(valueText): \(Frame.expectation("x,y,width,height"))") }
            return frame.values.map { ($0.property, JSONWriter.compact($0.value)) }
        }
        let properties: [Property]
        if let edges = composite[key] {
            properties = edges
        } else if let property = Property(rawValue: key), !property.isStructural {
            properties = [property]
        } else if let property = Property(rawValue: key) {
            throw CLIError.usage("\"\(property.rawValue)\" is structural; use plumb add, rm or mv", command: spec)
        } else {
            throw CLIError.usage("unknown property \"\(key)\"" + Suggestion.hint(for: key, in: keys), command: spec)
        }
        var result: [(Property, String)] = []
        for property in properties {
            guard property.applies(to: kind) else {
                throw CLIError.failure("\"\(property.rawValue)\" is not a property of a \(kind.rawValue) (it applies to \(property.kindsDescription))")
            }
            guard let value = property.type.parse(property.canonicalSpelling(of: valueText)) else {
                throw CLIError.failure("\(key)=\(valueText): \(property.type.expectation)")
            }
            result.append((property, JSONWriter.compact(value)))
        }
        return result
    }

    /// Parses `--unset KEY` into the properties it clears.
    static func parseUnset(_ key: String, kind: ViewKind, spec: CommandSpec) throws(CLIError) -> [Property] {
        if let edges = composite[key] { return edges }
        if key == "frame" { return Frame.properties }
        guard let property = Property(rawValue: key) else {
            throw CLIError.usage("--unset: unknown property \(JSONWriter.quote(key))" + Suggestion.hint(for: key, in: keys), command: spec)
        }
        switch property {
        case .kind:
            throw CLIError.usage("--unset: kind cannot be unset, every view has one; to change it, set it (kind=label)", command: spec)
        case .parent, .order, .alive:
            throw CLIError.usage("--unset: \(key) is where the view is in the tree, not a property to unset; use plumb mv to move the view, plumb rm to delete it", command: spec)
        default:
            return [property]
        }
    }
}

extension PropertyAssignment {
    /// Refuses `frame=` on a view whose parent is not a `view` container (or on the root):
    /// a stack or grid gives its children slots of their own, and the root takes the screen.
    static func checkFrameParent(_ assignments: some Sequence<String>, parent: String?, in head: DocumentHead) throws {
        guard assignments.contains(where: { $0.hasPrefix("frame=") }) else { return }
        guard let parent else { throw StoreError.invalidEdit("\(head.name): the root cannot have a frame: it takes the screen") }
        if let kind = try head.kind(of: parent), kind != .view {
            throw StoreError.invalidEdit("\(head.name): only a child of a view container can have a frame; \"\(parent)\" is a \(kind.rawValue), which places its children itself")
        }
    }
}
