import LayoutSpec

/// A label's text laid out in lines: wrapped, lines that do not fit dropped, the last kept
/// line truncated (DESIGN.md §2, label text).
///
/// Built only on `TextMeasuring`, so every measurer wraps, drops and truncates the same way.
/// The steps, each in its own file:
/// 1. `LineBreaking`: break at mandatory breaks, and when wrapping at the measurer's break
///    opportunities (a word wider than the line is broken between graphemes);
/// 2. `LineLimit`: keep at most `numberOfLines` lines (0 = unlimited) and only as many as fit
///    `maxHeight` (the first line is always kept);
/// 3. `LineTruncation`: cut the last kept line per `lineBreakMode` when it is too wide or
///    when lines were dropped after it.
///
/// Trailing spaces of a line are neither drawn nor counted in its width. A paragraph (text up
/// to a hard line break) but the last is followed by `paragraphSpacing`.
///
/// Text in styled runs is measured run by run (`RunStyledMeasurer`). Its lines are stacked as
/// Figma stacks them: a line's height is its tallest run's line height, and each line's
/// baseline is that far below the one above (plus any paragraph spacing); the first baseline
/// is as far below the top as the first line's runs reach above it (each run's line height
/// split evenly above and below its ascent and descent, as CSS's half-leading), and the block
/// ends as far below the last baseline as its runs reach. Text in one style stacks exactly as
/// without runs.
public struct LineLayout: Hashable, Sendable {
    /// One laid-out line: its text, its advance width and its top, in points.
    public struct Line: Hashable, Sendable {
        /// The characters shown, without trailing spaces or the newline.
        public var text: String
        /// Advance width in points.
        public var width: Double
        /// Distance from the block's top to the line's: the lines above it and the paragraph
        /// spacing after each paragraph above it.
        public var top: Double
        /// The line's height: the layout's `lineHeight`, or with runs the height of its runs.
        public var height: Double = 0
        /// Distance from the line's top to its baseline.
        public var baseline: Double = 0
        /// The line's stretches in their styles, left to right, when the text has runs; empty
        /// when the whole line is in the label's style.
        public var spans: [TextSpan] = []

        /// A line showing `text`, `width` points wide, `top` below the block's top.
        public init(text: String, width: Double, top: Double = 0) {
            self.text = text
            self.width = width
            self.top = top
        }
    }

    /// Widths and heights within this many points count as fitting, so a label sized to its
    /// own text never truncates it through rounding.
    public static let tolerance = 1e-6

    /// The lines kept, top to bottom.
    public var lines: [Line]
    /// Whether the lines were stacked by their runs' extents (each with its own `height`).
    private var isStacked = false
    /// Distance between two lines' tops: the label's `lineHeight`, else the font's own. With
    /// runs, the least a line can be (each line's own is its `height`).
    public var lineHeight: Double

