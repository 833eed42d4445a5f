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
        func fits(_ kept: Int) -> Bool {
            measurer.width(of: Substring(candidate(kept)), font: font) <= maxWidth + LineLayout.tolerance
        }
        let ellipsisWidth = mode == .clip && width > maxWidth + LineLayout.tolerance ? 0 : measurer.width(of: Substring(ellipsis), font: font)
        let estimate = width > 0 ? Double(count) * (maxWidth - ellipsisWidth) / width : Double(count)
        let kept = largestFitting(count: count, estimate: estimate, fits: fits)
        let text = candidate(kept)
        return LineLayout.Line(text: text, width: measurer.width(of: Substring(text), font: font))
    }

    /// The largest `kept` in `0...count` for which `fits(kept)` holds, `fits` being true up to
    /// some point and false after it (widths grow with the graphemes kept); 0 when none fits.
    ///
    /// Each question measures a new string, so they are kept few: the first is at `estimate`
    /// (graphemes are about equally wide, so the answer is usually within one of it), then
    /// steps doubling away from it bracket the answer, and a binary search finishes. About two
    /// questions when the estimate is good, twice a binary search's at worst.
    static func largestFitting(count: Int, estimate: Double, fits: (Int) -> Bool) -> Int {
        guard count > 0 else { return 0 }
        var low = 0, high = count  // the answer is in low...high
        let guess = estimate.isFinite ? min(max(Int(estimate), 1), count) : count
        if fits(guess) {
            low = guess
            var step = 1
            while low < high {
                let probe = min(high, low + step)
                if fits(probe) { low = probe } else { high = probe - 1; break }
                step *= 2
            }
        } else {
            high = guess - 1
            var step = 1
            while low < high {
                let probe = max(low + 1, high + 1 - step)
                if fits(probe) { low = probe; break } else { high = probe - 1 }
                step *= 2
            }
        }
        while low < high {
            let middle = (low + high + 1) / 2
            if fits(middle) { low = middle } else { high = middle - 1 }
        }
        return low
    }

    private static func trimmingLeadingWhitespace(_ text: Substring) -> Substring {
        text.drop { $0.isLayoutWhitespace }
    }
}
