import Foundation
import LayoutSpec
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

/// SplitMix64 with a fixed seed, so a failing random case can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
