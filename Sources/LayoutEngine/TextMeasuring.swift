import LayoutSpec

/// Measures text for the layout engine: advance widths, line metrics and line-break
/// opportunities. The engine's line layout (wrapping, dropping lines, truncation) is built on
/// these three questions, so every measurer wraps and truncates the same way.
///
/// Implementations are expected to cache: the engine may ask about the same text many times
/// while it measures and arranges. The engine calls a measurer from one thread at a time.
public protocol TextMeasuring: AnyObject {
    /// The advance width, in points, of `text` set as one run in `font`.
    func width(of text: Substring, font: Font) -> Double

    /// Vertical metrics of one line of `font`, in points.
    func lineMetrics(of font: Font) -> LineMetrics

    /// Where a line may break in `text` (UAX #14): the index at which each line could start,
    /// after the first, ascending. A mandatory break (a newline) is reported as well; the end
    /// of the text is not (`LineBreaking` decides whether a final newline starts a line).
    func lineBreakOpportunities(in text: String) -> [LineBreakOpportunity]

    /// The font family that measured text in `font`, for pictures that must draw what was
    /// measured: the family the installed fonts matched, or `font.family` for measurers that
    /// use no font files.
    func drawingFamily(of font: Font) -> String

    /// `text` split into runs by the font face that measured each character, in order,
    /// covering the whole text: one run in `drawingFamily(of:)` unless characters fell back
    /// to other faces (Chinese or emoji in a Latin font). Pictures name each run's family so a
    /// viewer draws what was measured.
    func drawingRuns(of text: String, font: Font) -> [DrawingRun]

    /// Whether `font`'s family is installed: text in it is measured with the family's own
    /// faces, not a substitute's. Where it is not, a label keeps the size its design measured
    /// (`designedWidth`, `designedHeight`) instead of the substitute's.
    func isInstalled(_ font: Font) -> Bool
}

extension TextMeasuring {
    /// Measurers that use no font files measure every family as itself.
    public func isInstalled(_ font: Font) -> Bool { true }

    public func drawingFamily(of font: Font) -> String { font.family }

    public func drawingRuns(of text: String, font: Font) -> [DrawingRun] {
        [DrawingRun(range: text.startIndex..<text.endIndex, family: drawingFamily(of: font))]
    }
}

/// A stretch of text drawn by one font face.
public struct DrawingRun: Hashable, Sendable {
    /// The run's characters, as a range of the text that was split.
    public var range: Range<String.Index>
    /// The family name of the face that measured them, e.g. "DejaVu Sans".
    public var family: String

    public init(range: Range<String.Index>, family: String) {
        self.range = range
        self.family = family
    }
}

/// Vertical metrics of a font at a size, in points.
public struct LineMetrics: Hashable, Sendable {
    /// Distance from the top of a line to its baseline.
    public var ascent: Double
    /// Distance from the baseline to the bottom of a line's glyph box.
    public var descent: Double
    /// Distance from one line's top to the next line's top.
    public var lineHeight: Double

    public init(ascent: Double, descent: Double, lineHeight: Double) {
        self.ascent = ascent
        self.descent = descent
        self.lineHeight = lineHeight
    }
}

/// A place where a line may (or must) break.
public struct LineBreakOpportunity: Hashable, Sendable {
    /// Where the next line would start.
    public var index: String.Index
    /// True for a hard break (after a newline): the line must end here.
    public var isMandatory: Bool

    public init(index: String.Index, isMandatory: Bool) {
        self.index = index
        self.isMandatory = isMandatory
    }
}
