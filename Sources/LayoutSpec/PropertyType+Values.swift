extension PropertyType {
    /// Checks a JSON value against this type: `nil` when it fits, else what was expected
    /// ("expected a number ≥ 0").
    public func check(_ value: JSONValue) -> String? {
        switch (self, value) {
        case (.length, .number(let number)) where number.isFinite && number >= 0: return nil
        case (.fontSize, .number(let number)) where number.isFinite && number > 0 && number <= 10_000: return nil
        case (.fraction, .number(let number)) where number >= 0 && number <= 1: return nil
        case (.offset, .number(let number)) where number >= -1_000_000 && number <= 1_000_000: return nil
        case (.textSpacing(let allowsNegative), _)
            where TextSpacing(json: value).map { $0.amount >= (allowsNegative ? -10_000 : 0) && $0.amount <= 10_000 } == true:
            return nil
        case (.count(let minimum), .number(let number))
            where number == number.rounded() && number >= Double(minimum) && number <= 1_000_000:
            return nil
        case (.choice(let names), .string(let name)) where names.contains(name): return nil
        case (.text(let maxLength), .string(let text)) where Self.fits(text, maxLength: maxLength): return nil
        case (.color, .string(let text)) where Self.isColor(text): return nil
        case (.tracks, .array(let tracks))
            where !tracks.isEmpty && tracks.count <= Property.maxTracks && tracks.allSatisfy({ Track(json: $0) != nil }):
            return nil
        case (.viewID, .string(let id)) where Identifier.isValid(id): return nil
        case (.orderKey, .string(let key)) where Self.isOrderKey(key): return nil
        case (.bool, .bool): return nil
        case (.textRuns, _):
            do throws(TextRun.Problem) {
                _ = try TextRun.runs(from: value)
                return nil
            } catch {
                return error.location.isEmpty ? error.message : "\(error.location): \(error.message)"
            }
        default: return expectation
        }
    }

    /// What a value of this type looks like, for error messages.
    public var expectation: String {
        switch self {
        case .length: "expected a number ≥ 0"
        case .fontSize: "expected a number > 0 and ≤ 10000"
        case .fraction: "expected a number from 0 to 1"
        case .offset: "expected a number from -1000000 to 1000000"
        case .textSpacing(let allowsNegative):
            allowsNegative
                ? "expected points (a number from -10000 to 10000) or a percentage of the font size (\"-2%\")"
                : "expected points (a number from 0 to 10000) or a percentage of the font size (\"150%\")"
        case .count(let minimum): "expected a whole number from \(minimum) to 1000000"
        case .choice(let names): "expected one of " + names.map { "\"\($0)\"" }.joined(separator: ", ")
        case .text(let maxLength):
            "expected a string of at most \(maxLength) characters (\(maxLength * Self.scalarsPerCharacter) Unicode scalars, \(maxLength * Self.bytesPerCharacter) bytes)"
        case .color: "expected a colour \"#RRGGBB\", \"#RRGGBBAA\", \"#RGB\", \"#RGBA\" or a CSS colour name"
        case .tracks: "expected a non-empty array of tracks (numbers, \"auto\", \"*\" or \"2*\"), at most \(Property.maxTracks)"
        case .viewID: "expected a view id (\(Identifier.rule))"
        case .orderKey: "expected an order key (1–\(Self.maxOrderKeyLength) base-62 digits)"
        case .bool: "expected true or false"
        case .textRuns: "expected a non-empty array of at most \(TextRun.maxCount) runs ({start, length, font, textColor, …})"
        }
    }

    /// Parses the text after `=` in `plumb set VIEW KEY=VALUE` by this type: `text=100` stays a
    /// string, `width=100` is a number, `rows=auto,*,44` (or a JSON array) is tracks.
    public func parse(_ text: String) -> JSONValue? {
        let value: JSONValue?
        switch self {
        case .length, .fontSize, .fraction, .count, .offset:
            value = Self.jsonNumber(text).map(JSONValue.number)
        case .textSpacing:
            // A percentage is kept as numbers are written ("150.0%" is "150%").
            value = Self.jsonNumber(text).map(JSONValue.number) ?? TextSpacing(json: .string(text))?.json
        case .bool:
            value = text == "true" ? .bool(true) : text == "false" ? .bool(false) : nil
        case .textRuns:
            value = try? JSONParser.parse(text)
        case .tracks:
            if text.hasPrefix("[") {
                value = try? JSONParser.parse(text)
            } else {
                value = .array(text.split(separator: ",", omittingEmptySubsequences: false).map {
                    let part = $0.trimmingSpaces
                    return Self.jsonNumber(part).map(JSONValue.number) ?? .string(part)
                })
            }
        case .choice, .text, .color, .viewID, .orderKey:
            value = .string(text)
        }
        guard let value, check(value) == nil else { return nil }
        return value
    }

    /// A number written as JSON writes numbers (no `+`, hex, `inf` or `nan`), else `nil`.
    static func jsonNumber(_ text: String) -> Double? {
        guard let first = text.utf8.first, let last = text.utf8.last, last >= 0x30 && last <= 0x39,
              first == UInt8(ascii: "-") || (first >= 0x30 && first <= 0x39),
              case .number(let number)? = try? JSONParser.parse(text) else { return nil }
        return number
    }

    /// Longest order key accepted, in digits: every receiver checks it, and stores never
    /// mint keys near it (they rebalance siblings long before).
    public static let maxOrderKeyLength = 1_000

    static func isOrderKey(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= maxOrderKeyLength
            && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) }
    }

    /// Unicode scalars a text may hold per character of its limit: room for 25 per grapheme
    /// on average (a letter with 24 combining marks), never millions on one letter.
    public static let scalarsPerCharacter = 25
    /// UTF-8 bytes a text may hold per character of its limit (25 scalars of 4 bytes).
    public static let bytesPerCharacter = 100

    /// Whether `text` is within `maxLength` graphemes, `scalarsPerCharacter × maxLength`
    /// scalars and `bytesPerCharacter × maxLength` bytes. Cheapest first: the byte count is
    /// stored, the scalar walk is linear, and the grapheme walk stops at the limit; so the
    /// check costs at most the bytes the limit allows, whatever the text's length.
    static func fits(_ text: String, maxLength: Int) -> Bool {
        guard text.utf8.count <= maxLength * bytesPerCharacter else { return false }
        var scalars = 0
        for _ in text.unicodeScalars {
            scalars += 1
            if scalars > maxLength * scalarsPerCharacter { return false }
        }
        var graphemes = 0
        for _ in text {
            graphemes += 1
            if graphemes > maxLength { return false }
        }
        return true
    }

    static func isColor(_ text: String) -> Bool {
        let utf8 = Array(text.utf8)
        guard utf8.first == UInt8(ascii: "#"), utf8.count == 7 || utf8.count == 9 else { return false }
        return utf8.dropFirst().allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
        }
    }
}

extension Substring {
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
