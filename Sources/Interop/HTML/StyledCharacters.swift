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

    /// Drops spaces at the end of the text and before each line break. A line of spaces alone
    /// keeps a zero-width space in its first space's style: Plumb gives such a line that
    /// style's height.
    mutating func trimSpacesBeforeLineEnds() {
        var kept: [(character: Character, run: Int)] = []
        kept.reserveCapacity(characters.count)
        var spaces = 0  // spaces at the end of `kept` that a line end would drop
        func dropSpaces() {
            guard spaces > 0 else { return }
            let first = kept[kept.count - spaces]
            kept.removeLast(spaces)
            if kept.last.map({ $0.character.isNewline }) ?? true { kept.append(("\u{200B}", first.run)) }
        }
        for item in characters {
            if item.character.isNewline { dropSpaces() }
            kept.append(item)
            spaces = item.character == " " ? spaces + 1 : 0
        }
        dropSpaces()
        characters = kept
    }

    /// Gives each line break the style of the character before it: Plumb does not count a
    /// break's own style on the line it ends (an empty line, which it does count, holds a
    /// zero-width space in the break's style by now).
    mutating func styleLineBreaksAsTheirLines() {
        for index in characters.indices.dropFirst() where characters[index].character.isNewline {
            characters[index].run = characters[index - 1].run
        }
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
    /// character before it), when it has one and text follows it (Plumb marks no cut when only
    /// the empty line after a final line break is left out).
    mutating func cutAtFirstLineBreak(ending: Character) {
        guard let newline = characters.firstIndex(where: \.character.isNewline) else { return }
        let run = newline > 0 ? characters[newline - 1].run : characters[newline].run
        let hidesText = characters[(newline + 1)...].contains { !$0.character.isWhitespace }
        characters.removeSubrange(newline...)
        if hidesText { characters.append((ending, run)) }
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
            // Plumb breaks lines at U+2028, U+2029, NEL, VT and FF too; CSS (`pre-wrap`) only at
            // "\n" and "\r".
            let shown = characters[start..<end].map { $0.character.isNewline && $0.character != "\r\n" ? "\n" : $0.character }
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
