import LayoutSpec
import Testing

/// `SpecError`'s message shape and `Suggestion`'s "did you mean".
struct SpecErrorTests {
    @Test func description() {
        #expect(SpecError(file: "a.json", location: "$.root", message: "bad").description == "a.json: $.root: bad")
        #expect(SpecError(file: "a.json", location: "line 2, column 3", message: "oops").description == "a.json: line 2, column 3: oops")
        #expect(SpecError(file: "a.json", location: "", message: "unreadable").description == "a.json: unreadable")
    }

    static let keys = ["width", "height", "minWidth", "margin", "padding", "children", "backgroundColor"]

    static let suggestions: [(String, String?)] = [
        ("heigth", "height"),      // two edits
        ("HEIGHT", "height"),      // case does not count
        ("widht", "width"),
        ("minwidth", "minWidth"),
        ("margn", "margin"),
        ("childern", "children"),
        ("backgroundColour", "backgroundColor"),
        ("bgColor", nil),
        ("colour", nil),
        ("xyz", nil),
        ("", nil),
    ]

    @Test(arguments: suggestions)
    func nearest(_ word: String, _ expected: String?) {
        #expect(Suggestion.nearest(to: word, in: Self.keys) == expected)
        #expect(Suggestion.hint(for: word, in: Self.keys) == (expected.map { " (did you mean \"\($0)\"?)" } ?? ""))
    }

    @Test func longWordsAllowAThirdOfTheirLength() {
        // 12 letters: up to 4 edits.
        #expect(Suggestion.nearest(to: "abcdefghijkl", in: ["abcdefghWXYZ"]) == "abcdefghWXYZ")
        #expect(Suggestion.nearest(to: "abcdefghijkl", in: ["abcdefgVWXYZ"]) == nil)
        #expect(Suggestion.nearest(to: "word", in: [String]()) == nil)
    }
}
