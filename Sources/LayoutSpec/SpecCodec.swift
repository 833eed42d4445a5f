/// Reads and writes spec files (DESIGN.md §3) in either shape: nested (`root` with `children`)
/// or flat (`views`, each naming its `parent`).
public enum SpecCodec {
    /// The spec format version this Plumb reads and writes.
    public static let formatVersion = 1
    /// Deepest nesting of views accepted in the nested shape (the flat shape has no limit).
    public static let maxNestingDepth = 256
    /// Most views accepted in one spec.
    public static let maxViews = 1_000_000

    /// The two file shapes.
    public enum Shape: String, Sendable {
        case nested, flat
    }

    /// Parses and validates a spec file. `file` names the input in errors.
    public static func decode(_ bytes: [UInt8], file: String) throws(SpecError) -> Spec {
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes, maxDepth: 2 * maxNestingDepth + 8)
        } catch {
            throw SpecError(file: file, location: "line \(error.line), column \(error.column)", message: error.message)
        }
        return try SpecDecoder(file: file).decode(json)
    }

    /// The spec as JSON in the given shape: only the properties that were set, children in order.
    public static func encode(_ spec: Spec, shape: Shape = .nested) -> JSONValue {
        SpecEncoder.encode(spec, shape: shape)
    }

    /// The spec as indented JSON text with a final newline.
    public static func encodeText(_ spec: Spec, shape: Shape = .nested) -> String {
        JSONWriter.pretty(encode(spec, shape: shape)) + "\n"
    }
}
