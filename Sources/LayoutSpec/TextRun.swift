/// A stretch of a label's text with its own style: a bold word, a larger first line, a link's
/// colour (Figma's style overrides, CSS's `<span>`s). Whatever a run leaves unset is the
/// label's own.
///
/// The range counts UTF-16 code units of the label's `text` (as typed, before `textCase`), as
/// Figma's `characterStyleOverrides` and JavaScript strings do; a character takes the style of
/// the run holding its first code unit.
public struct TextRun: Hashable, Sendable {
    /// The first code unit, from 0.
    public var start: Int
    /// How many code units, at least 1.
    public var length: Int
    public var fontFamily: String?
    public var fontSize: Double?
    public var fontWeight: FontWeight?
    public var fontItalic: Bool?
    public var letterSpacing: TextSpacing?
    public var lineHeight: TextSpacing?
    public var textColor: String?
    public var textDecoration: TextDecoration?
    /// The case the run's text is shown in, over the label's `textCase`.
    public var textCase: TextCase?

    public init(start: Int, length: Int) {
        self.start = start
        self.length = length
    }

    /// One past the last code unit.
    public var end: Int { start + length }

    /// Most runs a label takes.
    public static let maxCount = 10_000

    /// The style keys a run takes besides `start` and `length`, with the label property each
    /// is checked as (a run's `font` takes the parts of a label's).
    static let styleProperties: [(key: String, property: Property)] = [
        ("textColor", .textColor), ("letterSpacing", .letterSpacing), ("lineHeight", .lineHeight),
        ("textDecoration", .textDecoration), ("textCase", .textCase),
    ]
    static let fontProperties: [(key: String, property: Property)] = [
        ("family", .fontFamily), ("size", .fontSize), ("weight", .fontWeight), ("italic", .fontItalic),
    ]
    static let keys = ["start", "length", "font"] + styleProperties.map(\.key)

    /// Whether the run sets anything.
    public var hasStyle: Bool {
        fontFamily != nil || fontSize != nil || fontWeight != nil || fontItalic != nil || letterSpacing != nil
            || lineHeight != nil || textColor != nil || textDecoration != nil || textCase != nil
    }

    /// As JSON: `{"start", "length", "font": {family, size, weight, italic}, "textColor",
    /// "letterSpacing", "lineHeight", "textDecoration", "textCase"}`, the unset ones left out.
    public var json: JSONValue {
        var members = [JSONMember("start", .number(Double(start))), JSONMember("length", .number(Double(length)))]
        var font: [JSONMember] = []
        for (key, property) in Self.fontProperties { if let value = value(of: property) { font.append(JSONMember(key, value)) } }
        if !font.isEmpty { members.append(JSONMember("font", .object(font))) }
        for (key, property) in Self.styleProperties { if let value = value(of: property) { members.append(JSONMember(key, value)) } }
        return .object(members)
    }

    private func value(of property: Property) -> JSONValue? {
        switch property {
        case .fontFamily: fontFamily.map(JSONValue.string)
        case .fontSize: fontSize.map(JSONValue.number)
        case .fontWeight: fontWeight.map { .string($0.rawValue) }
        case .fontItalic: fontItalic.map(JSONValue.bool)
        case .textColor: textColor.map(JSONValue.string)
        case .letterSpacing: letterSpacing?.json
        case .lineHeight: lineHeight?.json
        case .textDecoration: textDecoration.map { .string($0.rawValue) }
        case .textCase: textCase.map { .string($0.rawValue) }
        default: nil
        }
    }

    private mutating func set(_ value: JSONValue, for property: Property) {
        switch property {
        case .fontFamily: fontFamily = value.string
        case .fontSize: fontSize = value.number
        case .fontWeight: fontWeight = value.string.flatMap(FontWeight.init(rawValue:))
        case .fontItalic: fontItalic = value.bool
        case .textColor: textColor = value.string
        case .letterSpacing: letterSpacing = TextSpacing(json: value)
        case .lineHeight: lineHeight = TextSpacing(json: value)
        case .textDecoration: textDecoration = value.string.flatMap(TextDecoration.init(rawValue:))
        case .textCase: textCase = value.string.flatMap(TextCase.init(rawValue:))
        default: break
        }
    }

    /// A problem with a `textRuns` value: where in it (`[2].font.size`, empty for the value
    /// itself, whose message is then the type's expectation) and what was expected.
    public struct Problem: Error, Hashable, Sendable {
        public var location: String
        public var message: String
    }

