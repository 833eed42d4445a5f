import LayoutEngine
import LayoutSpec

/// How the page stacks lines of text in styled runs as Plumb does (`LineLayout`), with CSS
/// line boxes.
///
/// Plumb puts each baseline the line's own line height (its tallest run's) below the one
/// above; CSS puts it the previous line's reach below its baseline plus this line's reach
/// above. The two agree when every line reaches the same depth `below` beneath its baseline and
/// `line height − below` above it: then CSS's step is the line's own line height. So each run
/// is an outer `<span>` whose box (its line height) is raised by its own depth less `below`,
/// reaching exactly `below` down on every line, and an inner `<span>` (line height 0, which
/// makes no line taller) lowered as much, which sets the glyphs back on the baseline.
///
/// The ends of the block are Plumb's too. The first line reaches above its baseline as far as
/// its runs do (CSS's own rule), yet `below` down: on it (`::first-line` sets `--f` to 1) each
/// outer box is its run's reach above plus `below` high, raised by half the difference of the
/// two depths. The last line reaches `below` down, so `below` is the last line's depth in Plumb
/// at the label's own width (unbounded without one): exact wherever the last line holds the
/// same runs as there.
struct RunStacking {
    let measurer: any TextMeasuring
    /// How far every line reaches below its baseline.
    let below: Double

    init(_ view: View, styled: StyledText, measurer: any TextMeasuring) {
        self.measurer = measurer
        let numberOfLines = view.numberOfLines ?? 1
        var wrapWidth = Double.infinity
        if numberOfLines != 1, let width = view.width ?? view.maxWidth {
            wrapWidth = max(0, view.clampWidth(width) - view.padding.horizontal)
        }
        let maxHeight = view.height.map { max(0, view.clampHeight($0) - view.padding.vertical) } ?? .infinity
        let layout = LineLayout(
            text: styled.text, font: view.resolvedFont, maxWidth: wrapWidth, maxHeight: maxHeight,
            numberOfLines: numberOfLines, lineBreakMode: view.lineBreakMode ?? .truncateTail,
            lineHeight: view.resolvedLineHeight, letterSpacing: view.resolvedLetterSpacing,
            paragraphSpacing: view.paragraphSpacing ?? 0, runs: styled.runs, measurer: measurer)
        if let last = layout.lines.last {
            below = last.height - last.baseline
        } else {
            let metrics = measurer.lineMetrics(of: styled.style.font)
            below = LineLayout.extent(lineHeight: styled.style.lineHeight, metrics: metrics).below
        }
    }

    /// The outer span's `line-height` and `vertical-align` for a run in `style`, and the inner
    /// span's `vertical-align`; each a length, or on the first line another (`--f`).
    func css(for style: TextStyle) -> (lineHeight: String, raise: String, lower: String) {
        let metrics = measurer.lineMetrics(of: style.font)
        let lineHeight = style.lineHeight ?? metrics.lineHeight
        let own = LineLayout.extent(lineHeight: lineHeight, metrics: metrics)
        let raise = own.below - below
        let firstLineHeight = max(0, own.above + below), firstRaise = (own.below - below) / 2
        return (
            Self.length(lineHeight, firstLine: firstLineHeight), Self.length(raise, firstLine: firstRaise),
            Self.length(-raise, firstLine: -firstRaise)
        )
    }

    /// `value` in pixels, or `calc(…)` that is `firstLine` where `--f` is 1.
    private static func length(_ value: Double, firstLine: Double) -> String {
        let change = ((firstLine - value) * 1000).rounded() / 1000
        guard change != 0 else { return CSSDeclarations.px(value) }
        return "calc(\(CSSDeclarations.px(value)) + var(--f,0) * \(CSSDeclarations.px(change)))"
    }
}
