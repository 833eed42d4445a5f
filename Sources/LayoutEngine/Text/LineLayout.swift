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
    ///   - paragraphSpacing: points below each paragraph but the last (after a line ending in
    ///     a hard break other than U+2028 LINE SEPARATOR); lines it pushes past `maxHeight`
    ///     are dropped.
    public init(
        text: String, font: Font, maxWidth: Double, maxHeight: Double, numberOfLines: Int,
        lineBreakMode: LineBreakMode, lineHeight: Double? = nil, letterSpacing: Double = 0, paragraphSpacing: Double = 0,
        measurer: any TextMeasuring
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
        var tops: [Double] = []
        if paragraphSpacing > 0 {
            // Each line's top, and only as many lines as fit the height with the spacing.
            tops.reserveCapacity(min(keepable, ranges.count))
            var top = 0.0
            for index in 0..<min(keepable, ranges.count) {
                if index > 0, top + self.lineHeight > maxHeight + Self.tolerance { break }
                tops.append(top)
                top += self.lineHeight + (Self.endsParagraph(text[ranges[index]]) ? paragraphSpacing : 0)
            }
        }
        let kept = paragraphSpacing > 0 ? tops.count : min(keepable, ranges.count)
        lines.reserveCapacity(kept)
        for index in 0..<kept {
            let visible = LineBreaking.trimmingTrailingWhitespace(text[ranges[index]])
            let isLast = index == kept - 1
            let width = measurer.width(of: visible, font: font)
            let truncates = isLast && (kept < ranges.count || width > maxWidth + Self.tolerance)
            var line = truncates
                ? LineTruncation.truncate(
                    visible, width: width, linesDropped: kept < ranges.count, font: font,
                    maxWidth: maxWidth, mode: lineBreakMode, measurer: measurer)
                : Line(text: String(visible), width: width)
            line.top = tops.isEmpty ? Double(index) * self.lineHeight : tops[index]
            lines.append(line)
        }
    }

    /// Whether a line ends its paragraph: it ends in a hard break other than U+2028 LINE
    /// SEPARATOR, which breaks a line within a paragraph (as Figma takes it).
    static func endsParagraph(_ line: Substring) -> Bool {
        guard let last = line.last, last.isNewline else { return false }
        return last != "\u{2028}"
    }

    /// The widest line's width, in points (0 without lines).
    public var width: Double { lines.reduce(0) { max($0, $1.width) } }

    /// The lines' total height: line count × line height, plus the paragraph spacing above
    /// the last line (its top beyond the lines above it; exactly 0 without spacing).
    public var height: Double {
        guard let last = lines.last else { return 0 }
        let linesAbove = Double(lines.count - 1) * lineHeight
        return Double(lines.count) * lineHeight + (last.top - linesAbove)
    }

    /// Width × height of the block.
    public var size: Size { Size(width: width, height: height) }
}
