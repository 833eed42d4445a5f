import LayoutEngine
import LayoutSpec

/// `plumb export DOC --format html`: one self-contained page in which the browser lays the
/// design out with CSS, following Plumb's rules (docs/html-export.md).
///
/// One `<div data-id="…">` per view, nested as the tree is, with its CSS inline:
/// - `view` (and a label's box): a one-cell grid; every child sits in the cell and docks by
///   `justify-self`/`align-self` and its margins.
/// - `stack`: a flexbox along its orientation with `gap`; children never shrink or grow
///   (`flex: none`) and align across by `align-self`. A wrapping stack wraps
///   (`flex-wrap: wrap`), its lines packed at the start; `distribution` is `justify-content`.
/// - `grid`: a CSS grid: fixed tracks in px, `auto` as `max-content`, star tracks as
///   `minmax(min-content, Nfr)` (Plumb's star track is never below its content's min-content
///   width: a stretched plain view's is its padding or minimum, its box a grid whose track has
///   no minimum).
/// - `label`/`button`: the text in a `<span>` placed by `textAlignment` ×
///   `textVerticalAlignment`, in the face the measurer measured with, at the label's line
///   height (else the face's own) and letter spacing.
/// The root fills the window, so resizing the window lays the design out again.
public struct HTMLExporter {
    /// The spec as laid out: a label whose font family `measurer` does not have carries its
    /// designed size as its own (`DesignedSizes`), a fixed width and height on the page, as
    /// `plumb resolve` keeps it.
    public let spec: Spec
    /// Names the faces (`drawingFamily`) and line heights text was measured with.
    public let measurer: any TextMeasuring

    public init(spec: Spec, measurer: any TextMeasuring) {
        self.spec = DesignedSizes.pinned(spec, measurer: measurer)
        self.measurer = measurer
    }

    /// The page, as UTF-8 text.
    public func render() -> String {
        var out = ""
        out.reserveCapacity(spec.count * 220 + 2_000)
        out += """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTMLText.escaped(spec.name))</title>
            <style>\(Self.styleSheet)</style>
            </head>
            <body>

            """
        let children = spec.childIndices()
        let wraps = wrappingSubtrees()
        let gaps = negativeGaps(children)
        // Tree order with explicit closing: no recursion, any depth.
        var closing: [(index: Int, remaining: Int)] = []
        for index in 0..<spec.count {
            openElement(index, wraps: wraps[index], gap: gaps[index], into: &out)
            if children[index].isEmpty {
                out += "</div>\n"
                closeFinished(&closing, into: &out)
            } else {
                closing.append((index, children[index].count))
            }
        }
        out += "</body>\n</html>\n"
        return out
    }

    /// After a view closes, closes every ancestor whose last child that was.
    private func closeFinished(_ closing: inout [(index: Int, remaining: Int)], into out: inout String) {
        while var last = closing.popLast() {
            last.remaining -= 1
            if last.remaining > 0 {
                closing.append(last)
                return
            }
            out += "</div>\n"
        }
    }

    /// The shared rules: every view is a border-box that never shrinks below nothing.
    static let styleSheet = """
        html,body{margin:0;padding:0;width:100%;height:100%;overflow:hidden}\
        [data-id]{box-sizing:border-box;min-width:0;min-height:0;margin:0;position:relative}\
        .v{display:grid;grid-template:minmax(0,1fr)/minmax(0,1fr)}\
        .v>*{grid-area:1/1}\
        .s{display:flex}\
        .s>*{flex:none}\
        .g{display:grid}\
        .t{grid-area:1/1;min-width:0;overflow:hidden;overflow-wrap:anywhere}\
        .t::first-line{--f:1}\
        body>[data-id]{position:fixed;inset:0;overflow:auto;scrollbar-width:none}
        """

