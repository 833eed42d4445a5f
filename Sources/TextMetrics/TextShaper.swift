/// Measures a run of text the slow way: splits it into runs by the face that draws each
/// character (per-character fallback), shapes each run with HarfBuzz and sums the advances.
final class TextShaper {
    private let buffer: ShapingBuffer
    /// Scratch space reused across calls: the text's scalars (controls left out) and its runs.
    private var scalars: [UInt32] = []
    private var runs: [(range: Range<Int>, face: Typeface)] = []

    init() throws(TextMetricsError) {
        buffer = try ShapingBuffer()
    }

    /// The advance width of `text` in ems of `font`; control characters count as zero.
    func widthInEms(of text: Substring, in font: ResolvedFont, fonts: FontLibrary) -> Double {
        scalars.removeAll(keepingCapacity: true)
        runs.removeAll(keepingCapacity: true)
        if collectScalarsOfPrimary(text, font.primary) {
            return scalars.isEmpty ? 0 : shapeOneRun(font.primary)
        }
        scalars.removeAll(keepingCapacity: true)
        var runStart = 0
        var runFace: Typeface?
        for character in text {
            guard let face = fonts.typeface(for: character, in: font) else { continue }
            if face !== runFace {
                if let runFace, scalars.count > runStart { runs.append((runStart..<scalars.count, runFace)) }
                runStart = scalars.count
                runFace = face
            }
            for scalar in character.unicodeScalars where !FontLibrary.isControl(scalar) {
                scalars.append(scalar.value)
            }
        }
        if let runFace, scalars.count > runStart { runs.append((runStart..<scalars.count, runFace)) }

        var width = 0.0
        scalars.withUnsafeBufferPointer { all in
            for run in runs {
                let units = buffer.advance(of: all, run: run.range, font: run.face.harfBuzz)
                width += Double(units) / run.face.freeType.unitsPerEm
            }
        }
        return width
    }

    /// The fast path, for text the primary face draws entirely (nearly all text): then every
    /// character is drawn by the primary, so the text is one run and needs no per-character
    /// face lookup; the slow path would find the same run. Fills `scalars` with the text's
    /// scalars, controls left out, and says whether the primary has a glyph for each; when it
    /// does not, `scalars` is partly filled and the caller starts over. ASCII is checked
    /// against a table made once per face.
    private func collectScalarsOfPrimary(_ text: Substring, _ primary: Typeface) -> Bool {
        let drawsASCII = primary.drawsPrintableASCII
        for byte in text.utf8 {
            if byte >= 0x80 { return collectNonASCIIScalarsOfPrimary(text, primary) }
            if byte >= 0x20 && byte != 0x7F {
                if !drawsASCII { return false }
                scalars.append(UInt32(byte))
            }
        }
        return true
    }

    private func collectNonASCIIScalarsOfPrimary(_ text: Substring, _ primary: Typeface) -> Bool {
        scalars.removeAll(keepingCapacity: true)
        let drawsASCII = primary.drawsPrintableASCII
        for scalar in text.unicodeScalars where !FontLibrary.isControl(scalar) {
            let drawn = scalar.value < 0x80 ? drawsASCII : primary.hasGlyph(for: scalar)
            if !drawn { return false }
            scalars.append(scalar.value)
        }
        return true
    }

    /// Shapes all of `scalars` as one run in `face`; the width in ems.
    private func shapeOneRun(_ face: Typeface) -> Double {
        let units = scalars.withUnsafeBufferPointer { buffer.advance(of: $0, run: 0..<$0.count, font: face.harfBuzz) }
        return Double(units) / face.freeType.unitsPerEm
    }
}
