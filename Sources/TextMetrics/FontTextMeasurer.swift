import LayoutEngine
import LayoutSpec

/// Measures text with the fonts installed on this machine: fontconfig finds the font for a
/// family and weight (`"system"` is fontconfig's sans-serif), FreeType reads its metrics,
/// HarfBuzz shapes (kerning, ligatures), characters the font lacks fall back to another
/// installed font that has them (Chinese in a Latin font uses an installed CJK font), and ICU
/// finds line-break opportunities (UAX #14).
///
/// Answers are cached: a font request is resolved once per family and weight, a text's width
/// once per font request (in ems, so every size shares it), a text's breaks once. A repeated
/// question costs a dictionary lookup. Sizes are points, and 1 pt = 1 px: no hinting, no
/// rounding.
///
/// Not thread-safe: use one measurer per thread (the engine calls from one thread at a time).
public final class FontTextMeasurer: TextMeasuring {
    private let fonts: FontLibrary
    private let shaper: TextShaper
    private let lineBreaker: LineBreaker
    /// Every font request resolved so far, by number (the order of first use).
    private var resolvedFonts: [ResolvedFont] = []
    private var fontNumbers: [FontKey: Int] = [:]
    /// Line metrics per point of size, by font number.
    private var lineMetricsPerPoint: [LineMetrics] = []
    /// Runs remembered before the width cache starts over, bounding its memory.
    static let widthCacheLimit = 250_000
    /// The runs measured so far, numbered by font number and text.
    private let runs = RunTable()
    /// Shaped widths in ems, by run number.
    private var widthsInEms: [Double] = []
    /// Long texts measured piece by piece, the most recent last.
    private var paragraphs: [ParagraphShaping] = []
    /// Long texts remembered at once (a spec's labels are measured, then arranged).
    static let paragraphLimit = 4
    /// The last request, checked before the dictionary: runs of calls share a font, and
    /// comparing a family name is cheaper than hashing it.
    private var lastFamily = ""
    private var lastWeight: FontWeight?
    private var lastItalic = false
    private var lastFontNumber = 0

    /// Loads fontconfig's configuration, FreeType, HarfBuzz and ICU. Throws when a library
    /// cannot start or no scalable sans-serif font is installed.
    public init() throws(TextMetricsError) {
        fonts = try FontLibrary()
        shaper = try TextShaper()
        lineBreaker = try LineBreaker()
    }

    /// Problems met so far, each once, in order: families that are not installed (sans-serif
    /// was used), font files that could not be loaded. For the CLI to print once.
    public var warnings: [String] {
        fonts.warnings
    }

    /// The advance width, in points, of `text` set as one run in `font`, with kerning and
    /// per-character fallback. Control characters (newline, tab) have no width.
    public func width(of text: Substring, font: Font) -> Double {
        let number = fontNumber(for: font)
        // A piece of a long text that a window already holds is summed without hashing and
        // copying its bytes into the width cache (a paragraph's pieces rarely repeat).
        if let width = paragraphWidthInEms(of: text, number: number, mayShape: false) { return width * font.size }
        let (run, isNew) = runs.index(of: text, number: number)
        if !isNew { return widthsInEms[run] * font.size }
        if run >= Self.widthCacheLimit {
            // Start over, numbering this run 0.
            runs.removeAll()
            widthsInEms.removeAll(keepingCapacity: true)
            _ = runs.index(of: text, number: number)
        }
        let width = paragraphWidthInEms(of: text, number: number, mayShape: true)
            ?? shaper.widthInEms(of: text, in: resolvedFonts[number], fonts: fonts)
        widthsInEms.append(width)
        return width * font.size
    }

    /// Ascent, descent and line height of `font`'s primary face (FreeType's `ascender`,
    /// `−descender` and `height`, scaled to the size); fallback faces do not change them.
    public func lineMetrics(of font: Font) -> LineMetrics {
        let perPoint = lineMetricsPerPoint[fontNumber(for: font)]
        return LineMetrics(
            ascent: perPoint.ascent * font.size,
            descent: perPoint.descent * font.size,
            lineHeight: perPoint.lineHeight * font.size)
    }

    /// Where a line may start in `text` per UAX #14 (after spaces, between ideographs, never
    /// before closing punctuation such as `，` and `。`), ascending; a break after a newline is
    /// mandatory. The end of the text is not included (`LineBreaking` gives a text ending in a
    /// newline its empty last line).
    public func lineBreakOpportunities(in text: String) -> [LineBreakOpportunity] {
        do {
            return try lineBreaker.opportunities(in: text)
        } catch {
            fonts.warn("cannot find line breaks: \(error)")
            return []
        }
    }

    /// The font file whose glyph draws `scalar` in `font`: the font fontconfig matched for the
    /// family and weight, or the fallback chosen for a character it lacks.
    public func fontFile(for scalar: Unicode.Scalar, font: Font) -> FontFile {
        fonts.typeface(for: scalar, in: resolvedFonts[fontNumber(for: font)]).file
    }

