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
    /// The text is let go once parsed, and the parsed views as they are read (a flat spec of a
    /// million views is a 110 MB file).
    public static func decode(_ bytes: consuming [UInt8], file: String) throws(SpecError) -> Spec {
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes, maxDepth: 2 * maxNestingDepth + 8)
            _ = consume bytes
        } catch {
            // Views nest two JSON levels each (the view, its children): say it in views.
            let message = error.isTooDeep
                ? "views nested deeper than \(maxNestingDepth) levels; use the flat shape (\"views\") for deeper trees"
                : error.message
            throw SpecError(file: file, location: "line \(error.line), column \(error.column)", message: message)
        }
        return try SpecDecoder(file: file).decode(consume json)
    }

    /// The spec as JSON in the given shape: only the properties that were set, children in
    /// order. The written text read back (`encodeText` is the one writer).
    public static func encode(_ spec: Spec, shape: Shape = .nested) -> JSONValue {
        guard let json = try? JSONParser.parse(SpecEncoder.text(spec, shape: shape), maxDepth: .max) else {
            preconditionFailure("the spec writer wrote JSON it cannot read back")
        }
        return json
    }

    /// The spec as indented JSON text with a final newline.
    public static func encodeText(_ spec: Spec, shape: Shape = .nested) -> String {
        String(decoding: SpecEncoder.text(spec, shape: shape), as: UTF8.self)
    }

    /// The same text as `encodeText`, handed to `output` as UTF-8 in pieces, in order, each
    /// ending on a whole character: a large document is written out without being held whole,
    /// and views made one at a time (`TreeOrderedViews`) need not all exist at once.
    public static func writeText(_ spec: some TreeOrderedViews, shape: Shape = .nested, to output: ([UInt8]) -> Void) {
        SpecEncoder.write(spec, shape: shape, to: output)
    }
}