    /// Per view: whether its width depends on the width offered, as CSS's fit-content does: a
    /// label that wraps without a width, a wrapping row without its own width, or a view with
    /// one inside, but not through a row (a horizontal stack offers its children unlimited width).
    private func wrappingSubtrees() -> [Bool] {
        func isRow(_ view: View) -> Bool { view.kind == .stack && view.orientation == .horizontal }
        var wraps = spec.views.map { $0.measuresAgainstAvailableSize && ($0.kind != .stack || isRow($0)) }
        for index in stride(from: spec.count - 1, to: 0, by: -1) where wraps[index] && !isRow(spec.views[spec.parents[index]]) {
            wraps[spec.parents[index]] = true
        }
        return wraps
    }

    /// Per view: the negative spacing of its stack when a child in the flow comes before it
    /// (CSS has no negative `gap`, so the page pulls the view back by its leading margin).
    private func negativeGaps(_ children: [[Int]]) -> [Double] {
        var gaps = [Double](repeating: 0, count: spec.count)
        for (parent, list) in children.enumerated() where spec.views[parent].kind == .stack {
            guard let spacing = spec.views[parent].spacing, spacing < 0 else { continue }
            var placedAny = false
            for child in list where spec.views[child].visibility != .collapsed && spec.views[child].floating != true {
                if placedAny { gaps[child] = spacing }
                placedAny = true
            }
        }
        return gaps
    }

    private func openElement(_ index: Int, wraps: Bool, gap: Double, into out: inout String) {
        let view = spec.views[index]
        let parent = spec.parents[index] >= 0 ? spec.views[spec.parents[index]] : nil
        var style = CSSDeclarations()
        let layoutClass = containerStyle(view, parent: parent, into: &style)
        if let parent { placement(of: view, in: parent, wraps: wraps, gap: gap, into: &style) }
        boxStyle(view, isRoot: parent == nil, into: &style)
        out += "<div class=\"\(layoutClass)\" data-id=\"\(HTMLText.escaped(view.id))\""
        if let source = view.sourceId { out += " data-source=\"\(HTMLText.escaped(source))\"" }
        if !style.isEmpty { out += " style=\"\(HTMLText.escaped(style.text))\"" }
        out += ">"
        if view.kind.hasText { textSpan(view, into: &out) }
    }

    // MARK: Containers

    /// The view's own layout: its class, and for stacks and grids their axis and tracks.
    private func containerStyle(_ view: View, parent: View?, into style: inout CSSDeclarations) -> String {
        switch view.kind {
        case .view, .label, .button:
            return "v"
        case .stack:
            let vertical = (view.orientation ?? .vertical) == .vertical
            if vertical { style.add("flex-direction", "column") }
            switch view.distribution ?? .start {
            case .start: break
            case .center: style.add("justify-content", "center")
            case .end: style.add("justify-content", "flex-end")
            case .spaceBetween: style.add("justify-content", "space-between")
            }
            guard view.wrap == true else {
                if let spacing = view.spacing, spacing > 0 { style.add("gap", CSSDeclarations.px(spacing)) }
                return "s"
            }
            // Lines packed at the start, each as thick as its thickest child (CSS would stretch
            // them to share the container's thickness).
            style.add("flex-wrap", "wrap")
            style.add("align-content", "flex-start")
            if let spacing = view.spacing, spacing > 0 { style.add(vertical ? "row-gap" : "column-gap", CSSDeclarations.px(spacing)) }
            if let spacing = view.lineSpacing, spacing > 0 { style.add(vertical ? "column-gap" : "row-gap", CSSDeclarations.px(spacing)) }
            return "s"
        case .grid:
            let stack = parent?.kind == .stack ? (parent?.orientation ?? .vertical) : nil
            // Along a stack, or not filling its slot, a grid without its own length hugs its content.
            let contentWidth = parent != nil && view.width == nil && (stack == .horizontal || (view.horizontalAlignment ?? .fill) != .fill)
            let contentHeight = parent != nil && view.height == nil && (stack == .vertical || (view.verticalAlignment ?? .fill) != .fill)
            style.add("grid-template-columns", Self.tracks(view.columns, sizedToContent: contentWidth))
            style.add("grid-template-rows", Self.tracks(view.rows, sizedToContent: contentHeight))
            if let spacing = view.columnSpacing, spacing > 0 { style.add("column-gap", CSSDeclarations.px(spacing)) }
            if let spacing = view.rowSpacing, spacing > 0 { style.add("row-gap", CSSDeclarations.px(spacing)) }
            return "g"
        }
    }

