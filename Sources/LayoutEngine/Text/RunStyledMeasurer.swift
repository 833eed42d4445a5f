import LayoutSpec

/// A measurer for text in styled runs: a stretch of the text is measured run by run, each in
/// its own font plus its letter spacing after every character, as a browser sets `<span>`s
/// (no kerning across a run's edge). Line layout measures through it, so wrapping and
/// truncation see the runs' widths.
///
/// Text that is not a slice of the styled text is a truncated line (`LineTruncation`): a
/// prefix of `line`, maybe "…", maybe a suffix of `line`. The prefix and suffix keep their runs'
/// styles and the "…" takes the style of the character before it (after it at the line's
/// start), as a browser draws an ellipsis; anything else is set in the style of the line's first
/// character.
final class RunStyledMeasurer: TextMeasuring {
    private let base: any TextMeasuring
    let text: String
    let runs: [StyledRun]
    /// The line being laid out, a slice of `text`.
    var line: Substring

    init(_ base: any TextMeasuring, text: String, runs: [StyledRun]) {
        precondition(!runs.isEmpty)
        self.base = base
        self.text = text
        self.runs = runs
        line = text[...]
    }

    func width(of slice: Substring, font: Font) -> Double {
        spans(of: slice).reduce(0) { $0 + $1.width }
    }

    /// `shown` (a slice of `text` or a truncated `line`) in stretches of one style each, with
    /// their places and widths.
    func spans(of shown: Substring) -> [TextSpan] {
        var spans: [TextSpan] = []
        var offset = 0.0
        func add(_ part: Substring, _ style: TextStyle) {
            guard !part.isEmpty else { return }
            let width = base.width(of: part, font: style.font) + style.letterSpacing * Double(part.count)
            spans.append(TextSpan(text: String(part), offset: offset, width: width, style: style))
            offset += width
        }
        func addSlice(_ range: Range<String.Index>) {
            for piece in pieces(of: range) { add(text[piece.range], piece.style) }
        }
        if shown.base == text {
            addSlice(shown.startIndex..<shown.endIndex)
            return spans
        }
        // The longest prefix of `shown` that `line` starts with.
        var inShown = shown.startIndex, inLine = line.startIndex
        while inShown < shown.endIndex, inLine < line.endIndex, shown[inShown] == line[inLine] {
            inShown = shown.index(after: inShown)
            inLine = line.index(after: inLine)
        }
        addSlice(line.startIndex..<inLine)
        var rest = shown[inShown...]
        let ellipsis = rest.first == Character(LineTruncation.ellipsis) ? rest.prefix(1) : nil
        if ellipsis != nil { rest = rest.dropFirst() }
        let suffixStart = !rest.isEmpty && line.hasSuffix(rest) ? line.index(line.endIndex, offsetBy: -rest.count) : nil
        if let ellipsis {
            let neighbour = inLine > line.startIndex ? line.index(before: inLine) : suffixStart ?? line.startIndex
            add(ellipsis, style(at: neighbour))
        }
        if let suffixStart {
            addSlice(suffixStart..<line.endIndex)
        } else {
            add(rest, style(at: line.startIndex))
        }
        return spans
    }

    /// The parts of `range` in each run it overlaps, in order.
    func pieces(of range: Range<String.Index>) -> [StyledRun] {
        var pieces: [StyledRun] = []
        var low = 0, high = runs.count - 1
        // The first run ending after the range's start.
        while low < high {
            let middle = (low + high) / 2
            if runs[middle].range.upperBound <= range.lowerBound { low = middle + 1 } else { high = middle }
        }
        var position = low
        while position < runs.count, runs[position].range.lowerBound < range.upperBound {
            let run = runs[position]
            let lower = max(run.range.lowerBound, range.lowerBound), upper = min(run.range.upperBound, range.upperBound)
            if lower < upper { pieces.append(StyledRun(range: lower..<upper, style: run.style)) }
            position += 1
        }
        return pieces
    }

    /// The style of the character at `index` (the last run's at the end).
    func style(at index: String.Index) -> TextStyle {
        pieces(of: index..<text.endIndex).first?.style ?? runs[runs.count - 1].style
    }

    func lineMetrics(of font: Font) -> LineMetrics { base.lineMetrics(of: font) }

    func lineBreakOpportunities(in text: String) -> [LineBreakOpportunity] { base.lineBreakOpportunities(in: text) }

    func drawingFamily(of font: Font) -> String { base.drawingFamily(of: font) }

    func drawingRuns(of text: String, font: Font) -> [DrawingRun] { base.drawingRuns(of: text, font: font) }

    func isInstalled(_ font: Font) -> Bool { base.isInstalled(font) }
}
