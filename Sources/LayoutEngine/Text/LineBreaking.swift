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
    ///
    /// At most `maxRanges` ranges are found (the last then possibly ending early): a caller
    /// that keeps only so many lines need not break (or measure) the rest of the text.
    static func lineRanges(
        in text: String, font: Font, wrapWidth: Double, maxRanges: Int = .max, measurer: any TextMeasuring
    ) -> [Range<String.Index>] {
        if text.isEmpty { return [] }
        // Without wrapping only newlines end lines: text without one is a single line, and the
        // measurer need not look for break opportunities (ICU, for real fonts).
        if !wrapWidth.isFinite, !containsNewline(text) { return [text.startIndex..<text.endIndex] }
        var breaker = Breaker(text: text, font: font, wrapWidth: wrapWidth, maxRanges: max(1, maxRanges), measurer: measurer)
        for opportunity in measurer.lineBreakOpportunities(in: text) {
            guard opportunity.index > breaker.segmentStart, opportunity.index <= text.endIndex else { continue }
            breaker.addSegment(endingAt: opportunity.index, isMandatory: opportunity.isMandatory)
            if breaker.isFull { return breaker.ranges }
        }
        if breaker.segmentStart < text.endIndex {
            // A text ending in a newline has an empty line after it, as in Figma and TextKit.
            let endsInNewline = text.unicodeScalars.last?.isLayoutNewline == true
            breaker.addSegment(endingAt: text.endIndex, isMandatory: endsInNewline)
            if breaker.isFull { return breaker.ranges }
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
        /// Lines wanted at most; the breaker stops once it has them.
        let maxRanges: Int
        var isFull: Bool { ranges.count >= maxRanges }

        init(text: String, font: Font, wrapWidth: Double, maxRanges: Int, measurer: any TextMeasuring) {
            self.text = text
            self.maxRanges = maxRanges
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
            let visibleWidth = widthOrOverflow(of: visible)
            if segmentStart > lineStart, lineWidth + visibleWidth > wrapWidth + LineLayout.tolerance {
                ranges.append(lineStart..<segmentStart)
                lineStart = segmentStart
                lineWidth = 0
            }
            if segmentStart == lineStart, visibleWidth > wrapWidth + LineLayout.tolerance {
                lineStart = breakBetweenGraphemes(visible)
                if isFull { return }
                lineWidth = measurer.width(of: text[lineStart..<end], font: font)
            } else {
                lineWidth += visible.endIndex == end ? visibleWidth : measurer.width(of: segment, font: font)
            }
        }

        /// The width of `segment`; for a long segment whose first graphemes are already wider
        /// than a line, their width instead, which decides the same (the segment goes on a line
        /// of its own and is broken) without measuring all of it.
        private func widthOrOverflow(of segment: Substring) -> Double {
            if segment.utf8.count > 4_096 {
                var boundaries = GraphemeBoundaries(segment)
                if let end = boundaries.end(ofFirst: 128) {
                    let prefix = measurer.width(of: segment[..<end], font: font)
                    if prefix > wrapWidth + LineLayout.tolerance { return prefix }
                }
            }
            return measurer.width(of: segment, font: font)
        }

        /// Cuts `word` into lines of as many graphemes as fit (at least one each); returns where
        /// the last, still open, piece starts.
        ///
        /// Each line's count is found around the previous line's (graphemes are about equally
        /// wide), bracketing by doubling steps then halving, so the pieces measured are about a
        /// line long: a line costs its own length, not the rest of the word's, and a word of
        /// any length breaks in linear time.
        private mutating func breakBetweenGraphemes(_ word: Substring) -> String.Index {
            var boundaries = GraphemeBoundaries(word)
            var first = 0
            var estimate = 1.0
            while true {
                let start = boundaries.end(ofFirst: first)!
                let fitting = LineTruncation.largestFitting(count: boundaries.knownCount.map { $0 - first } ?? Int.max / 4, estimate: estimate) { count in
                    guard let end = boundaries.end(ofFirst: first + count) else { return false }
                    return measurer.width(of: text[start..<end], font: font) <= wrapWidth + LineLayout.tolerance
                }
                // At least one grapheme a line. When that reaches the end, the rest fits (or is a
                // single grapheme wider than the line): it is the open last piece.
                let taken = max(fitting, 1)
                guard let next = boundaries.end(ofFirst: first + taken), next < word.endIndex else { return start }
                ranges.append(start..<next)
                first += taken
                estimate = Double(taken)
                if isFull { return next }
            }
        }
    }
}
