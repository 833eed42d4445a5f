/// Measures a run of text the slow way: splits it into runs by the face that draws each
/// character (per-character fallback), shapes each run with HarfBuzz and sums the advances.
final class TextShaper {
    /// Nonspacing marks (Mn, Me) shaped after one base character, at most. HarfBuzz's mark
    /// positioning looks back over the marks before each one, so its time grows with the
    /// square of a run of marks ("a" + 50,000 accents took half a minute), and each mark costs
    /// a few hundred nanoseconds; nonspacing marks take no advance (HarfBuzz zeroes them), and
    /// no character composes with more than three (the most any canonical decomposition holds,
    /// as polytonic Greek ᾇ), so leaving out the rest keeps the width and makes shaping linear.
    /// (Text full of stacked marks, "Zalgo" text, is shaped 4 scalars a letter.)
    static let maxMarksPerBase = 3
    /// Marks of any kind shaped after one base character, at most: spacing marks (Mc) have
    /// advances, so more are kept, but not millions.
    static let maxAnyMarksPerBase = 32

    let buffer: ShapingBuffer
    /// Scratch space reused across calls: the text's scalars (controls left out). The loops
    /// fill a local array moved out of `scalars` and back (a stored property of a class is
    /// checked for exclusive access on every append, which cost more than the rest of
    /// collecting a text full of marks).
    private var scalars: [UInt32] = []

    init() throws(TextMetricsError) {
        buffer = try ShapingBuffer()
    }

    /// The advance width of `text` in ems of `font`; control characters count as zero.
    func widthInEms(of text: Substring, in font: ResolvedFont, fonts: FontLibrary) -> Double {
        var scalars = takeScalars()
        defer { self.scalars = scalars }
        if Self.collectScalarsOfPrimary(text, font.primary, into: &scalars) {
            return scalars.isEmpty ? 0 : Self.shapeOneRun(scalars, font.primary, buffer)
        }
        scalars.removeAll(keepingCapacity: true)
        var walk = FaceRuns(font: font, fonts: fonts)
        UTF8Scalars.forEach(in: text) { scalar, _ in
            _ = walk.add(scalar, to: &scalars)
            return true
        }
        walk.finish(count: scalars.count)

        var width = 0.0
        scalars.withUnsafeBufferPointer { all in
            for run in walk.runs {
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
    private static func collectScalarsOfPrimary(_ text: Substring, _ primary: Typeface, into scalars: inout [UInt32]) -> Bool {
        let drawsASCII = primary.drawsPrintableASCII
        for byte in text.utf8 {
            if byte >= 0x80 { return collectNonASCIIScalarsOfPrimary(text, primary, into: &scalars) }
            if byte >= 0x20 && byte != 0x7F {
                if !drawsASCII { return false }
                scalars.append(UInt32(byte))
            }
        }
        return true
    }

    private static func collectNonASCIIScalarsOfPrimary(_ text: Substring, _ primary: Typeface, into scalars: inout [UInt32]) -> Bool {
        scalars.removeAll(keepingCapacity: true)
        var marksInARow = 0
        let drawsASCII = primary.drawsPrintableASCII
        return UTF8Scalars.forEach(in: text) { scalar, _ in
            if FontLibrary.isControl(scalar) { return true }
            let drawn = scalar.value < 0x80 ? drawsASCII : primary.hasGlyph(for: scalar)
            if !drawn { return false }
            Self.append(scalar, mark: Self.mark(scalar), to: &scalars, marksInARow: &marksInARow)
            return true
        }
    }

    /// What kind of combining mark a scalar is.
    enum Mark {
        case none
        /// Mn, Me: no advance of its own.
        case nonspacing
        /// Mc: has an advance.
        case spacing
    }

    /// Appends a scalar to shape, leaving out marks past `maxMarksPerBase` (nonspacing) or
    /// `maxAnyMarksPerBase` (any) in a row.
    @inline(__always)
    static func append(_ scalar: Unicode.Scalar, mark: Mark, to scalars: inout [UInt32], marksInARow: inout Int) {
        if mark == .none {
            marksInARow = 0
        } else {
            marksInARow += 1
            if marksInARow > Self.maxAnyMarksPerBase || (mark == .nonspacing && marksInARow > Self.maxMarksPerBase) { return }
        }
        scalars.append(scalar.value)
    }

    /// Combining marks (general categories Mn, Me and Mc), which belong to the character
    /// before them. The common block U+0300–U+036F is answered without a property lookup.
    @inline(__always)
    static func mark(_ scalar: Unicode.Scalar) -> Mark {
        let value = scalar.value
        if value < 0x300 { return .none }
        if value <= 0x36F { return .nonspacing }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return .nonspacing
        case .spacingMark: return .spacing
        default: return .none
        }
    }

    /// Other scalars that stay with the one before them: a zero-width joiner and what it
    /// joins, emoji modifiers and tags.
    @inline(__always)
    static func joins(_ scalar: Unicode.Scalar, after previous: UInt32) -> Bool {
        let value = scalar.value
        return previous == 0x200D || value == 0x200D || (0x1F3FB...0x1F3FF).contains(value) || (0xE0020...0xE007F).contains(value)
    }

    /// Default_Ignorable_Code_Point, asked of every scalar the primary face lacks; in the
    /// combining diacritical marks (U+0300–U+036F) only U+034F, answered without a lookup.
    @inline(__always)
    static func isDefaultIgnorable(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value >= 0x300 && value <= 0x36F { return value == 0x34F }
        return scalar.properties.isDefaultIgnorableCodePoint
    }

    /// The scratch scalars, emptied, moved out of the stored property (see `scalars`).
    private func takeScalars() -> [UInt32] {
        var taken: [UInt32] = []
        swap(&taken, &scalars)
        taken.removeAll(keepingCapacity: true)
        return taken
    }

    /// Shapes all of `scalars` as one run in `face`; the width in ems.
    private static func shapeOneRun(_ scalars: [UInt32], _ face: Typeface, _ buffer: ShapingBuffer) -> Double {
        let units = scalars.withUnsafeBufferPointer { buffer.advance(of: $0, run: 0..<$0.count, font: face.harfBuzz) }
        return Double(units) / face.freeType.unitsPerEm
    }
}
