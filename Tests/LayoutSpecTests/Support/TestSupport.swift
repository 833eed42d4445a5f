import Foundation
import LayoutSpec
import SeededRandom
import Testing

/// Spec files kept in `Fixtures/`.
enum Fixture {
    static func bytes(_ name: String) throws -> [UInt8] {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"), "no fixture \(name)")
        return Array(try Data(contentsOf: url))
    }

    static func spec(_ name: String) throws -> Spec {
        try SpecCodec.decode(bytes(name), file: name)
    }

    static func json(_ name: String) throws -> JSONValue {
        try JSONParser.parse(bytes(name))
    }
}

/// Decodes spec text, naming the input `file` in errors.
func decodeSpec(_ text: String, file: String = "test.json") throws(SpecError) -> Spec {
    try SpecCodec.decode(Array(text.utf8), file: file)
}

/// The description of the error decoding `text` gives; `nil` when it decodes.
func decodeError(_ text: String, file: String = "test.json") -> String? {
    do {
        _ = try decodeSpec(text, file: file)
        return nil
    } catch {
        return error.description
    }
}

/// A nested spec file around `root` (JSON text of the root view).
func nestedSpec(root: String, name: String = "test") -> String {
    #"{"plumb": 1, "name": "\#(name)", "root": \#(root)}"#
}

/// A flat spec file around `views` (JSON text of each view object).
func flatSpec(_ views: [String], name: String = "test") -> String {
    #"{"plumb": 1, "name": "\#(name)", "views": [\#(views.joined(separator: ", "))]}"#
}

/// The same JSON with object members sorted by key at every level, to compare ignoring order.
func sortedKeys(_ value: JSONValue) -> JSONValue {
    switch value {
    case .array(let elements): .array(elements.map(sortedKeys))
    case .object(let members): .object(members.map { JSONMember($0.key, sortedKeys($0.value)) }.sorted { $0.key < $1.key })
    default: value
    }
}

