import FoundationEssentials
import Glibc
import LayoutSpec

/// Typed members of a node's JSON, each refused in words (with its path) when it has the
/// wrong type or lies outside its range.
extension FigmaReader {
    func string(_ json: JSONValue, _ key: String, _ path: String, required: Bool = false) throws(InteropError) -> String? {
        switch member(json, key) {
        case nil, .null?:
            if required { throw fail(path, "missing \"\(key)\"") }
            return nil
        case .string(let text)?: return text
        case let other?: throw fail("\(path).\(key)", "expected a string, got \(other.typeDescription)")
        }
    }

    func number(_ json: JSONValue, _ key: String, _ path: String, in range: ClosedRange<Double>? = nil) throws(InteropError) -> Double? {
        switch member(json, key) {
        case nil, .null?: return nil
        case .number(let value)? where value.isFinite:
            if let range, !range.contains(value) {
                throw fail("\(path).\(key)", "expected a number from \(JSONWriter.format(range.lowerBound)) to \(JSONWriter.format(range.upperBound)), got \(JSONWriter.format(value))")
            }
            return value
        case let other?: throw fail("\(path).\(key)", "expected a number, got \(other.typeDescription)")
        }
    }

    func count(_ json: JSONValue, _ key: String, _ path: String) throws(InteropError) -> Int? {
        guard let value = try number(json, key, path) else { return nil }
        guard value >= 0, value <= 1_000_000, value == value.rounded() else {
            throw fail("\(path).\(key)", "expected a whole number from 0 to 1000000, got \(JSONWriter.format(value))")
        }
        return Int(value)
    }

    func bool(_ json: JSONValue, _ key: String, _ path: String) throws(InteropError) -> Bool? {
        switch member(json, key) {
        case nil, .null?: return nil
        case .bool(let value)?: return value
        case let other?: throw fail("\(path).\(key)", "expected true or false, got \(other.typeDescription)")
        }
    }

    func numbers(_ json: JSONValue, _ key: String, _ path: String) throws(InteropError) -> [Double] {
        guard let value = member(json, key) else { return [] }
        guard case .array(let elements) = value, elements.allSatisfy({ $0.number?.isFinite ?? false }) else {
            throw fail("\(path).\(key)", "expected an array of numbers, got \(value.typeDescription)")
        }
        return elements.compactMap(\.number)
    }

    func rect(_ json: JSONValue, _ key: String, _ path: String) throws(InteropError) -> FigmaRect? {
        guard let value = member(json, key), value != .null else { return nil }
        let boxPath = "\(path).\(key)"
        guard case .object = value, let x = try number(value, "x", boxPath), let y = try number(value, "y", boxPath),
              let width = try number(value, "width", boxPath, in: 0...Double.greatestFiniteMagnitude),
              let height = try number(value, "height", boxPath, in: 0...Double.greatestFiniteMagnitude) else {
            throw fail(boxPath, "expected {x, y, width, height} with numbers, got \(value.typeDescription)")
        }
        return FigmaRect(x: x, y: y, width: width, height: height)
    }

    /// A member the reader reads: one of `keys`, or a parse keeping only those would drop it.
    func member(_ json: JSONValue, _ key: String) -> JSONValue? {
        assert(Self.keeps(key, depth: 0), "FigmaReader reads \"\(key)\": add it to FigmaReader.keys")
        return json[key]
    }

    func fail(_ path: String, _ message: String) -> InteropError {
        InteropError(file: file, location: path, message: message)
    }
}
