import LayoutEngine
import LayoutSpec
import Testing

/// The line layout on its own, with the fixed metrics at 10 pt (narrow 6, wide 10, line 12).
@Suite struct LineLayoutTests {
    let measurer = FixedTextMeasurer()

    func lines(
        _ text: String, width: Double = .infinity, height: Double = .infinity, numberOfLines: Int = 0,
        mode: LineBreakMode = .truncateTail
    ) -> [String] {
        LineLayout(
            text: text, font: Font(size: 10), maxWidth: width, maxHeight: height, numberOfLines: numberOfLines,
            lineBreakMode: mode, measurer: measurer
        ).lines.map(\.text)
    }

    @Test func wrapsGreedilyAtSpaces() {
        #expect(lines("aaaa bbbb cccc dddd", width: 100) == ["aaaa bbbb cccc", "dddd"])
        // "aaaa bbbb" is 54 wide: a line exactly as wide as the space fits.
        #expect(lines("aaaa bbbb cccc", width: 54) == ["aaaa bbbb", "cccc"])
    }

    @Test func trailingSpacesDoNotCountOrShow() {
        let layout = LineLayout(
            text: "aaaa     bbbb", font: Font(size: 10), maxWidth: 30, maxHeight: .infinity, numberOfLines: 0,
            lineBreakMode: .truncateTail, measurer: measurer)
        #expect(layout.lines.map(\.text) == ["aaaa", "bbbb"])
        #expect(layout.lines.map(\.width) == [24, 24])
        // Spaces between words on one line do count.
        #expect(lines("a  b", width: 24) == ["a  b"])
    }

    /// Letter spacing is added after every character, the last included, and wrapping and
    /// truncation count it; a line height replaces the font's.
    @Test func letterSpacingAndLineHeight() {
        let spaced = LineLayout(
            text: "aaaa bbbb", font: Font(size: 10), maxWidth: 70, maxHeight: .infinity, numberOfLines: 0,
            lineBreakMode: .truncateTail, lineHeight: 30, letterSpacing: 2, measurer: measurer)
        // "aaaa bbbb" is 54 + 9 × 2 = 72 wide: more than 70, so it wraps.
        #expect(spaced.lines.map(\.text) == ["aaaa", "bbbb"])
        #expect(spaced.lines.map(\.width) == [32, 32])
        #expect(spaced.lineHeight == 30 && spaced.height == 60)
        let tight = LineLayout(
            text: "aaaa bbbb", font: Font(size: 10), maxWidth: 50, maxHeight: .infinity, numberOfLines: 1,
            lineBreakMode: .truncateTail, letterSpacing: -1, measurer: measurer)
        // 54 − 9 = 45 would fit; cut to 50 it stays whole.
        #expect(tight.lines.map(\.text) == ["aaaa bbbb"] && tight.width == 45 && tight.lineHeight == 12)
        let cut = LineLayout(
            text: "aaaa bbbb", font: Font(size: 10), maxWidth: 40, maxHeight: .infinity, numberOfLines: 1,
            lineBreakMode: .truncateTail, letterSpacing: 1, measurer: measurer)
        #expect(cut.lines.count == 1 && cut.width <= 40 && cut.lines[0].text.hasSuffix("…"))
    }

    /// Paragraph spacing goes below each paragraph but the last: after a hard break, not after
    /// a wrapped line nor after U+2028 LINE SEPARATOR; lines it pushes past the height drop.
    @Test func paragraphSpacingFollowsParagraphsButTheLast() {
        func layout(_ text: String, height: Double = .infinity) -> LineLayout {
            LineLayout(
                text: text, font: Font(size: 10), maxWidth: 30, maxHeight: height, numberOfLines: 0,
                lineBreakMode: .truncateTail, paragraphSpacing: 5, measurer: measurer)
        }
        // "aaaa bbbb" wraps at 30; "ee" after U+2028 is in the same paragraph as "cc"; "dd"
        // starts one.
        let spaced = layout("aaaa bbbb\ncc\u{2028}ee\ndd")
        #expect(spaced.lines.map(\.text) == ["aaaa", "bbbb", "cc", "ee", "dd"])
        #expect(spaced.lines.map(\.top) == [0, 12, 29, 41, 58])
        #expect(spaced.height == 70)
        // Three lines and one spacing are 41 tall: a height of 40 keeps the first two.
        #expect(layout("aaaa bbbb\ncc", height: 40).lines.map(\.text) == ["aaaa", "bbbb…"])
        #expect(layout("aaaa bbbb\ncc", height: 41).height == 41)
    }

