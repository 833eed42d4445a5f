extension Property {
    /// Other spellings a property accepts on input, each written back in its canonical one:
    /// `textVerticalAlignment` takes `center` (as `verticalAlignment` spells it) for `middle`.
    static let otherSpellings: [Property: [String: String]] = [
        .textVerticalAlignment: ["center": TextVerticalAlignment.middle.rawValue],
    ]

    /// `text` in this property's canonical spelling (itself when it has no other).
    public func canonicalSpelling(of text: String) -> String {
        if type == .color { return ColorSpelling.canonical(text) ?? text }
        return Self.otherSpellings[self]?[text] ?? text
    }

    /// `value` in this property's canonical spelling: other spellings of a choice become the
    /// canonical one, a colour `#RRGGBB` (`ColorSpelling`), a percentage is written as numbers
    /// are (`"150.0%"` is `"150%"`), anything else is returned as it is.
    public func canonical(_ value: JSONValue) -> JSONValue {
        if case .textSpacing = type, case .string = value, let spacing = TextSpacing(json: value) { return spacing.json }
        if type == .textRuns, let runs = try? TextRun.runs(from: value) { return .array(runs.map(\.json)) }
        guard case .string(let text) = value else { return value }
        let canonical = canonicalSpelling(of: text)
        return canonical == text ? value : .string(canonical)
    }
}