    /// Plumb tracks as CSS: `44` → `44px`, `auto` → `max-content`, `2*` →
    /// `minmax(min-content,2fr)` (a star track shares what is left but never goes below its
    /// content, as Plumb pins it). On an axis the grid sizes to its content (no size of its
    /// own, and along a stack or not filling its slot) Plumb's star tracks are `auto`: CSS
    /// would size `fr` tracks in proportion to their weights there instead.
    static func tracks(_ tracks: [Track]?, sizedToContent: Bool) -> String {
        let list = (tracks?.isEmpty ?? true) ? [Track.star(1)] : tracks!
        return list.map { track in
            switch track {
            case .fixed(let points): CSSDeclarations.px(points)
            case .auto: "max-content"
            case .star where sizedToContent: "max-content"
            case .star(let weight): "minmax(min-content,\(CSSDeclarations.number(weight))fr)"
            }
        }.joined(separator: " ")
    }

    // MARK: Placement

    /// How the view sits in its parent's slot: alignment, margins, explicit size. A floating
    /// child of a stack is positioned absolutely over the whole stack and docked there by
    /// self-alignment, as in a view; `gap` (negative stack spacing) pulls a view back.
    private func placement(of view: View, in parent: View, wraps: Bool, gap: Double, into style: inout CSSDeclarations) {
        if parent.kind == .grid { gridCell(of: view, in: parent, into: &style) }
        let floats = parent.kind == .stack && view.floating == true
        if floats {
            style.add("position", "absolute")
            style.add("inset", "0")
        }
        let inStack = parent.kind == .stack && !floats
        let vertical = (parent.orientation ?? .vertical) == .vertical
        let inLines = inStack && parent.wrap == true
        // Along a stack's axis the view is its own size whatever its alignment.
        let horizontal = Axis(
            alignment: AxisAlignment(view.horizontalAlignment), length: view.width, minimum: view.minWidth, maximum: view.maxWidth,
            marginStart: view.margin.left ?? 0, marginEnd: view.margin.right ?? 0, alongStack: inStack && !vertical,
            wraps: wraps, floats: floats, acrossLine: inLines && vertical)
        let verticalAxis = Axis(
            alignment: AxisAlignment(view.verticalAlignment), length: view.height, minimum: view.minHeight, maximum: view.maxHeight,
            marginStart: view.margin.top ?? 0, marginEnd: view.margin.bottom ?? 0, alongStack: inStack && vertical,
            wraps: wraps, floats: floats, acrossLine: inLines && !vertical)
        let (justify, align) = (horizontal.apply(width: true, into: &style), verticalAxis.apply(width: false, into: &style))
        // Its content sized as if empty across its line (CSS has no containment of the block
        // size alone: with a width of its own the whole size is contained, else its content
        // still counts, a known difference).
        if horizontal.keepsOwnLengthInLine {
            style.add("contain", "inline-size")
        } else if verticalAxis.keepsOwnLengthInLine && view.width != nil {
            style.add("contain", "size")
        }
        if justify != "stretch" && view.kind.hasText && (view.numberOfLines ?? 1) != 1 && view.width == nil {
            // Plumb breaks a word where there is less room than it, so its narrowest wrapped
            // label is its widest glyph (the text's min-content with `overflow-wrap: anywhere`),
            // never narrower, however little room is left.
            style.add("grid-template-columns", "minmax(min-content,1fr)")
        }
        if inStack {
            // A stack aligns its children across its axis only.
            let across = vertical ? justify : align
            if across != "stretch" { style.add("align-self", across) }
        } else {
            if justify != "stretch" { style.add("justify-self", justify) }
            if align != "stretch" { style.add("align-self", align) }
        }
        var margins = [view.margin.top, view.margin.right, view.margin.bottom, view.margin.left].map { $0 ?? 0 }
        if gap != 0 { margins[vertical ? 0 : 3] += gap }
        if margins.contains(where: { $0 != 0 }) { style.add("margin", margins.map(CSSDeclarations.px).joined(separator: " ")) }
    }

