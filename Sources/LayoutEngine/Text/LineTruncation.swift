import LayoutSpec

/// Step 3 of `LineLayout`: the last kept line cut to fit, per `lineBreakMode`.
enum LineTruncation {
    /// The ellipsis put where text was cut.
    static let ellipsis = "…"

    /// `line` made to fit `maxWidth`.
    ///
    /// - `clip`: the longest prefix that fits, no ellipsis (whole graphemes; a renderer may
    ///   still draw the cut glyph by clipping to the label).
    /// - When the line itself fits and only lines after it were dropped, every other mode ends
    ///   it with "…" (shortening it if the ellipsis does not fit): the missing text is after it.
    /// - Otherwise `truncateTail` keeps a prefix + "…", `truncateHead` "…" + a suffix,
    ///   `truncateMiddle` a prefix + "…" + a suffix (the prefix gets the odd grapheme).
    /// The most graphemes that fit are kept; if not even "…" fits, the line is "…" alone.
    static func truncate(
        _ line: Substring, width: Double, linesDropped: Bool, font: Font, maxWidth: Double,
        mode: LineBreakMode, measurer: any TextMeasuring
    ) -> LineLayout.Line {
        let boundaries = Array(line.indices) + [line.endIndex]
        let count = boundaries.count - 1
        func candidate(_ kept: Int) -> String {
            switch (mode, width <= maxWidth + LineLayout.tolerance) {
            case (.clip, _):
                return String(LineBreaking.trimmingTrailingWhitespace(line[..<boundaries[kept]]))
            case (_, true), (.truncateTail, _):
                return LineBreaking.trimmingTrailingWhitespace(line[..<boundaries[kept]]) + ellipsis
            case (.truncateHead, _):
                return ellipsis + trimmingLeadingWhitespace(line[boundaries[count - kept]...])
            case (.truncateMiddle, _):
                let head = (kept + 1) / 2
                return LineBreaking.trimmingTrailingWhitespace(line[..<boundaries[head]]) + ellipsis
                    + trimmingLeadingWhitespace(line[boundaries[count - (kept - head)]...])
            }
        }
        // Largest number of graphemes whose candidate fits; widths grow with it.
        var low = 0, high = count
        while low < high {
            let middle = (low + high + 1) / 2
            if measurer.width(of: Substring(candidate(middle)), font: font) <= maxWidth + LineLayout.tolerance {
                low = middle
            } else {
                high = middle - 1
            }
        }
        let text = candidate(low)
        return LineLayout.Line(text: text, width: measurer.width(of: Substring(text), font: font))
    }

    private static func trimmingLeadingWhitespace(_ text: Substring) -> Substring {
        text.drop { $0.isLayoutWhitespace }
    }
}
