import LayoutSpec

extension Change {
    /// Why one property write cannot be stored or sent, or `nil` when it is well-formed: the
    /// view id is an id, and the value is JSON of the property's type (order keys within
    /// `PropertyType.maxOrderKeyLength`, texts within their limits; `parent` may be `null`).
    ///
    /// The one check on both sides: a store runs it on every edit it commits and on every
    /// change it receives (`VersionPayload.inconsistency`), so it never writes what a receiver
    /// would refuse.
    public static func problem(view: String, property: Property, value: String?) -> String? {
        guard Identifier.isValid(view) else { return "\(JSONWriter.quote(String(view.prefix(80)))) is not a view id" }
        guard let value else { return nil }
        guard let json = ValueText.decode(value) else { return "\(property.rawValue) of \(view) is not JSON" }
        if property == .parent, json == .null { return nil }
        return property.type.check(json).map { "\(property.rawValue) of \(view): \($0)" }
    }
}
