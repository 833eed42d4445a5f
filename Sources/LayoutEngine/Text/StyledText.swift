import LayoutSpec

/// How a stretch of text is set: a label's own style, or a run's over it.
public struct TextStyle: Hashable, Sendable {
    public var font: Font
    /// Points added after every character.
    public var letterSpacing: Double
    /// The distance between lines' tops in points, `nil` for the font's own.
    public var lineHeight: Double?
    /// `#RRGGBB` or `#RRGGBBAA`, `nil` for black.
    public var color: String?
    public var decoration: TextDecoration?

    public init(font: Font, letterSpacing: Double = 0, lineHeight: Double? = nil, color: String? = nil, decoration: TextDecoration? = nil) {
        self.font = font
        self.letterSpacing = letterSpacing
        self.lineHeight = lineHeight
        self.color = color
        self.decoration = decoration
    }
}

/// A stretch of a label's displayed text and its style.
public struct StyledRun: Hashable, Sendable {
    public var range: Range<String.Index>
    public var style: TextStyle

    public init(range: Range<String.Index>, style: TextStyle) {
        self.range = range
        self.style = style
    }
}

/// A label's text as shown, in stretches of one style each: what `textRuns` make of `text`,
/// `textCase` and the label's own style.
public struct StyledText: Hashable, Sendable {
    /// The text as shown (`View.displayedText`).
    public var text: String
    /// The label's own style.
    public var style: TextStyle
    /// Consecutive stretches covering the whole text, in order; empty when the label has no
    /// runs (the whole text is in `style`).
    public var runs: [StyledRun]
}

extension View {
    /// The label's own text style: font, letter spacing and line height in points, colour,
    /// decoration.
    public var textStyle: TextStyle {
        TextStyle(
            font: resolvedFont, letterSpacing: resolvedLetterSpacing, lineHeight: resolvedLineHeight, color: textColor,
            decoration: textDecoration)
    }

    /// The displayed text split by `textRuns`. A character takes the run holding its first
    /// UTF-16 code unit; a run's unset styles are the label's, and the label's line height or
    /// letter spacing given as a percentage is of the run's own font size, as Figma sets a
    /// style per character. Runs past the end of the text (left by a merge of a shorter text)
    /// style nothing there. `textCase` (the run's, else the label's) applies to each stretch on its
    /// own.
    public var styledText: StyledText {
        let base = textStyle
        guard let runs = textRuns, !runs.isEmpty, let text, !text.isEmpty else {
            return StyledText(text: displayedText ?? "", style: base, runs: [])
        }
        var shown = ""
        // Each stretch's end as a UTF-8 offset in `shown`, and its style.
        var stretches: [(end: Int, style: TextStyle)] = []
        var offset = 0  // in UTF-16 code units of `text`
        var next = 0  // the first run not yet ended
        var segmentStart = text.startIndex
        var segmentRun = -1
        func close(at end: String.Index) {
            guard segmentStart < end else { return }
            let piece = String(text[segmentStart..<end])
            let textCase = segmentRun >= 0 ? runs[segmentRun].textCase ?? self.textCase : self.textCase
            shown += textCase.map { $0.apply(to: piece) } ?? piece
            stretches.append((shown.utf8.count, segmentRun >= 0 ? self.style(of: runs[segmentRun], over: base) : base))
        }
        var index = text.startIndex
        while index < text.endIndex {
            while next < runs.count, runs[next].end <= offset { next += 1 }
            let run = next < runs.count && runs[next].start <= offset ? next : -1
            if run != segmentRun {
                close(at: index)
                segmentStart = index
                segmentRun = run
            }
            let after = text.index(after: index)
            offset += text.utf16.distance(from: index, to: after)
            index = after
        }
        close(at: text.endIndex)
        var runsInShown: [StyledRun] = []
        var lower = shown.startIndex
        var lowerOffset = 0
        for stretch in stretches {
            let upper = shown.utf8.index(lower, offsetBy: stretch.end - lowerOffset)
            runsInShown.append(StyledRun(range: lower..<upper, style: stretch.style))
            lower = upper
            lowerOffset = stretch.end
        }
        return StyledText(text: shown, style: base, runs: runsInShown)
    }

    private func style(of run: TextRun, over base: TextStyle) -> TextStyle {
        var style = base
        style.font = Font(
            family: run.fontFamily ?? base.font.family, size: run.fontSize ?? base.font.size,
            weight: run.fontWeight ?? base.font.weight, italic: run.fontItalic ?? base.font.italic)
        let size = style.font.size
        style.letterSpacing = (run.letterSpacing ?? letterSpacing)?.points(fontSize: size) ?? 0
        style.lineHeight = (run.lineHeight ?? lineHeight)?.points(fontSize: size)
        style.color = run.textColor ?? base.color
        style.decoration = run.textDecoration ?? base.decoration
        return style
    }
}