    @Test func wrapsEastAsianTextBetweenCharacters() {
        #expect(lines("哈哈哈哈哈，哈", width: 35) == ["哈哈哈", "哈哈，", "哈"])
    }

    @Test func breaksWordsWiderThanTheLine() {
        #expect(lines("abcdefghij", width: 30) == ["abcde", "fghij"])
        #expect(lines("ab abcdefghij", width: 30) == ["ab", "abcde", "fghij"])
        // At least one grapheme per line, even when none fits; the last line, still too wide,
        // is truncated like any last line.
        #expect(lines("abc", width: 1) == ["a", "b", "…"])
    }

    @Test func newlinesAlwaysBreak() {
        #expect(lines("ab\ncd") == ["ab", "cd"])
        #expect(lines("ab\n") == ["ab", ""])
        #expect(lines("") == [])
    }

    @Test func numberOfLinesOneNeverWrapsAndMarksWhatWasCut() {
        #expect(lines("aaaa bbbb", width: 1000, numberOfLines: 1) == ["aaaa bbbb"])
        #expect(lines("ab\ncd", numberOfLines: 1) == ["ab…"])
        // The blank line after a final newline hides nothing: no ellipsis.
        #expect(lines("ab\n", numberOfLines: 1) == ["ab"])
        #expect(lines("ab\n  ", numberOfLines: 1) == ["ab"])
        #expect(lines("ab\n", height: 12) == ["ab"])
    }

    @Test(arguments: [
        (LineBreakMode.truncateTail, "abcdefg…"), (.truncateHead, "…fghijkl"), (.truncateMiddle, "abcd…jkl"), (.clip, "abcdefgh"),
    ])
    func truncatesATooWideLine(mode: LineBreakMode, expected: String) {
        #expect(lines("abcdefghijkl", width: 50, numberOfLines: 1, mode: mode) == [expected])
    }

    @Test func truncationTrimsSpacesBesideTheEllipsis() {
        #expect(lines("abcd efghijkl", width: 36, numberOfLines: 1) == ["abcd…"])
    }

    @Test func droppedLinesPutTheEllipsisAfterTheLastKeptLine() {
        #expect(lines("aaaa bbbb cccc dddd eeee", width: 60, numberOfLines: 2) == ["aaaa bbbb", "cccc dddd…"])
        #expect(lines("aaaa bbbb cccc dddd eeee", width: 60, numberOfLines: 2, mode: .truncateHead) == ["aaaa bbbb", "cccc dddd…"])
        #expect(lines("aaaa bbbb cccc dddd eeee", width: 60, numberOfLines: 2, mode: .clip) == ["aaaa bbbb", "cccc dddd"])
        // No room for the ellipsis after the whole line: the line gives up graphemes.
        #expect(lines("aaaa bbbb cccc dddd eeee", width: 54, numberOfLines: 2) == ["aaaa bbbb", "cccc ddd…"])
    }

    @Test func linesPastTheHeightAreDroppedButTheFirstIsKept() {
        #expect(lines("aaaa bbbb cccc dddd eeee ffff gggg", width: 100, height: 30) == ["aaaa bbbb cccc", "dddd eeee ffff…"])
        #expect(lines("aaaa bbbb cccc dddd", width: 100, height: 5) == ["aaaa bbbb cccc…"])
        #expect(lines("aaaa bbbb cccc dddd", width: 100, height: 24) == ["aaaa bbbb cccc", "dddd"])
    }

    @Test func theEllipsisAloneWhenNothingElseFits() {
        #expect(lines("abc", width: 5, numberOfLines: 1) == ["…"])
    }

    @Test func sizeIsTheWidestLineByTheLines() {
        let layout = LineLayout(
            text: "aaaa bbbb cccc dddd", font: Font(size: 10), maxWidth: 100, maxHeight: .infinity, numberOfLines: 0,
            lineBreakMode: .truncateTail, measurer: measurer)
        #expect(layout.size == Size(width: 84, height: 24))
    }
}
