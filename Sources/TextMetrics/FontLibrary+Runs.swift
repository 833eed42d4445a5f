import LayoutEngine

extension FontLibrary {
    /// `text` split into runs by the face that draws each character in `font` (the same choice
    /// the shaper makes when it measures), each run named by its face's family. Text the
    /// primary face draws entirely is one run without a per-character lookup.
    func drawingRuns(of text: String, in font: ResolvedFont) -> [DrawingRun] {
        let whole = text.startIndex..<text.endIndex
        let primary = font.primary
        if text.unicodeScalars.allSatisfy({ Self.isControl($0) || primary.hasGlyph(for: $0) || $0.properties.isDefaultIgnorableCodePoint }) {
            return [DrawingRun(range: whole, family: primary.file.family)]
        }
        var runs: [DrawingRun] = []
        var runStart = text.startIndex
        var runFace: Typeface?
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            if let face = typeface(for: text[index], in: font), face !== runFace {
                if let runFace {
                    runs.append(DrawingRun(range: runStart..<index, family: runFace.file.family))
                    runStart = index
                }
                runFace = face
            }
            index = next
        }
        runs.append(DrawingRun(range: runStart..<text.endIndex, family: (runFace ?? primary).file.family))
        return runs
    }
}
