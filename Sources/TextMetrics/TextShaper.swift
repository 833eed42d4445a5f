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
}
