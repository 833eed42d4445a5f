import LayoutEngine
import LayoutSpec
import Testing

/// Labels with styled runs, with the fixed metrics (0.6 em a character, lines 1.2 em: ascent
/// 0.96 em, descent 0.24 em).
@Suite struct TextRunLayoutTests {
    let measurer = FixedTextMeasurer()

    func label(_ text: String, runs: [TextRun], configure: (inout View) -> Void = { _ in }) -> View {
        var view = View(id: "l", kind: .label)
        view.text = text
        view.fontSize = 10
        view.textRuns = runs
        configure(&view)
        return view
    }

    func run(_ start: Int, _ length: Int, size: Double? = nil, spacing: TextSpacing? = nil, lineHeight: TextSpacing? = nil) -> TextRun {
        var run = TextRun(start: start, length: length)
        run.fontSize = size
        run.letterSpacing = spacing
        run.lineHeight = lineHeight
        return run
    }

    func layout(_ view: View, width: Double = .infinity, lines: Int = 0) -> LineLayout {
        let styled = view.styledText
        return LineLayout(
            text: styled.text, font: view.resolvedFont, maxWidth: width, maxHeight: .infinity, numberOfLines: lines,
            lineBreakMode: .truncateTail, lineHeight: view.resolvedLineHeight, letterSpacing: view.resolvedLetterSpacing,
            runs: styled.runs, measurer: measurer)
    }

    /// Each run is measured in its own size, and the line is as tall as CSS makes it: the
    /// 20-pt run reaches 19.2 above the baseline and 4.8 below, the label's own 10 pt (the
    /// strut) 9.6 and 2.4.
    @Test func widthsAndLineHeightFollowTheRuns() throws {
        let view = label("aaaa bbbb", runs: [run(5, 4, size: 20)])
        let styled = view.styledText
        #expect(styled.runs.map { String(styled.text[$0.range]) } == ["aaaa ", "bbbb"])
        #expect(styled.runs.map(\.style.font.size) == [10, 20])
        let lines = layout(view)
        let line = try #require(lines.lines.first)
        #expect(abs(line.width - (5 * 6 + 4 * 12)) < 1e-9)
        #expect(abs(line.height - 24) < 1e-9 && abs(line.baseline - 19.2) < 1e-9)
        #expect(line.spans.map(\.text) == ["aaaa ", "bbbb"])
        #expect(line.spans.map(\.offset) == [0, 30])
        #expect(abs(lines.height - 24) < 1e-9)
    }

    /// Wrapped lines stack as Figma stacks them: each line's baseline is its own line height
    /// below the one above. "aaaa" (10 pt) has its baseline at 9.6; "bbbb" (20 pt, a line of 24)
    /// has its 24 below, at 33.6, and reaches 4.8 below it: 38.4 in all (a browser, which
    /// stacks line boxes, would make it 36).
    @Test func eachLineTakesItsOwnRunsHeight() {
        let view = label("aaaa bbbb", runs: [run(5, 4, size: 20)])
        let lines = layout(view, width: 50)
        #expect(lines.lines.map(\.text) == ["aaaa", "bbbb"])
        #expect(lines.lines.map(\.height) == [12, 24])
        #expect(lines.lines.map(\.baseline) == [9.6, 19.2])
        #expect(abs(lines.lines[1].top - 14.4) < 1e-9)
        #expect(abs(lines.height - 38.4) < 1e-9)
        // Text in one style stacks as without runs: the label's 12 a line.
        let plain = layout(label("aaaa bbbb", runs: [run(5, 4, spacing: .points(0.5))]), width: 50)
        #expect(plain.lines.count == 2 && abs(plain.lines[1].top - 12) < 1e-9 && abs(plain.height - 24) < 1e-9)
        // Wrapping counts the larger run: "bbbb" alone is 48 wide.
        #expect(layout(view, width: 47).lines.map(\.text) == ["aaaa", "bbb", "b"])
        // A height of 30 keeps the first line only: the second ends at 38.4.
        let styled = view.styledText
        let clipped = LineLayout(
            text: styled.text, font: view.resolvedFont, maxWidth: 50, maxHeight: 30, numberOfLines: 0,
            lineBreakMode: .truncateTail, runs: styled.runs, measurer: measurer)
        #expect(clipped.lines.map(\.text) == ["aaaa…"])
    }