    /// The runs a JSON value holds: a non-empty array of at most `maxCount` run objects, each
    /// with a whole `start` ≥ 0, a whole `length` ≥ 1 and at least one style, in order of
    /// `start` and not overlapping. Values are checked as the label's own properties are
    /// (`font.size` as `font.size`, …) and kept in their canonical spelling.
    public static func runs(from json: JSONValue) throws(Problem) -> [TextRun] {
        guard case .array(let elements) = json, !elements.isEmpty, elements.count <= maxCount else {
            throw Problem(location: "", message: PropertyType.textRuns.expectation)
        }
        var runs: [TextRun] = []
        runs.reserveCapacity(elements.count)
        for (position, element) in elements.enumerated() {
            let path = "[\(position)]"
            guard case .object(let members) = element else { throw Problem(location: path, message: "expected a run object {start, length, …}, got \(element.typeDescription)") }
            guard let start = element["start"] else { throw Problem(location: path, message: "missing \"start\"") }
            guard let length = element["length"] else { throw Problem(location: path, message: "missing \"length\"") }
            let limit = Double(Property.maxTextLength * PropertyType.bytesPerCharacter)
            guard let first = start.number, first == first.rounded(), first >= 0, first <= limit else {
                throw Problem(location: path + ".start", message: "expected a whole number ≥ 0 (a UTF-16 offset in the text), got \(start.typeDescription)")
            }
            guard let count = length.number, count == count.rounded(), count >= 1, count <= limit else {
                throw Problem(location: path + ".length", message: "expected a whole number ≥ 1 (UTF-16 code units), got \(length.typeDescription)")
            }
            var run = TextRun(start: Int(first), length: Int(count))
            for member in members where member.key != "start" && member.key != "length" {
                if member.key == "font" {
                    guard case .object(let parts) = member.value else {
                        throw Problem(location: path + ".font", message: "expected an object {family, size, weight, italic}, got \(member.value.typeDescription)")
                    }
                    for part in parts {
                        guard let property = fontProperties.first(where: { $0.key == part.key })?.property else {
                            throw Problem(location: "\(path).font.\(part.key)", message: "unknown key" + Suggestion.hint(for: part.key, in: fontProperties.map(\.key)))
                        }
                        try run.take(part.value, for: property, at: "\(path).font.\(part.key)")
                    }
                    continue
                }
                guard let property = styleProperties.first(where: { $0.key == member.key })?.property else {
                    throw Problem(location: "\(path).\(member.key)", message: "unknown key" + Suggestion.hint(for: member.key, in: keys))
                }
                try run.take(member.value, for: property, at: "\(path).\(member.key)")
            }
            guard run.hasStyle else { throw Problem(location: path, message: "a run sets no style (font, textColor, letterSpacing, lineHeight, textDecoration, textCase)") }
            if let previous = runs.last, run.start < previous.end {
                throw Problem(location: path + ".start", message: "runs must be in order and not overlap: \(run.start) is before the end of the run before (\(previous.end))")
            }
            runs.append(run)
        }
        return runs
    }

    private mutating func take(_ value: JSONValue, for property: Property, at location: String) throws(Problem) {
        let value = property.canonical(value)
        if let expected = property.type.check(value) { throw Problem(location: location, message: "\(expected), got \(value.typeDescription)") }
        set(value, for: property)
    }

    /// `runs` cut to a text `length` UTF-16 code units long: runs past its end dropped, one
    /// across it shortened; nil when none is left.
    public static func cut(_ runs: [TextRun], toLength length: Int) -> [TextRun]? {
        var kept: [TextRun] = []
        for var run in runs where run.start < length {
            run.length = min(run.length, length - run.start)
            kept.append(run)
        }
        return kept.isEmpty ? nil : kept
    }

    /// `runs` of the text `old` carried over to the text `new`, as a text editor keeps styles
    /// through an edit: the two texts are compared from both ends, the code units they share
    /// keep their runs, text typed in place of other text takes the style of the first
    /// character it replaces, text typed between two characters that of the one before it
    /// (at the very start, of the first character), and a run whose text was all deleted or
    /// replaced (but for its first character) is dropped. Runs past the end of `old` (a merge
    /// of a shorter text) are cut to it first. Nil when none is left.
    public static func carried(_ runs: [TextRun], from old: String, to new: String) -> [TextRun]? {
        let before = Array(old.utf16), after = Array(new.utf16)
        guard let runs = cut(runs, toLength: before.count) else { return nil }
        var prefix = 0
        while prefix < min(before.count, after.count), before[prefix] == after[prefix] { prefix += 1 }
        // Never between the halves of a surrogate pair.
        if prefix > 0, UTF16.isLeadSurrogate(before[prefix - 1]) { prefix -= 1 }
        var suffix = 0
        while suffix < min(before.count, after.count) - prefix, before[before.count - 1 - suffix] == after[after.count - 1 - suffix] {
            suffix += 1
        }
        if suffix > 0, UTF16.isTrailSurrogate(before[before.count - suffix]) { suffix -= 1 }
        // The edit replaced old[prefix..<oldEnd] with new[prefix..<newEnd].
        let oldEnd = before.count - suffix, newEnd = after.count - suffix
        // Text typed in place of other text takes the style of the first character it replaces
        // (the run holding `prefix` keeps it, ending or starting there), text typed between two
        // characters the style of the one before it (the run ending at `prefix` grows over it).
        let replaces = oldEnd > prefix
        var kept: [TextRun] = []
        for var run in runs {
            let start = run.start < prefix || (run.start == prefix && (replaces || prefix == 0)) ? run.start
                : run.start < oldEnd ? newEnd : run.start - oldEnd + newEnd
            let end = run.end < prefix || (replaces && run.end == prefix) ? run.end
                : run.end <= oldEnd ? newEnd : run.end - oldEnd + newEnd
            guard end > start else { continue }
            run.start = start
            run.length = end - start
            kept.append(run)
        }
        return kept.isEmpty ? nil : kept
    }

    /// Where `runs` do not fit `text`: a message naming the first run that ends past the text's
    /// UTF-16 length, nil when all fit.
    public static func problem(with runs: [TextRun], in text: String) -> Problem? {
        let length = text.utf16.count
        guard let position = runs.firstIndex(where: { $0.end > length }) else { return nil }
        let run = runs[position]
        return Problem(
            location: "[\(position)]",
            message: "the run \(run.start)..<\(run.end) ends past the text, which is \(length) UTF-16 code units long")
    }
}
