import Testing
@testable import Interop
import LayoutSpec

/// Ids from layer names fold accents, widths and case through ICU (no Foundation), and Figma's
/// title case capitalises words without touching the rest.
@Suite struct FoldingTests {
    @Test(arguments: [
        ("Café Button", "cafe-button"),
        ("Crème Brûlée", "creme-brulee"),
        ("Ｆｕｌｌ Ｗｉｄｔｈ", "full-width"),
        ("ŒUVRE Ǆ", "œuvre-dz"),
        ("Straße", "strasse"),
        ("Ångström №5", "angstrom-no5"),
    ])
    func foldedText(_ name: String, _ expected: String) {
        #expect(ViewIdentifiers.folded(name).split(whereSeparator: { $0 == " " }).joined(separator: "-") == expected)
    }

    @Test func slugsKeepOnlyFoldedLettersAndDigits() {
        #expect(ViewIdentifiers.slug("Café Button", type: .frame) == "cafe-button")
        #expect(ViewIdentifiers.slug("Ｆｕｌｌ—Ｗｉｄｔｈ ２", type: .frame) == "full-width-2")
        #expect(ViewIdentifiers.slug("日本語", type: .frame) == "frame")
        // A long name that grows when folded (ﷺ is 18 letters decomposed) still folds whole.
        #expect(ViewIdentifiers.folded(String(repeating: "\u{FDFA}", count: 40)).unicodeScalars.count == 40 * 18)
    }

    @Test func titleCaseCapitalisesEachWordOnly() {
        #expect(TextCase.title.apply(to: "hello wORLD\tit's\nnew") == "Hello WORLD\tIt's\nNew")
        #expect(TextCase.title.apply(to: "") == "")
    }
}
