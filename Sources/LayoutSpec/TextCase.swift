/// The case a label's text is shown in, as CSS `text-transform` and Figma's text case set it.
public enum TextCase: String, CaseIterable, Sendable {
    /// As typed.
    case original
    /// "HELLO WORLD"
    case upper
    /// "hello world"
    case lower
    /// "Hello World": each word's first character upper-cased, the rest as typed (CSS
    /// `capitalize`, Figma's title case); a word starts after a space, tab or line break.
    case title

    /// `text` shown in this case (Unicode's full case mapping: "ß" upper-cased is "SS").
    public func apply(to text: String) -> String {
        switch self {
        case .original: return text
        case .upper: return text.uppercased()
        case .lower: return text.lowercased()
        case .title:
            var result = ""
            var startsWord = true
            for character in text {
                result += startsWord ? character.uppercased() : String(character)
                startsWord = character.isWhitespace
            }
            return result
        }
    }
}

/// A line drawn with a label's text.
public enum TextDecoration: String, CaseIterable, Sendable {
    case none, underline, strikethrough
}