    /// A run's line height given in points is its inline box's height; the label's percentage
    /// is of each run's own size; letter spacing is per run.
    @Test func lineHeightAndLetterSpacingPerRun() {
        let tall = label("ab", runs: [run(1, 1, lineHeight: .points(40))])
        #expect(layout(tall).lines.first?.height == 40)
        let percent = label("ab", runs: [run(1, 1, size: 20)]) { $0.lineHeight = .percent(200) }
        // The label's 20 for its 10 pt, the run's 40 for its 20 pt: both centred on the
        // baseline, so the line is 40 tall.
        #expect(abs((layout(percent).lines.first?.height ?? 0) - 40) < 1e-9)
        let spaced = label("aabb", runs: [run(2, 2, spacing: .points(3))])
        #expect(abs((layout(spaced).lines.first?.width ?? 0) - (24 + 6)) < 1e-9)
    }

    /// Runs past the end of the text (a merge of a shorter text) style nothing there; a run
    /// starting inside a character styles it from its first code unit only.
    @Test func runsOutsideTheTextAreIgnored() {
        let view = label("ab", runs: [run(1, 10, size: 20)])
        #expect(view.styledText.runs.map(\.style.font.size) == [10, 20])
        let emoji = label("😀b", runs: [run(1, 2, size: 20)])
        // The emoji's first code unit is unstyled, so it is the label's; "b" is the run's.
        #expect(emoji.styledText.runs.map { String(emoji.styledText.text[$0.range]) } == ["😀", "b"])
    }

    /// Text case applies to each stretch; a truncated line keeps its runs, and the "…" takes
    /// the style of the character before it (after it when it comes first).
    @Test func textCaseAndTruncation() throws {
        let view = label("ab cd", runs: [run(3, 2, size: 20)]) { $0.textCase = .upper }
        #expect(view.styledText.text == "AB CD")
        var lower = run(0, 2)
        lower.textCase = .lower
        let own = label("ab cd", runs: [lower]) { $0.textCase = .upper }
        #expect(own.styledText.text == "ab CD")
        let cut = try #require(layout(label("aaaa bbbb", runs: [run(5, 4, size: 20)]), width: 60, lines: 1).lines.first)
        // "aaaa " is 30, "b" 12 and "…" 12 at 20 pt: 54; "bb…" would be 66.
        #expect(cut.text == "aaaa b…")
        #expect(cut.spans.map(\.text) == ["aaaa ", "b", "…"])
        #expect(cut.spans.map(\.style.font.size) == [10, 20, 20])
        #expect(abs(cut.width - 54) < 1e-9)
        var head = label("aaaa bbbb", runs: [run(5, 4, size: 20)])
        head.lineBreakMode = .truncateHead
        let styled = head.styledText
        let headCut = try #require(LineLayout(
            text: styled.text, font: head.resolvedFont, maxWidth: 40, maxHeight: .infinity, numberOfLines: 1,
            lineBreakMode: .truncateHead, runs: styled.runs, measurer: measurer).lines.first)
        #expect(headCut.text == "…bb")
        #expect(headCut.spans.map(\.style.font.size) == [20, 20])
    }

    /// The resolver lays labels out with their runs: a hugging label is as wide and tall as
    /// its runs.
    @Test func resolvedLabelHugsItsRuns() throws {
        var root = View(id: "root", kind: .view)
        root.width = 300
        var text = label("aaaa bbbb", runs: [run(5, 4, size: 20)])
        text.horizontalAlignment = .left
        text.verticalAlignment = .top
        let spec = Spec(name: "runs", views: [root, text], parents: [-1, 0])
        let layout = LayoutEngine(measurer: measurer).resolve(spec, viewport: Size(width: 300, height: 200))
        #expect(layout.frames[1] == Rect(x: 0, y: 0, width: 78, height: 24))
        let line = try #require(layout.textBlock(of: 1)?.lines.first)
        #expect(line.spans.count == 2 && line.baseline == 19.2)
    }
}

extension TextRunLayoutTests {
    /// A text ending in a newline has an empty last line in the style of that newline: as tall
    /// as a line of the run, counted in the label's height.
    @Test func theEmptyLastLineHasTheFinalNewlinesStyle() {
        let ending = layout(label("aa\nBB\n", runs: [run(3, 3, size: 20)]))
        let filled = layout(label("aa\nBB\nBB", runs: [run(3, 5, size: 20)]))
        #expect(ending.lines.map(\.text) == ["aa", "BB", ""])
        #expect(ending.lines.map(\.height) == filled.lines.map(\.height))
        #expect(ending.height == filled.height)
        // The first baseline 9.6 down, each next one 24 below it, the last line 4.8 below its own.
        #expect(abs(ending.height - (9.6 + 24 + 24 + 4.8)) < 1e-9)
    }
}
