import LayoutSpec

/// A measurer that adds `spacing` points after every character (grapheme), as CSS
/// `letter-spacing` and Figma's letter spacing do, the last character included; everything else
/// is `base`'s. Line layout measures through it, so wrapping and truncation see spaced widths.
final class LetterSpacedMeasurer: TextMeasuring {
    private let base: any TextMeasuring
    private let spacing: Double

    init(_ base: any TextMeasuring, spacing: Double) {
        self.base = base
        self.spacing = spacing
    }

    func width(of text: Substring, font: Font) -> Double {
        base.width(of: text, font: font) + spacing * Double(text.count)
    }

    func lineMetrics(of font: Font) -> LineMetrics { base.lineMetrics(of: font) }

    func lineBreakOpportunities(in text: String) -> [LineBreakOpportunity] { base.lineBreakOpportunities(in: text) }

    func drawingFamily(of font: Font) -> String { base.drawingFamily(of: font) }

    func drawingRuns(of text: String, font: Font) -> [DrawingRun] { base.drawingRuns(of: text, font: font) }
}