    /// The cell of a grid child, clamped to the grid's tracks as Plumb clamps it.
    private func gridCell(of view: View, in grid: View, into style: inout CSSDeclarations) {
        func cell(_ start: Int?, _ span: Int?, tracks: [Track]?) -> String {
            let count = max(tracks?.count ?? 1, 1)
            let first = min(max(start ?? 0, 0), count - 1)
            let length = min(max(span ?? 1, 1), count - first)
            return length == 1 ? "\(first + 1)" : "\(first + 1)/span \(length)"
        }
        style.add("grid-row", cell(view.row, view.rowSpan, tracks: grid.rows))
        style.add("grid-column", cell(view.column, view.columnSpan, tracks: grid.columns))
    }

    // MARK: Box

    private func boxStyle(_ view: View, isRoot: Bool, into style: inout CSSDeclarations) {
        let padding = [view.padding.top, view.padding.right, view.padding.bottom, view.padding.left].map { $0 ?? 0 }
        if padding.contains(where: { $0 != 0 }) { style.add("padding", padding.map(CSSDeclarations.px).joined(separator: " ")) }
        switch view.visibility {
        case .hidden?: style.add("visibility", "hidden")
        case .collapsed?: style.add("display", "none")
        default: break
        }
        if let color = view.backgroundColor {
            style.add("background", color)
        } else if isRoot {
            style.add("background", "#FFFFFF")
        }
        if let radius = view.cornerRadius, radius > 0 { style.add("border-radius", CSSDeclarations.px(radius)) }
        if let width = view.borderWidth, width > 0 {
            // An outline drawn inside takes no space, as Plumb's border moves nothing.
            style.add("outline", "\(CSSDeclarations.px(width)) solid \(view.borderColor ?? "#000000")")
            style.add("outline-offset", CSSDeclarations.px(-width))
        }
        if let opacity = view.opacity, opacity < 1 { style.add("opacity", CSSDeclarations.number(opacity)) }
    }

    // MARK: Text

    /// The text of a label or button: one span in the label's cell, placed by the nine
    /// positions; lines wrap (and are cut) as `numberOfLines` says.
    private func textSpan(_ view: View, into out: inout String) {
        let styled = view.styledText
        guard !styled.text.isEmpty else { return }
        let font = view.resolvedFont
        var style = CSSDeclarations()
        let alignment = view.resolvedTextAlignment
        switch alignment {
        case .left: break
        case .center: style.add("justify-self", "center"); style.add("text-align", "center")
        case .right: style.add("justify-self", "end"); style.add("text-align", "right")
        }
        if alignment == .left { style.add("justify-self", "start") }
        switch view.textVerticalAlignment ?? .middle {
        case .top: style.add("align-self", "start")
        case .middle: style.add("align-self", "center")
        case .bottom: style.add("align-self", "end")
        }
        style.add("font-family", Self.fontFamily(measurer.drawingFamily(of: font)))
        style.add("font-size", CSSDeclarations.px(font.size))
        if font.weight != .regular { style.add("font-weight", "\(font.weight.numericWeight)") }
        if font.italic { style.add("font-style", "italic") }
        let natural = measurer.lineMetrics(of: font)
        let lineHeight = view.resolvedLineHeight ?? natural.lineHeight
        // With runs every stretch is a span with its own line box (`RunStacking`), and the
        // label's own line height (CSS's strut, which Plumb does not count) is 0.
        let stacking = styled.runs.isEmpty ? nil : RunStacking(view, styled: styled, measurer: measurer)
        style.add("line-height", stacking == nil ? CSSDeclarations.px(lineHeight) : "0")
        // Lines lower than the font's own let the glyphs stand out above and below them, as
        // Plumb draws them: the span's clip (for ellipses and clamped lines) is pushed out by as
        // much, and the span keeps its place.
        let overhang = ((max(natural.lineHeight, natural.ascent + natural.descent) - lineHeight) / 2).rounded(.up)
        if overhang > 0 {
            style.add("padding-block", CSSDeclarations.px(overhang))
            style.add("margin-block", CSSDeclarations.px(-overhang))
        }
        let letterSpacing = view.resolvedLetterSpacing
        if letterSpacing != 0 { style.add("letter-spacing", CSSDeclarations.px(letterSpacing)) }
        switch view.textDecoration {
        case .underline?: style.add("text-decoration", "underline")
        case .strikethrough?: style.add("text-decoration", "line-through")
        case .none?, nil: break
        }
        style.add("color", view.textColor ?? "#000000")
        let lines = view.numberOfLines ?? 1
        var text = StyledCharacters(styled)
        // Plumb neither counts nor shows spaces at the end of a line; CSS keeps them at hard breaks.
        text.trimSpacesBeforeLineEnds()
        // Spaces alone still make a line as tall as the font's, zero wide.
        if text.characters.isEmpty { text.characters = [("\u{200B}", -1)] }
        // Plumb keeps the first line and ends it with an ellipsis, whatever the width.
        if lines == 1 {
            text.cutAtFirstLineBreak(ending: "…")
        } else {
            if !styled.runs.isEmpty { text.fillEmptyLines() }
            text.fillFinalLine()
            text.styleLineBreaksAsTheirLines()
        }
        if lines == 1 {
            style.add("white-space", "pre")
            style.add("max-width", "100%")
        } else {
            style.add("white-space", "pre-wrap")
            style.add("max-width", "100%")
            style.add("max-height", "100%")
        }
        switch view.lineBreakMode ?? .truncateTail {
        case .clip: style.add("text-overflow", "clip")
        default: style.add("text-overflow", "ellipsis")
        }
        if lines > 1 {
            style.add("display", "-webkit-box")
            style.add("-webkit-box-orient", "vertical")
            style.add("-webkit-line-clamp", "\(lines)")
        }
        out += "<span class=\"t\" style=\"\(HTMLText.escaped(style.text))\">"
        out += paragraphs(text, spacing: lines == 1 ? 0 : view.paragraphSpacing ?? 0, base: view.textStyle, stacking: stacking)
        out += "</span>"
    }

    /// The text as the span holds it: as typed, or with paragraph spacing one block per
    /// paragraph, each but the last with the spacing as its bottom margin (CSS has no paragraph
    /// spacing in a text). An empty paragraph holds a zero-width space so it keeps its line (the
    /// empty line after a final newline already holds one, `fillFinalLine`). Runs are `<span>`s
    /// in their own style (`runHTML`).
    private func paragraphs(_ text: StyledCharacters, spacing: Double, base: TextStyle, stacking: RunStacking?) -> String {
        let pieces = text.characters.split(omittingEmptySubsequences: false) { $0.character.isNewline && $0.character != "\u{2028}" }
        guard spacing > 0, pieces.count > 1 else { return runHTML(text.characters[...], runs: text.runs, base: base, stacking: stacking) }
        var out = ""
        for (index, piece) in pieces.enumerated() {
            let margin = index < pieces.count - 1 ? ";margin-bottom:\(CSSDeclarations.px(spacing))" : ""
            let shown = piece.isEmpty ? [("\u{200B}", -1)][...] : piece
            out += "<span style=\"display:block\(margin)\">\(runHTML(shown, runs: text.runs, base: base, stacking: stacking))</span>"
        }
        return out
    }

    /// A CSS `font-family` list: the measured face, then `sans-serif`.
    static func fontFamily(_ family: String) -> String {
        let cleaned = family.filter { $0 != "'" && $0 != "\"" && $0 != ";" && $0 != "\\" && $0 != "<" && $0 != ">" }
        if cleaned.isEmpty || cleaned == "system" || cleaned.lowercased() == "sans-serif" { return "sans-serif" }
        return "'\(cleaned)',sans-serif"
    }
}
