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
        var boundaries = GraphemeBoundaries(line)
        let fitsWhole = width <= maxWidth + LineLayout.tolerance
        // The text shown when `kept` graphemes are kept, or `nil` when the line has fewer.
        func candidate(_ kept: Int) -> String? {
            switch (mode, fitsWhole) {
            case (.clip, _):
                return boundaries.end(ofFirst: kept).map { String(LineBreaking.trimmingTrailingWhitespace(line[..<$0])) }
            case (_, true), (.truncateTail, _):
                return boundaries.end(ofFirst: kept).map { LineBreaking.trimmingTrailingWhitespace(line[..<$0]) + ellipsis }
            case (.truncateHead, _):
                return boundaries.start(ofLast: kept).map { ellipsis + trimmingLeadingWhitespace(line[$0...]) }
            case (.truncateMiddle, _):
                let head = (kept + 1) / 2
                guard let headEnd = boundaries.end(ofFirst: head), let tailStart = boundaries.start(ofLast: kept - head),
                      headEnd <= tailStart else { return nil }
                return LineBreaking.trimmingTrailingWhitespace(line[..<headEnd]) + ellipsis + trimmingLeadingWhitespace(line[tailStart...])
            }
        }
        func fits(_ kept: Int) -> Bool {
            guard let text = candidate(kept) else { return false }
            return measurer.width(of: Substring(text), font: font) <= maxWidth + LineLayout.tolerance
        }
        let ellipsisWidth = mode == .clip && !fitsWhole ? 0 : measurer.width(of: Substring(ellipsis), font: font)
        // Graphemes are about equally wide: estimate from the first few, so that only about as
        // many graphemes as are kept are ever walked and measured.
        let sample = 16
        let sampleEnd = boundaries.end(ofFirst: sample)
        let sampleCount = sampleEnd == nil ? boundaries.knownCount! : sample
        let sampleWidth = sampleEnd.map { measurer.width(of: line[..<$0], font: font) } ?? width
        let estimate = sampleWidth > 0 ? Double(sampleCount) * (maxWidth - ellipsisWidth) / sampleWidth : Double(sampleCount)
        // At most the whole line; `fits` is false past its end.
        let kept = largestFitting(count: boundaries.knownCount ?? Int.max / 4, estimate: estimate, fits: fits)
        let text = candidate(kept) ?? ellipsis
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
        // Clamped as a Double first: a huge estimate (tiny font sizes) must not trap in `Int()`.
        let guess = estimate.isFinite ? Int(min(max(estimate, 1), Double(count))) : count
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