    /// Lays out `text` in `font`.
    ///
    /// - Parameters:
    ///   - maxWidth: the width available to each line, in points (`.infinity` for none). Lines
    ///     wrap at it when `numberOfLines` ≠ 1; the last kept line is truncated to it.
    ///   - maxHeight: the height available to the block (`.infinity` for none); lines past it
    ///     are dropped, except the first.
    ///   - numberOfLines: most lines kept; 0 = unlimited; 1 = no wrapping.
    ///   - lineHeight: the distance between lines' tops in points, `nil` for the font's own.
    ///   - letterSpacing: points added after every character, counted in every width.
    ///   - paragraphSpacing: points below each paragraph but the last (after a line ending in
    ///     a hard break other than U+2028 LINE SEPARATOR); lines it pushes past `maxHeight`
    ///     are dropped.
    ///   - runs: stretches of `text` in their own styles, consecutive and covering it all (the
    ///     label's own style being `font`, `lineHeight` and `letterSpacing`); empty for none.
    public init(
        text: String, font: Font, maxWidth: Double, maxHeight: Double, numberOfLines: Int,
        lineBreakMode: LineBreakMode, lineHeight: Double? = nil, letterSpacing: Double = 0, paragraphSpacing: Double = 0,
        runs: [StyledRun] = [], measurer: any TextMeasuring
    ) {
        let metrics = measurer.lineMetrics(of: font)
        self.lineHeight = lineHeight ?? metrics.lineHeight
        let strut = Self.extent(lineHeight: self.lineHeight, metrics: metrics)
        let styled = runs.isEmpty ? nil : RunStyledMeasurer(measurer, text: text, runs: runs)
        let measurer: any TextMeasuring = styled ?? (letterSpacing == 0 ? measurer : LetterSpacedMeasurer(measurer, spacing: letterSpacing))
        lines = []
        if text.isEmpty { return }
        let wrapWidth = numberOfLines == 1 ? Double.infinity : maxWidth
        // Only the lines that can be kept, and one more to tell whether any were dropped. With
        // runs a line may be as low as the lowest run's line height.
        let lowest = styled.map { styled in
            styled.runs.reduce(self.lineHeight) { min($0, $1.style.lineHeight ?? measurer.lineMetrics(of: $1.style.font).lineHeight) }
        } ?? self.lineHeight
        let keepable = LineLimit.keptCount(
            lineCount: .max, numberOfLines: numberOfLines, maxHeight: maxHeight, lineHeight: lowest)
        let ranges = LineBreaking.lineRanges(
            in: text, font: font, wrapWidth: wrapWidth, maxRanges: keepable == .max ? .max : keepable + 1, measurer: measurer)
        // With runs, each line's extent above and below its baseline (the highest and lowest
        // of its runs') and its line height (the tallest run's).
        var extents: [(above: Double, below: Double, height: Double)] = []
        if let styled {
            extents = ranges.prefix(keepable).map { range in
                let visible = LineBreaking.trimmingTrailingWhitespace(text[range])
                let shown = visible.isEmpty ? range.lowerBound..<min(range.upperBound, text.index(range.lowerBound, offsetBy: 1, limitedBy: text.endIndex) ?? text.endIndex) : visible.startIndex..<visible.endIndex
                var pieces = styled.pieces(of: shown)
                if pieces.isEmpty { pieces = [StyledRun(range: shown, style: styled.style(at: range.lowerBound))] }
                return pieces.reduce((above: 0.0, below: 0.0, height: 0.0)) { extent, piece in
                    let metrics = measurer.lineMetrics(of: piece.style.font)
                    let height = piece.style.lineHeight ?? metrics.lineHeight
                    let own = Self.extent(lineHeight: height, metrics: metrics)
                    return (max(extent.above, own.above), max(extent.below, own.below), max(extent.height, height))
                }
            }
        }
        var tops: [Double] = []
        if !extents.isEmpty {
            // Each line's baseline is its line height below the one above (and the paragraph
            // spacing), the first's its extent above the block's top; only the lines that fit.
            tops.reserveCapacity(min(keepable, ranges.count))
            var baseline = 0.0
            for index in 0..<min(keepable, ranges.count) {
                let extent = extents[index]
                baseline += index == 0 ? extent.above : extent.height
                if index > 0, baseline + extent.below > maxHeight + Self.tolerance { break }
                tops.append(baseline - extent.above)
                if Self.endsParagraph(text[ranges[index]]) { baseline += paragraphSpacing }
            }
        } else if paragraphSpacing > 0 {
            // Each line's top, and only as many lines as fit the height with the spacing.
            tops.reserveCapacity(min(keepable, ranges.count))
            var top = 0.0
            for index in 0..<min(keepable, ranges.count) {
                if index > 0, top + self.lineHeight > maxHeight + Self.tolerance { break }
                tops.append(top)
                top += self.lineHeight + (Self.endsParagraph(text[ranges[index]]) ? paragraphSpacing : 0)
            }
        }
        isStacked = !extents.isEmpty
        let kept = tops.isEmpty ? min(keepable, ranges.count) : tops.count
        // Lines left out hide text, unless the one left out is the blank last line (after a
        // final newline): no ellipsis marks that.
        let hidesLines = kept < ranges.count
            && !(kept == ranges.count - 1 && ranges[kept].upperBound == text.endIndex
                 && LineBreaking.trimmingTrailingWhitespace(text[ranges[kept]]).isEmpty)
        lines.reserveCapacity(kept)
        for index in 0..<kept {
            let visible = LineBreaking.trimmingTrailingWhitespace(text[ranges[index]])
            let isLast = index == kept - 1
            styled?.line = visible
            let width = measurer.width(of: visible, font: font)
            let truncates = isLast && (hidesLines || width > maxWidth + Self.tolerance)
            var line = truncates
                ? LineTruncation.truncate(
                    visible, width: width, linesDropped: hidesLines, font: font,
                    maxWidth: maxWidth, mode: lineBreakMode, measurer: measurer)
                : Line(text: String(visible), width: width)
            line.top = tops.isEmpty ? Double(index) * self.lineHeight : tops[index]
            if extents.isEmpty {
                line.height = self.lineHeight
                line.baseline = strut.above
            } else {
                line.height = extents[index].above + extents[index].below
                line.baseline = extents[index].above
            }
            if let styled { line.spans = styled.spans(of: truncates ? Substring(line.text) : visible) }
            lines.append(line)
        }
    }

    /// How far a line of `lineHeight` (nil for the font's own) in a font of `metrics` reaches
    /// above and below its baseline: the space beyond ascent and descent split evenly (CSS's
    /// half-leading).
    public static func extent(lineHeight: Double?, metrics: LineMetrics) -> (above: Double, below: Double) {
        let height = lineHeight ?? metrics.lineHeight
        let above = (height - metrics.ascent - metrics.descent) / 2 + metrics.ascent
        return (above, height - above)
    }

    /// Whether a line ends its paragraph: it ends in a hard break other than U+2028 LINE
    /// SEPARATOR, which breaks a line within a paragraph (as Figma takes it).
    static func endsParagraph(_ line: Substring) -> Bool {
        guard let last = line.last, last.isNewline else { return false }
        return last != "\u{2028}"
    }

    /// The widest line's width, in points (0 without lines).
    public var width: Double { lines.reduce(0) { max($0, $1.width) } }

    /// The lines' total height: from the first line's top to the last one's bottom.
    public var height: Double {
        guard let last = lines.last else { return 0 }
        // Stacked by runs, an empty last line (after a final newline) has no spans but its height.
        guard !isStacked else { return last.top + last.height }
        // Without runs every line is `lineHeight` high; the paragraph spacing above the last
        // line is its top beyond the lines above it (exactly 0 without spacing).
        let linesAbove = Double(lines.count - 1) * lineHeight
        return Double(lines.count) * lineHeight + (last.top - linesAbove)
    }

    /// Width × height of the block.
    public var size: Size { Size(width: width, height: height) }
}
