/// A strict RFC 8259 JSON parser over UTF-8 bytes.
///
/// A UTF-8 byte-order mark before a document is skipped (some Windows editors and tools write
/// one; RFC 8259 §8.1 lets a parser ignore it). Rejects a byte-order mark anywhere else,
/// duplicate keys, invalid UTF-8, control characters in strings, trailing data and
/// nesting deeper than `maxDepth` (so hostile input cannot overflow the stack).
public struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    public static let defaultMaxDepth = 1_100

    /// Which object members a parse keeps: the member's key and the object's depth (1 for the
    /// outermost value, one more for each array or object around it).
    public typealias KeyFilter = (_ key: String, _ depth: Int) -> Bool

    /// The keys of the objects from the outermost value down to a member, arrays not counted
    /// (`document.children[2].children` is `["document", "children", "children"]`); `nil`
    /// stands for any key.
    public typealias KeyPath = [String?]

    private let bytes: [UInt8]
    private var position: Int
    /// Where the value being parsed ends: the end of the bytes, or of a span.
    private let end: Int
    private let maxDepth: Int
    private let keeping: KeyFilter?
    private let deferring: [KeyPath]
    /// The keys down to the member being read, while within the longest of `deferring`;
    /// `untracked` counts the members open below that.
    private var keyPath: [String] = []
    private var untracked = 0
    private let trackedKeys: Int
    /// The values deferred so far, each standing in the tree as the number of its span here.
    private var spans: [JSONSpan] = []
    /// While true, values are checked but not built (a member left out, a deferred value).
    private var isSkipping = false
    /// The members and elements of the objects and arrays being read, innermost last: each is
    /// copied out at its end into an array of exactly its size (appending to its own array
    /// would leave up to half of it unused, which a large file's tree pays for many times over).
    private var openMembers: [JSONMember] = []
    private var openElements: [JSONValue] = []
    /// Every key read so far: a key repeated in many objects shares one string's storage
    /// (a key longer than 15 bytes would otherwise take an allocation of its own each time).
    private var keyNames = Set<String>()

    /// Parses one JSON document. With `keeping`, members it refuses are checked as strictly as
    /// the rest (syntax, duplicate keys, depth) but left out of the result, so a reader that
    /// needs a few keys of a large file does not hold the others.
    public static func parse(
        _ bytes: [UInt8], maxDepth: Int = defaultMaxDepth, keeping: KeyFilter? = nil
    ) throws(JSONSyntaxError) -> JSONValue {
        try parse(bytes, maxDepth: maxDepth, keeping: keeping, deferring: []).value
    }

    /// Parses one JSON document, deferring the members at the key paths `deferring`: each is
    /// checked as strictly as the rest but not built; it stands in the tree as
    /// `.number(i)`, `spans[i]` being where it is, for `parse(_:span:)` to build when needed.
    /// A reader of a large file holds its bytes and the tree without those values.
    public static func parse(
        _ bytes: [UInt8], maxDepth: Int = defaultMaxDepth, keeping: KeyFilter? = nil, deferring: [KeyPath]
    ) throws(JSONSyntaxError) -> (value: JSONValue, spans: [JSONSpan]) {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var parser = JSONParser(bytes: bytes, from: start, to: bytes.count, maxDepth: maxDepth, keeping: keeping, deferring: deferring)
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.position < bytes.count { throw parser.error("unexpected data after the JSON value") }
        return (value, parser.spans)
    }

    /// Parses a value a parse of `bytes` deferred, as it would have been parsed in place (the
    /// same depth for `keeping` and `maxDepth`, errors at their line and column in `bytes`);
    /// `deferring` is relative to the value (its own members are at `[key]`).
    public static func parse(
        _ bytes: [UInt8], span: JSONSpan, maxDepth: Int = defaultMaxDepth, keeping: KeyFilter? = nil, deferring: [KeyPath] = []
    ) throws(JSONSyntaxError) -> (value: JSONValue, spans: [JSONSpan]) {
        precondition(span.range.upperBound <= bytes.count, "a span of other bytes")
        var parser = JSONParser(bytes: bytes, from: span.range.lowerBound, to: span.range.upperBound, maxDepth: maxDepth,
                                keeping: keeping, deferring: deferring)
        let value = try parser.parseValue(depth: span.depth)
        if parser.position < span.range.upperBound { throw parser.error("unexpected data after the JSON value") }
        return (value, parser.spans)
    }

    /// Parses one JSON document from text.
    public static func parse(_ text: String, maxDepth: Int = defaultMaxDepth) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8), maxDepth: maxDepth)
    }

    private init(bytes: [UInt8], from start: Int, to end: Int, maxDepth: Int, keeping: KeyFilter?, deferring: [KeyPath]) {
        self.bytes = bytes
        self.position = start
        self.end = end
        self.maxDepth = maxDepth
        self.keeping = keeping
        self.deferring = deferring
        self.trackedKeys = deferring.map(\.count).max() ?? 0
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard position < end else { throw error("unexpected end of input, expected a value") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected character \(describe(bytes[position])), expected a value")
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        if depth > maxDepth { throw tooDeep() }
        position += 1
        let start = openMembers.count
        defer { openMembers.removeLast(openMembers.count - start) }
        var seen = Set<String>()
        skipWhitespace()
        if peek(UInt8(ascii: "}")) { position += 1; return isSkipping ? .null : .object([]) }
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else { throw error("expected a string key") }
            let keyStart = position
            let key = keyNames.insert(try parseString()).memberAfterInsert
            if !seen.insert(key).inserted {
                position = keyStart
                throw error("duplicate key \"\(key)\"")
            }
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw error("expected ':' after key \"\(key)\"") }
            position += 1
            skipWhitespace()
            if isSkipping {
                _ = try parseValue(depth: depth)
            } else if !(keeping?(key, depth) ?? true) {
                try skipValue(depth: depth)
            } else {
                openMembers.append(JSONMember(key, try parseMember(key, depth: depth)))
            }
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { position += 1; continue }
            if peek(UInt8(ascii: "}")) {
                position += 1
                return isSkipping ? .null : .object(Array(openMembers[start...]))
            }
            throw error("expected ',' or '}' in object")
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        if depth > maxDepth { throw tooDeep() }
        position += 1
        let start = openElements.count
        defer { openElements.removeLast(openElements.count - start) }
        skipWhitespace()
        if peek(UInt8(ascii: "]")) { position += 1; return isSkipping ? .null : .array([]) }
        while true {
            skipWhitespace()
            let element = try parseValue(depth: depth)
            if !isSkipping { openElements.append(element) }
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { position += 1; continue }
            if peek(UInt8(ascii: "]")) {
                position += 1
                return isSkipping ? .null : .array(Array(openElements[start...]))
            }
            throw error("expected ',' or ']' in array")
        }
    }

    /// A kept member's value: deferred (checked, its span recorded) when its key path is one
    /// of `deferring`, else built.
    private mutating func parseMember(_ key: String, depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard untracked == 0, keyPath.count < trackedKeys else {
            untracked += 1
            defer { untracked -= 1 }
            return try parseValue(depth: depth)
        }
        keyPath.append(key)
        defer { keyPath.removeLast() }
        guard deferring.contains(where: matches) else { return try parseValue(depth: depth) }
        let start = position
        try skipValue(depth: depth)
        spans.append(JSONSpan(range: start..<position, depth: depth))
        return .number(Double(spans.count - 1))
    }

    private func matches(_ pattern: KeyPath) -> Bool {
        pattern.count == keyPath.count && zip(pattern, keyPath).allSatisfy { $0 == nil || $0 == $1 }
    }

    /// Checks a value as strictly as `parseValue` without building it.
    private mutating func skipValue(depth: Int) throws(JSONSyntaxError) {
        let wasSkipping = isSkipping
        isSkipping = true
        defer { isSkipping = wasSkipping }
        _ = try parseValue(depth: depth)
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        position += 1  // opening quote
        let start = position
        // Fast path: no escapes.
        while position < end {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let text = try decodeUTF8(bytes[start..<position], at: start)
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("control character in string") }
            position += 1
        }
        var buffer = Array(bytes[start..<position])
        while position < end {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                let text = try decodeUTF8(buffer[...], at: start)
                position += 1
                return text
            case UInt8(ascii: "\\"):
                position += 1
                guard position < end else { break }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""): buffer.append(0x22)
                case UInt8(ascii: "\\"): buffer.append(0x5C)
                case UInt8(ascii: "/"): buffer.append(0x2F)
                case UInt8(ascii: "b"): buffer.append(0x08)
                case UInt8(ascii: "f"): buffer.append(0x0C)
                case UInt8(ascii: "n"): buffer.append(0x0A)
                case UInt8(ascii: "r"): buffer.append(0x0D)
                case UInt8(ascii: "t"): buffer.append(0x09)
                case UInt8(ascii: "u"): try appendUnicodeEscape(to: &buffer)
                default:
                    position -= 1
                    throw error("invalid escape \\\(describe(escape)) in string")
                }
            default:
                if byte < 0x20 { throw error("control character in string") }
                buffer.append(byte)
                position += 1
            }
        }
        throw error("unterminated string")
    }

    private mutating func appendUnicodeEscape(to buffer: inout [UInt8]) throws(JSONSyntaxError) {
        var scalar = try readHex4()
        if (0xD800...0xDBFF).contains(scalar) {
            guard position + 1 < end, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                throw error("unpaired surrogate in \\u escape")
            }
            position += 2
            let low = try readHex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate in \\u escape") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalar) {
            throw error("unpaired surrogate in \\u escape")
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw error("invalid \\u escape") }
        buffer.append(contentsOf: Array(String(Character(unicode)).utf8))
    }

    private mutating func readHex4() throws(JSONSyntaxError) -> UInt32 {
        guard position + 4 <= end else { throw error("truncated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit in \\u escape")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    private func decodeUTF8(_ slice: ArraySlice<UInt8>, at start: Int) throws(JSONSyntaxError) -> String {
        guard let text = String(validatingUTF8Bytes: slice) else {
            throw JSONSyntaxError(message: "invalid UTF-8 in string", offset: start, bytes: bytes)
        }
        return text
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = position
        if peek(UInt8(ascii: "-")) { position += 1 }
        guard position < end, isDigit(bytes[position]) else { throw error("invalid number") }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < end, isDigit(bytes[position]) { throw error("leading zero in number") }
        } else {
            while position < end, isDigit(bytes[position]) { position += 1 }
        }
        var isInteger = true
        if peek(UInt8(ascii: ".")) {
            isInteger = false
            position += 1
            guard position < end, isDigit(bytes[position]) else { throw error("expected digits after '.'") }
            while position < end, isDigit(bytes[position]) { position += 1 }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            isInteger = false
            position += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { position += 1 }
            guard position < end, isDigit(bytes[position]) else { throw error("expected digits in exponent") }
            while position < end, isDigit(bytes[position]) { position += 1 }
        }
        let slice = bytes[start..<position]
        if isInteger, slice.count <= 15 {
            var value: Int64 = 0
            var negative = false
            for byte in slice {
                if byte == UInt8(ascii: "-") { negative = true } else { value = value * 10 + Int64(byte - 48) }
            }
            return Double(negative ? -value : value)
        }
        guard let value = Double(String(decoding: slice, as: UTF8.self)), value.isFinite else {
            position = start
            throw error("number out of range")
        }
        return value
    }

    private mutating func expectWord(_ word: String) throws(JSONSyntaxError) {
        let expected = Array(word.utf8)
        let wordEnd = position + expected.count
        guard wordEnd <= end, bytes[position..<wordEnd].elementsEqual(expected) else {
            throw error("invalid literal, expected \(word)")
        }
        position = wordEnd
    }

    private mutating func skipWhitespace() {
        while position < end {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    private func peek(_ byte: UInt8) -> Bool { position < end && bytes[position] == byte }
    private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private func describe(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(message: message, offset: position, bytes: bytes)
    }

    private func tooDeep() -> JSONSyntaxError {
        JSONSyntaxError(message: "nesting deeper than \(maxDepth) levels", offset: position, bytes: bytes, isTooDeep: true)
    }
}

/// Where a deferred value is in the parsed bytes, and its depth there.
public struct JSONSpan: Sendable, Equatable {
    /// The value's bytes, from its first byte to just after its last.
    public let range: Range<Int>
    /// The depth of the object holding the value (see `JSONParser.KeyFilter`).
    public let depth: Int

    public init(range: Range<Int>, depth: Int) {
        self.range = range
        self.depth = depth
    }
}

/// Malformed JSON, with the line and column (1-based, in bytes) where it went wrong.
public struct JSONSyntaxError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public let line: Int
    public let column: Int
    /// True when the input nests arrays and objects deeper than the parser accepts.
    public let isTooDeep: Bool

    init(message: String, offset: Int, bytes: [UInt8], isTooDeep: Bool = false) {
        self.message = message
        self.isTooDeep = isTooDeep
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        self.line = line
        self.column = offset - lineStart + 1
    }

    public var description: String { "line \(line), column \(column): \(message)" }
}
