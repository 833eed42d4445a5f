import FoundationEssentials
import Glibc
import LayoutSpec

/// `TEXT` nodes as labels: characters, font, colour, line height, letter spacing, paragraph
/// spacing, the nine text positions, and `textAutoResize` as explicit size and
/// `numberOfLines`.
enum FigmaTextStyle {
    /// Styles `view` as the text node is set; returns what of its style that changes the
    /// text's size Plumb could not express (`small caps`), nil
    /// when nothing was.
    static func apply(_ node: FigmaNode, to view: inout View, summary: inout ImportSummary) -> String? {
        guard let text = node.text else { return nil }
        var sizeLosses: [String] = []
        view.text = characters(text, view: &view, summary: &summary)
        if let family = text.fontFamily, !family.isEmpty {
            if family.count <= Property.maxFamilyLength { view.fontFamily = family } else { summary.approximated("font family name over 200 characters (system font used)") }
        }
        if let size = text.fontSize, size > 0 { view.fontSize = round3(min(size, 10_000)) }
        if let weight = text.fontWeight { view.fontWeight = Self.weight(weight) }
        view.textColor = FigmaPaint.topColor(of: node.fills, what: "text fill", summary: &summary)
        switch text.alignHorizontal {
        case "CENTER"?: view.textAlignment = .center
        case "RIGHT"?: view.textAlignment = .right
        case "JUSTIFIED"?: summary.approximated("justified text (imported as left)")
        default: break
        }
        switch text.alignVertical {
        case "CENTER"?: view.textVerticalAlignment = .middle
        case "BOTTOM"?: view.textVerticalAlignment = .bottom
        default: view.textVerticalAlignment = .top
        }
        view.numberOfLines = numberOfLines(text, characters: view.text ?? "")
        if text.italic { view.fontItalic = true }
        if text.letterSpacing != 0, text.letterSpacing.isFinite {
            view.letterSpacing = .points(round3(min(max(text.letterSpacing, -10_000), 10_000)))
        }
        view.lineHeight = lineHeight(text)
        // Only text with more than one paragraph has any.
        if text.paragraphSpacing > 0, text.paragraphSpacing.isFinite,
           (view.text ?? "").contains(where: { $0.isNewline && $0 != "\u{2028}" }) {
            view.paragraphSpacing = round3(min(text.paragraphSpacing, 10_000))
        }
        switch text.textDecoration {
        case "UNDERLINE"?: view.textDecoration = .underline
        case "STRIKETHROUGH"?: view.textDecoration = .strikethrough
        default: break
        }
        let runs = styleRuns(text, view: view, summary: &summary, sizeLosses: &sizeLosses)
        view.textRuns = runs.isEmpty ? nil : runs
        if text.textCase == "SMALL_CAPS" || text.textCase == "SMALL_CAPS_FORCED" { sizeLosses.append("small caps") }
        return sizeLosses.isEmpty ? nil : sizeLosses.joined(separator: ", ")
    }

    /// Figma's style runs as the label's `textRuns`: each run sets what its style changes from
    /// the label's (font, size, weight, italic, letter spacing, line height, colour,
    /// decoration, text case), in UTF-16 code units as Figma counts them, cut where the text was
    /// cut. A run's own small caps or paragraph spacing is counted as not expressed.
    private static func styleRuns(
        _ text: FigmaText, view: View, summary: inout ImportSummary, sizeLosses: inout [String]
    ) -> [TextRun] {
        let length = (view.text ?? "").utf16.count
        var runs: [TextRun] = []
        for figma in text.styleRuns where figma.start < length {
            let style = figma.style
            var run = TextRun(start: figma.start, length: min(figma.length, length - figma.start))
            if let family = style.fontFamily, !family.isEmpty, family.count <= Property.maxFamilyLength, family != view.fontFamily {
                run.fontFamily = family
            }
            if let size = style.fontSize, size > 0, round3(min(size, 10_000)) != view.fontSize { run.fontSize = round3(min(size, 10_000)) }
            if let weight = style.fontWeight, Self.weight(weight) != view.fontWeight ?? .regular { run.fontWeight = Self.weight(weight) }
            if style.italic != (view.fontItalic ?? false) { run.fontItalic = style.italic }
            let spacing: TextSpacing? = style.letterSpacing != 0 && style.letterSpacing.isFinite
                ? .points(round3(min(max(style.letterSpacing, -10_000), 10_000))) : nil
            if spacing != view.letterSpacing { run.letterSpacing = spacing ?? .points(0) }
            let height = lineHeight(style)
            if height != view.lineHeight {
                // A run at the font's own line height where the label has one of its own: the
                // run's font's line height is the label's percentage of the font's own.
                run.lineHeight = height ?? style.lineHeightPx.flatMap { $0.isFinite && $0 >= 0 ? .points(min($0, 10_000).rounded()) : nil }
            }
            if let fills = figma.fills, let color = FigmaPaint.topColor(of: fills, what: "text fill", summary: &summary), color != view.textColor {
                run.textColor = color
            }
            let decoration: TextDecoration = switch style.textDecoration {
            case "UNDERLINE"?: .underline
            case "STRIKETHROUGH"?: .strikethrough
            default: .none
            }
            if decoration != view.textDecoration ?? .none { run.textDecoration = decoration }
            switch style.textCase {
            case "SMALL_CAPS"?, "SMALL_CAPS_FORCED"?:
                if style.textCase != text.textCase {
                    summary.unexpressed("small caps")
                    if !sizeLosses.contains("small caps") { sizeLosses.append("small caps") }
                }
            default:
                let textCase = Self.textCase(style.textCase) ?? .original
                if textCase != view.textCase ?? .original { run.textCase = textCase }
            }
            if style.paragraphSpacing != text.paragraphSpacing { summary.unexpressed("paragraph spacing on part of a text (the text's own kept)") }
            guard run.hasStyle else { continue }
            // Ids that differ only in what Plumb does not keep (a link) make one run.
            if var longer = runs.last, longer.end == run.start {
                var joined = run
                joined.start = longer.start
                joined.length += longer.length
                longer.length = joined.length
                if joined == longer {
                    runs[runs.count - 1] = joined
                    continue
                }
            }
            runs.append(run)
        }
        return runs
    }

