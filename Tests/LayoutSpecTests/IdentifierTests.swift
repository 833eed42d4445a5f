import LayoutSpec
import Testing

/// `Identifier`: the rule for view ids and document names.
struct IdentifierTests {
    static let valid = ["a", "A", "0", "_", "_private", "login", "ok-button", "row.1", "ns:name", "a-", "a.", "9lives",
                        String(repeating: "x", count: Identifier.maxLength)]

    @Test(arguments: valid)
    func accepts(_ text: String) {
        #expect(Identifier.isValid(text))
    }

    static let invalid = ["", "-a", ".a", ":a", "a b", " a", "a\n", "a@1", "a~1", "a/b", "a\\b", "a\"", "é", "日本", "a😀",
                          String(repeating: "x", count: Identifier.maxLength + 1)]

    @Test(arguments: invalid)
    func rejects(_ text: String) {
        #expect(!Identifier.isValid(text))
    }
}
