import LayoutSpec

extension Change {
    /// Largest value, as JSON text, a store writes or accepts (a hub holds no larger).
    public static let maxValueBytes = 1 << 20
    /// Largest version message or author, in UTF-8 bytes (a hub holds no larger).
    public static let maxHeaderTextBytes = 1 << 20

    /// Why a version's message or author cannot be stored or sent, or `nil`.
    public static func headerProblem(message: String, author: String) -> String? {
        if message.utf8.count > maxHeaderTextBytes { return "the message is over \(maxHeaderTextBytes >> 20) MiB" }
        if author.utf8.count > maxHeaderTextBytes { return "the author is over \(maxHeaderTextBytes >> 20) MiB" }
        return nil
    }

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
        guard value.utf8.count <= maxValueBytes else { return "\(property.rawValue) of \(view) is over \(maxValueBytes >> 20) MiB of JSON" }
        guard let json = ValueText.decode(value) else { return "\(property.rawValue) of \(view) is not JSON" }
        if property == .parent, json == .null { return nil }
        return property.type.check(json).map { "\(property.rawValue) of \(view): \($0)" }
    }
}
