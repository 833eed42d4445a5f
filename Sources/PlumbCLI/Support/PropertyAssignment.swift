import LayoutSpec

/// `KEY=VALUE` arguments of `plumb set` and `plumb add`, parsed by each property's type.
enum PropertyAssignment {
    private static let composite: [String: [Property]] = [
        "margin": [.marginTop, .marginLeft, .marginBottom, .marginRight],
        "padding": [.paddingTop, .paddingLeft, .paddingBottom, .paddingRight],
    ]

    /// Keys that `set` accepts: every property but the structural ones, plus `margin` and
    /// `padding` for all four edges.
    static var keys: [String] {
        Property.allCases.filter { !$0.isStructural }.map(\.rawValue) + composite.keys.sorted()
    }

    /// Parses one `KEY=VALUE` for a view of `kind` into property values (canonical JSON).
    static func parse(_ text: String, kind: ViewKind, spec: CommandSpec) throws(CLIError) -> [(Property, String)] {
        guard let equals = text.firstIndex(of: "=") else {
            throw CLIError.usage("\"\(text)\": expected KEY=VALUE", command: spec)
        }
        let key = String(text[..<equals])
        let valueText = String(text[text.index(after: equals)...])
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
            guard let value = property.type.parse(valueText) else {
                throw CLIError.failure("\(key)=\(valueText): \(property.type.expectation)")
            }
            result.append((property, JSONWriter.compact(value)))
        }
        return result
    }

    /// Parses `--unset KEY` into the properties it clears.
    static func parseUnset(_ key: String, kind: ViewKind, spec: CommandSpec) throws(CLIError) -> [Property] {
        if let edges = composite[key] { return edges }
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
