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
/// Trailing spaces of a line are neither drawn nor counted in its width.
public struct LineLayout: Hashable, Sendable {
    /// One laid-out line: its text and its advance width, in points.
    public struct Line: Hashable, Sendable {
        /// The characters shown, without trailing spaces or the newline.
        public var text: String
        /// Advance width in points.
        public var width: Double

        /// A line showing `text`, `width` points wide.
        public init(text: String, width: Double) {
            self.text = text
            self.width = width
        }
    }

    /// Widths and heights within this many points count as fitting, so a label sized to its
    /// own text never truncates it through rounding.
    public static let tolerance = 1e-6

    /// The lines kept, top to bottom.
    public var lines: [Line]
    /// Distance between two lines' tops: the label's `lineHeight`, else the font's own.
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
    public init(
        text: String, font: Font, maxWidth: Double, maxHeight: Double, numberOfLines: Int,
        lineBreakMode: LineBreakMode, lineHeight: Double? = nil, letterSpacing: Double = 0, measurer: any TextMeasuring
    ) {
        self.lineHeight = lineHeight ?? measurer.lineMetrics(of: font).lineHeight
        let measurer = letterSpacing == 0 ? measurer : LetterSpacedMeasurer(measurer, spacing: letterSpacing)
        lines = []
        if text.isEmpty { return }
        let wrapWidth = numberOfLines == 1 ? Double.infinity : maxWidth
        // Only the lines that can be kept, and one more to tell whether any were dropped.
        let keepable = LineLimit.keptCount(
            lineCount: .max, numberOfLines: numberOfLines, maxHeight: maxHeight, lineHeight: self.lineHeight)
        let ranges = LineBreaking.lineRanges(
            in: text, font: font, wrapWidth: wrapWidth, maxRanges: keepable == .max ? .max : keepable + 1, measurer: measurer)
        let kept = min(keepable, ranges.count)
        lines.reserveCapacity(kept)
        for index in 0..<kept {
            let visible = LineBreaking.trimmingTrailingWhitespace(text[ranges[index]])
            let isLast = index == kept - 1
            let width = measurer.width(of: visible, font: font)
            let truncates = isLast && (kept < ranges.count || width > maxWidth + Self.tolerance)
            if truncates {
                lines.append(LineTruncation.truncate(
                    visible, width: width, linesDropped: kept < ranges.count, font: font,
                    maxWidth: maxWidth, mode: lineBreakMode, measurer: measurer))
            } else {
                lines.append(Line(text: String(visible), width: width))
            }
        }
    }

    /// The widest line's width, in points (0 without lines).
    public var width: Double { lines.reduce(0) { max($0, $1.width) } }

    /// The lines' total height: line count × line height.
    public var height: Double { Double(lines.count) * lineHeight }

    /// Width × height of the block.
    public var size: Size { Size(width: width, height: height) }
}