    /// Figma's `textCase` as Plumb's, nil for small caps and unknown names.
    static func textCase(_ name: String?) -> TextCase? {
        switch name {
        case "UPPER"?: .upper
        case "LOWER"?: .lower
        case "TITLE"?: .title
        case nil, "ORIGINAL"?: .original
        default: nil
        }
    }

    /// A line height set in the design: pixels as points, a percentage of the font size as
    /// one, a percentage of the font's own other than 100 % as Figma's pixels. Nil for the
    /// font's own (`INTRINSIC_%` at 100 %), which the measuring font gives.
    ///
    /// Figma sets each line a whole number of pixels apart (in every file of
    /// `Tests/FigmaFiles/`, a text box of several lines is their count times `lineHeightPx`
    /// rounded): a line height of a fraction of a pixel, the font's own included, is imported
    /// as the rounded pixels.
    private static func lineHeight(_ text: FigmaText) -> TextSpacing? {
        guard let exact = text.lineHeightPx, exact.isFinite, exact >= 0 else { return nil }
        let pixels = min(exact, 10_000)
        let rounded = TextSpacing.points(pixels.rounded())
        if abs(pixels - pixels.rounded()) > 0.001 { return rounded }
        switch text.lineHeightUnit {
        case "PIXELS"?: return rounded
        case "FONT_SIZE_%"?:
            if let percent = text.lineHeightPercentFontSize, percent.isFinite, percent >= 0 { return .percent(round3(min(percent, 10_000))) }
            return rounded
        case "INTRINSIC_%"?:
            guard let percent = text.lineHeightPercent, percent.isFinite, abs(percent - 100) > 0.001 else { return nil }
            return rounded
        default: return nil
        }
    }

    /// The characters as typed, cut at Plumb's 10,000-character limit; `textCase` becomes the
    /// view's own (small caps are counted: Plumb has none).
    private static func characters(_ text: FigmaText, view: inout View, summary: inout ImportSummary) -> String {
        var characters = text.characters
        switch text.textCase {
        case "UPPER"?: view.textCase = .upper
        case "LOWER"?: view.textCase = .lower
        case "TITLE"?: view.textCase = .title
        case "SMALL_CAPS"?, "SMALL_CAPS_FORCED"?: summary.unexpressed("small caps")
        default: break
        }
        if characters.count > Property.maxTextLength {
            summary.approximated("text over \(Property.maxTextLength) characters (cut)")
            characters = String(characters.prefix(Property.maxTextLength))
        }
        return characters
    }

    /// `textAutoResize`: a fixed box (`NONE`) or fixed width (`HEIGHT`) wraps (0 = unlimited);
    /// text that grows both ways keeps its lines (one more after each hard break, U+2028 LINE
    /// SEPARATOR included); `TRUNCATE` or `textTruncation: ENDING`
    /// keeps `maxLines` (default 1) and ends with an ellipsis. Nil for Plumb's default of 1.
    private static func numberOfLines(_ text: FigmaText, characters: String) -> Int? {
        let lines: Int
        if text.truncation == "ENDING" || text.autoResize == "TRUNCATE" {
            lines = min(text.maxLines ?? 1, 1_000_000)
        } else if text.autoResize == "WIDTH_AND_HEIGHT" {
            lines = characters.reduce(1) { $1.isNewline ? $0 + 1 : $0 }
        } else {
            lines = 0
        }
        return lines == 1 ? nil : lines
    }

    /// The nearest of Plumb's nine weights (CSS 100…900).
    static func weight(_ numeric: Double) -> FontWeight {
        let step = Int((min(max(numeric, 100), 900) / 100).rounded())
        return FontWeight.allCases.first { $0.numericWeight == step * 100 } ?? .regular
    }
}

extension FigmaPaint {
    /// The colour an image or video fill is imported as: a mid grey, as design tools draw a
    /// missing image, on which white and black text both stay readable.
    static let imagePlaceholder = "#8C959F"

    /// The colour of the topmost visible solid paint (times its opacity), counting the
    /// visible paints Plumb cannot draw (gradients, images) and fills stacked under the top one.
    ///
    /// A fill whose top paint is an image or video gets `imagePlaceholder` instead: dropped, the
    /// picture would leave what is drawn on it (often white text) on white, or on whatever solid
    /// it covers.
    static func topColor(of paints: [FigmaPaint], what: String, summary: inout ImportSummary) -> String? {
        let visible = paints.filter { $0.visible && $0.opacity > 0 }
        if what == "fill", let top = visible.last, top.type == "IMAGE" || top.type == "VIDEO" {
            summary.approximated("\(top.type.lowercased()) fill (a grey placeholder)")
            for paint in visible.dropLast() where paint.type != "SOLID" {
                summary.unexpressed("\(paint.type.lowercased().replacing("_", with: " ")) \(what)")
            }
            return imagePlaceholder
        }
        for paint in visible where paint.type != "SOLID" {
            summary.unexpressed("\(paint.type.lowercased().replacing("_", with: " ")) \(what)")
        }
        let solids = visible.filter { $0.type == "SOLID" }
        if solids.count > 1 { summary.approximated("stacked \(what)s (the top one kept)") }
        return solids.last.map { $0.color.hex(opacity: $0.opacity) }
    }
}
