import LayoutEngine
import LayoutSpec

/// A label's displayed text as the HTML export edits it (trailing spaces dropped, the first line
/// cut): each character with the index of its run in `runs`, -1 for the label's own style.
struct StyledCharacters {
    var characters: [(character: Character, run: Int)]
    let runs: [StyledRun]

    init(_ styled: StyledText) {
        runs = styled.runs
        characters = []
        characters.reserveCapacity(styled.text.count)
        if runs.isEmpty {
            for character in styled.text { characters.append((character, -1)) }
        } else {
            for (position, run) in runs.enumerated() {
                for character in styled.text[run.range] { characters.append((character, position)) }
            }
        }
    }

    /// Drops spaces at the end of the text and before each "\n".
    mutating func trimSpacesBeforeLineEnds() {
        var kept: [(character: Character, run: Int)] = []
        kept.reserveCapacity(characters.count)
        var spaces = 0  // spaces at the end of `kept` that a line end would drop
        for item in characters {
            if item.character == "\n" {
                kept.removeLast(spaces)
            }
            kept.append(item)
            spaces = item.character == " " ? spaces + 1 : 0
        }
        kept.removeLast(spaces)
        characters = kept
    }

    /// Puts a zero-width space in each line that a hard break leaves empty (a break at the
    /// start or right after another), in the style of the break that ends it: Plumb gives such
    /// a line its break's line height, where CSS would give it none.
    mutating func fillEmptyLines() {
        var filled: [(character: Character, run: Int)] = []
        filled.reserveCapacity(characters.count + 4)
        for item in characters {
            if item.character.isNewline, filled.last.map({ $0.character.isNewline }) ?? true { filled.append(("\u{200B}", item.run)) }
            filled.append(item)
        }
        characters = filled
    }

    /// Puts a zero-width space after a final newline, in the newline's style: Plumb (as Figma)
    /// gives a text ending in a newline an empty last line, where CSS would give it none.
    mutating func fillFinalLine() {
        guard let last = characters.last, last.character.isNewline else { return }
        characters.append(("\u{200B}", last.run))
    }

    /// Keeps the text before its first line break followed by `ending` (in the style of the
    /// character before it), when it has one.
    mutating func cutAtFirstLineBreak(ending: Character) {
        guard let newline = characters.firstIndex(where: \.character.isNewline) else { return }
        let run = newline > 0 ? characters[newline - 1].run : characters[newline].run
        characters.removeSubrange(newline...)
        characters.append((ending, run))
    }
}

extension HTMLExporter {
    /// `characters` as HTML: without runs the text as it is; with runs each stretch in an outer
    /// `<span>` setting what its run changes (font, size, weight, italic, letter spacing,
    /// colour) and its line box, and an inner one setting the glyphs on the baseline (with the
    /// run's decoration), as `stacking` says: the browser stacks the lines as Plumb does.
    func runHTML(
        _ characters: ArraySlice<(character: Character, run: Int)>, runs: [StyledRun], base: TextStyle, stacking: RunStacking?
    ) -> String {
        var out = ""
        var start = characters.startIndex
        while start < characters.endIndex {
            let run = characters[start].run
            var end = start + 1
            while end < characters.endIndex, characters[end].run == run { end += 1 }
            // U+2028 breaks a line in Plumb; in CSS only a newline does (in `pre-wrap`).
            let shown = characters[start..<end].map { runs.isEmpty || $0.character != "\u{2028}" ? $0.character : "\n" }
            let text = HTMLText.escaped(String(shown), keepingNewlines: true)
            if let stacking {
                let style = run >= 0 ? runs[run].style : base
                var (outer, inner) = runCSS(style, base: base)
                let line = stacking.css(for: style)
                outer.add("line-height", line.lineHeight)
                inner.add("line-height", "0")
                if line.raise != "0px" {
                    outer.add("vertical-align", line.raise)
                    inner.add("vertical-align", line.lower)
                }
                out += "<span style=\"\(HTMLText.escaped(outer.text))\"><span style=\"\(HTMLText.escaped(inner.text))\">\(text)</span></span>"
            } else {
                out += text
            }
            start = end
        }
        return out
    }

    /// What a run in `style` changes from `base`: font and spacing and colour for the outer
    /// span, decoration for the inner one (drawn at the glyphs' baseline).
    private func runCSS(_ style: TextStyle, base: TextStyle) -> (outer: CSSDeclarations, inner: CSSDeclarations) {
        var css = CSSDeclarations(), inner = CSSDeclarations()
        let font = style.font
        if font.family != base.font.family { css.add("font-family", Self.fontFamily(measurer.drawingFamily(of: font))) }
        if font.size != base.font.size { css.add("font-size", CSSDeclarations.px(font.size)) }
        if font.weight != base.font.weight { css.add("font-weight", "\(font.weight.numericWeight)") }
        if font.italic != base.font.italic { css.add("font-style", font.italic ? "italic" : "normal") }
        if style.letterSpacing != base.letterSpacing { css.add("letter-spacing", CSSDeclarations.px(style.letterSpacing)) }
        if style.color != base.color { css.add("color", style.color ?? "#000000") }
        if style.decoration != base.decoration {
            switch style.decoration {
            case .underline?: inner.add("text-decoration", "underline")
            case .strikethrough?: inner.add("text-decoration", "line-through")
            case .none?, nil: inner.add("text-decoration", "none")
            }
        }
        return (css, inner)
    }
}