    /// The font file fontconfig matched for `font`'s family and weight (sans-serif when the
    /// family is not installed).
    public func drawingFamily(of font: Font) -> String { primaryFontFile(for: font).family }

    /// `text` split where the face drawing it changes: the primary face's family, and the
    /// fallback faces' for characters it lacks (CJK, emoji). Control characters join the run
    /// they are in.
    public func drawingRuns(of text: String, font: Font) -> [DrawingRun] {
        fonts.drawingRuns(of: text, in: resolvedFonts[fontNumber(for: font)])
    }

    /// Whether `font`'s family is installed: fontconfig matched the family itself, not a
    /// substitute (sans-serif) for it. "system" and generic names such as "monospace" are.
    public func isFamilyInstalled(_ font: Font) -> Bool {
        resolvedFonts[fontNumber(for: font)].isFamilyInstalled
    }

    /// `isFamilyInstalled`, for the engine, which asks about labels that carry a designed size
    /// and keeps it when the answer is no: the warnings then say so, once per family, after the
    /// one naming the family as not installed.
    public func isInstalled(_ font: Font) -> Bool {
        guard !isFamilyInstalled(font) else { return true }
        fonts.warn("labels in font family \"\(font.family)\" keep the size their design measured (designedWidth, designedHeight) until their text or style changes")
        return false
    }

    /// The face fontconfig matched for `font`'s family and weight.
    public func primaryFontFile(for font: Font) -> FontFile {
        resolvedFonts[fontNumber(for: font)].primary.file
    }

    /// The width in ems of `text` when it is a piece of a long text measured piece by piece
    /// (wrapping asks for every word and line of it) and its paragraph's windows answer it
    /// exactly; `nil` for anything else, measured alone. Without `mayShape`, only windows
    /// already shaped answer: asked so before the width cache, and with it after, so a piece
    /// no window holds is shaped once and repeats (the same word again) cost a lookup.
    private func paragraphWidthInEms(of text: Substring, number: Int, mayShape: Bool) -> Double? {
        let base = text.base
        let utf8 = base.utf8
        let length = utf8.count
        // The whole text is measured alone (and cached): only its pieces need windows.
        let pieceLength = text.utf8.count
        guard length >= ParagraphShaping.minimumLength, length <= ParagraphShaping.maximumLength, pieceLength < length,
              let address = utf8.withContiguousStorageIfAvailable({ UnsafeRawPointer($0.baseAddress) }) ?? nil
        else { return nil }
        let found = paragraphs.firstIndex { $0.address == address && $0.fontNumber == number && $0.text.utf8.count == length }
        // Short pieces are shaped alone unless a window already holds them: shaping ahead
        // costs more than it saves when pieces are short or repeat (the width cache).
        guard found != nil || (mayShape && pieceLength >= ParagraphShaping.minimumPieceLengthInCluster),
              let first = text.unicodeScalars.first
        else { return nil }
        // A piece starting inside a cluster of the text (a mark, a control, a joined scalar)
        // is shaped from there on: only a window starting where it starts answers it.
        let startsCluster = TextShaper.mark(first) == .none && !FontLibrary.isControl(first) && !TextShaper.joins(first, after: 0)
            && (text.startIndex == base.startIndex || !TextShaper.joins(first, after: base.unicodeScalars[base.unicodeScalars.index(before: text.startIndex)].value))
        let mayShapeWindow = mayShape
            && pieceLength >= (startsCluster ? ParagraphShaping.minimumPieceLength : ParagraphShaping.minimumPieceLengthInCluster)
        let paragraph: ParagraphShaping
        if let found {
            paragraph = paragraphs[found]
        } else {
            guard mayShapeWindow else { return nil }
            paragraph = ParagraphShaping(text: base, address: address, fontNumber: number)
            if paragraphs.count >= Self.paragraphLimit { paragraphs.removeFirst() }
            paragraphs.append(paragraph)
        }
        let range = utf8.distance(from: utf8.startIndex, to: text.startIndex)..<utf8.distance(from: utf8.startIndex, to: text.endIndex)
        return paragraph.widthInEms(
            of: range, startsCluster: startsCluster, mayShapeWindow: mayShapeWindow,
            font: resolvedFonts[number], fonts: fonts, buffer: shaper.buffer)
    }

    /// The number of `font`'s resolution (family and weight), resolving it on first use.
    private func fontNumber(for font: Font) -> Int {
        if font.weight == lastWeight, font.italic == lastItalic, font.family == lastFamily { return lastFontNumber }
        let key = FontKey(family: font.family, weight: font.weight, italic: font.italic)
        let number: Int
        if let known = fontNumbers[key] {
            number = known
        } else {
            let resolved = fonts.resolve(family: font.family, weight: font.weight, italic: font.italic)
            number = resolvedFonts.count
            resolvedFonts.append(resolved)
            lineMetricsPerPoint.append(resolved.lineMetricsPerPoint)
            fontNumbers[key] = number
        }
        lastFamily = font.family
        lastWeight = font.weight
        lastItalic = font.italic
        lastFontNumber = number
        return number
    }
}

