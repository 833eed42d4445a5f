import LayoutSpec

/// Step 1 of `LineLayout`: where the lines of a text start and end.
enum LineBreaking {
    /// The ranges of `text` that form its lines, in order; empty for empty text.
    ///
    /// A line always ends at a mandatory break (a newline; the newline stays in the range and
    /// a text ending with one has an empty last line). When `wrapWidth` is finite, a line also
    /// ends before the first segment (text between two break opportunities) whose visible part
    /// would take it past `wrapWidth`; trailing spaces do not count. A segment wider than a
    /// whole line is broken between graphemes, at least one grapheme per line.
    static func lineRanges(
        in text: String, font: Font, wrapWidth: Double, measurer: any TextMeasuring
    ) -> [Range<String.Index>] {
        if text.isEmpty { return [] }
        // Without wrapping only newlines end lines: text without one is a single line, and the
        // measurer need not look for break opportunities (ICU, for real fonts).
        if !wrapWidth.isFinite, !containsNewline(text) { return [text.startIndex..<text.endIndex] }
        var breaker = Breaker(text: text, font: font, wrapWidth: wrapWidth, measurer: measurer)
        for opportunity in measurer.lineBreakOpportunities(in: text) {
            guard opportunity.index > breaker.segmentStart, opportunity.index <= text.endIndex else { continue }
            breaker.addSegment(endingAt: opportunity.index, isMandatory: opportunity.isMandatory)
        }
        if breaker.segmentStart < text.endIndex {
            breaker.addSegment(endingAt: text.endIndex, isMandatory: false)
        }
        breaker.ranges.append(breaker.lineStart..<text.endIndex)
        return breaker.ranges
    }

    /// Whether `text` has a newline (`isLayoutNewline`: LF, VT, FF, CR, NEL, LS, PS), the only
    /// characters after which a measurer reports a mandatory break. Reads UTF-8 bytes; only
    /// text with a byte that may start NEL, LS or PS is looked at scalar by scalar.
    static func containsNewline(_ text: String) -> Bool {
        var mayHaveOthers = false
        for byte in text.utf8 {
            if byte >= 0x0A && byte <= 0x0D { return true }
            if byte == 0xC2 || byte == 0xE2 { mayHaveOthers = true }
        }
        return mayHaveOthers && text.unicodeScalars.contains { $0.isLayoutNewline }
    }

    /// `text` without its trailing whitespace (spaces, tabs and newlines).
    ///
    /// Walks scalars, not graphemes (much faster backwards): a whitespace scalar never
    /// extends the grapheme before it, so the cut still falls between graphemes.
    static func trimmingTrailingWhitespace(_ text: Substring) -> Substring {
        let scalars = text.unicodeScalars
        var end = scalars.endIndex
        while end > scalars.startIndex {
            let previous = scalars.index(before: end)
            guard scalars[previous].isLayoutWhitespace else { break }
            end = previous
        }
        return text[text.startIndex..<end]
    }

    /// The greedy line filler: segments are added one at a time.
    private struct Breaker {
        let text: String
        let font: Font
        let wrapWidth: Double
        let measurer: any TextMeasuring
        var ranges: [Range<String.Index>] = []
        var lineStart: String.Index
        var segmentStart: String.Index
        /// Advance of the segments already on the line, their spaces included.
        var lineWidth = 0.0

        init(text: String, font: Font, wrapWidth: Double, measurer: any TextMeasuring) {
            self.text = text
            self.font = font
            self.wrapWidth = wrapWidth
            self.measurer = measurer
            lineStart = text.startIndex
            segmentStart = text.startIndex
        }

        mutating func addSegment(endingAt end: String.Index, isMandatory: Bool) {
            if wrapWidth.isFinite { wrap(segmentEnd: end) }
            if isMandatory {
                ranges.append(lineStart..<end)
                lineStart = end
                lineWidth = 0
            }
            segmentStart = end
        }

        /// Ends the line before the segment if the segment's visible part does not fit, and
        /// breaks the segment itself if it is wider than a line.
        private mutating func wrap(segmentEnd end: String.Index) {
            let segment = text[segmentStart..<end]
            let visible = trimmingTrailingWhitespace(segment)
            let visibleWidth = measurer.width(of: visible, font: font)
            if segmentStart > lineStart, lineWidth + visibleWidth > wrapWidth + LineLayout.tolerance {
                ranges.append(lineStart..<segmentStart)
                lineStart = segmentStart
                lineWidth = 0
            }
            if segmentStart == lineStart, visibleWidth > wrapWidth + LineLayout.tolerance {
                lineStart = breakBetweenGraphemes(visible)
                lineWidth = measurer.width(of: text[lineStart..<end], font: font)
            } else {
                lineWidth += visible.endIndex == end ? visibleWidth : measurer.width(of: segment, font: font)
            }
        }

        /// Cuts `word` into lines of as many graphemes as fit (at least one each); returns where
        /// the last, still open, piece starts.
        private mutating func breakBetweenGraphemes(_ word: Substring) -> String.Index {
            let boundaries = Array(word.indices) + [word.endIndex]
            var first = 0
            while true {
                let remaining = boundaries.count - 1 - first
                if measurer.width(of: text[boundaries[first]..<word.endIndex], font: font) <= wrapWidth + LineLayout.tolerance {
                    return boundaries[first]
                }
                var low = 1, high = remaining
                while low < high {
                    let middle = (low + high + 1) / 2
                    let piece = text[boundaries[first]..<boundaries[first + middle]]
                    if measurer.width(of: piece, font: font) <= wrapWidth + LineLayout.tolerance { low = middle } else { high = middle - 1 }
                }
                // A single grapheme wider than the line stays open as the line's last piece.
                if low >= remaining { return boundaries[first] }
                ranges.append(boundaries[first]..<boundaries[first + low])
                first += low
                if first == boundaries.count - 1 { return boundaries[first] }
            }
        }
    }
}
