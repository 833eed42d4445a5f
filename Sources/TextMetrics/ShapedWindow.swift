internal import CHarfBuzz

/// A stretch of a long text shaped once, run by run as `TextShaper` shapes text (split where
/// the face changes, marks past the limits dropped), so that pieces of it are measured by
/// summing advances instead of being shaped again.
///
/// HarfBuzz flags each glyph where cutting a run would change its shaping
/// (`HB_GLYPH_FLAG_UNSAFE_TO_BREAK`: kerning, ligatures, contextual forms across the cut). A
/// piece cut only at run boundaries or at cluster starts free of that flag, and at starts of
/// the measurer's clusters (so its runs are the window's, clipped), shapes alone exactly as
/// its slice of the window did: its width is summed from integer advances per run and divided
/// per run as `TextShaper` does, so the result is the same `Double`, not an estimate. Pieces
/// cut anywhere else are declined and the caller shapes them. Windows are made only for
/// scripts whose shaping reads no context outside a run (no joining scripts), since a piece
/// gives its runs less context than the window did.
final class ShapedWindow {
    /// A run of one face: shaped scalars `start..<end`, the script HarfBuzz guessed for it.
    private struct Run {
        var start: Int
        var end: Int
        var unitsPerEm: Double
        var script: hb_script_t
    }

    /// The window's first and past-the-end UTF-8 offsets in its text.
    let start: Int
    let end: Int
    /// Per UTF-8 offset from `start` through `end`: the number of scalars shaped before it
    /// (controls and marks past the limits are not shaped); −1 inside a scalar.
    private let shapedBefore: [Int32]
    /// `prefix[k]`: the advance, in its face's units, of the clusters starting before shaped
    /// scalar `k` (differences are taken within one run only).
    private let prefix: [Int]
    /// `breakable[k]`: a piece may start or end before shaped scalar `k`.
    private let breakable: [Bool]
    /// `firstStrong[k]`: the first shaped scalar at or after `k` whose script is not Common,
    /// Inherited or Unknown (the one HarfBuzz guesses a run's script from); the count if none.
    private let firstStrong: [Int32]
    private let strongScript: [hb_script_t]
    private let runs: [Run]

    /// Scripts shaped without looking at context outside the run.
    private static let contextFreeScripts: Set<UInt32> = [
        HB_SCRIPT_INVALID, HB_SCRIPT_COMMON, HB_SCRIPT_INHERITED, HB_SCRIPT_LATIN, HB_SCRIPT_GREEK, HB_SCRIPT_CYRILLIC,
        HB_SCRIPT_HAN, HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA, HB_SCRIPT_HANGUL, HB_SCRIPT_BOPOMOFO,
    ].map(\.rawValue).reduce(into: []) { $0.insert($1) }

    /// Shapes `piece` (a stretch of a text starting at UTF-8 offset `start`) as `TextShaper`
    /// shapes it alone; `nil` when a run's script may read context (pieces are shaped alone).
    init?(piece: Substring, start: Int, font: ResolvedFont, fonts: FontLibrary, buffer: ShapingBuffer) {
        let byteCount = piece.utf8.count
        var shapedBefore = [Int32](repeating: -1, count: byteCount + 1)
        var scalars: [UInt32] = []
        scalars.reserveCapacity(byteCount)
        var clusterStarts = [Bool]()
        clusterStarts.reserveCapacity(byteCount + 1)
        // The same clusters, faces and runs as `TextShaper.widthInEms`' per-cluster path (the
        // fast path finds the same single run when the primary draws everything).
        var walk = FaceRuns(font: font, fonts: fonts)
        _ = shapedBefore.withUnsafeMutableBufferPointer { shapedBefore in
            UTF8Scalars.forEach(in: piece) { scalar, offset in
                shapedBefore[offset] = Int32(scalars.count)
                let before = scalars.count
                let startsCluster = walk.add(scalar, to: &scalars)
                if scalars.count > before { clusterStarts.append(startsCluster) }
                return true
            }
        }
        shapedBefore[byteCount] = Int32(scalars.count)
        walk.finish(count: scalars.count)
        let faceRuns = walk.runs

        let count = scalars.count
        var clusterAdvance = [Int](repeating: 0, count: count)
        var breakable = [Bool](repeating: false, count: count + 1)
        var unsafe = [Bool](repeating: false, count: count + 1)
        var runs: [Run] = []
        runs.reserveCapacity(faceRuns.count)
        let shaped: Bool = scalars.withUnsafeBufferPointer { all in
            for run in faceRuns {
                let script = buffer.shape(all, run: run.range, font: run.face.harfBuzz) { cluster, advance, isUnsafeToBreak in
                    clusterAdvance[cluster] += advance
                    breakable[cluster] = true
                    if isUnsafeToBreak { unsafe[cluster] = true }
                }
                guard Self.contextFreeScripts.contains(script.rawValue) else { return false }
                runs.append(Run(start: run.range.lowerBound, end: run.range.upperBound, unitsPerEm: run.face.freeType.unitsPerEm, script: script))
            }
            return true
        }
        guard shaped else { return nil }
        var prefix = [Int](repeating: 0, count: count + 1)
        for k in 0..<count {
            prefix[k + 1] = prefix[k] + clusterAdvance[k]
            // A HarfBuzz cluster start free of the flag, or a run's start; always a cluster
            // start of the measurer's.
            breakable[k] = clusterStarts[k] && (breakable[k] && !unsafe[k])
        }
        for run in runs { breakable[run.start] = clusterStarts[run.start] }
        breakable[0] = true
        breakable[count] = true
        var firstStrong = [Int32](repeating: Int32(count), count: count + 1)
        var strongScript = [hb_script_t](repeating: HB_SCRIPT_INVALID, count: count + 1)
        let functions = hb_unicode_funcs_get_default()
        var k = count - 1
        while k >= 0 {
            let value = scalars[k]
            // Combining diacritical marks are Inherited: no lookup for text full of them.
            let script = value >= 0x300 && value <= 0x36F ? HB_SCRIPT_INHERITED : hb_unicode_script(functions, value)
            if script != HB_SCRIPT_COMMON && script != HB_SCRIPT_INHERITED && script != HB_SCRIPT_UNKNOWN {
                firstStrong[k] = Int32(k)
                strongScript[k] = script
            } else {
                firstStrong[k] = firstStrong[k + 1]
                strongScript[k] = strongScript[k + 1]
            }
            k -= 1
        }
        self.start = start
        self.end = start + byteCount
        self.shapedBefore = shapedBefore
        self.prefix = prefix
        self.breakable = breakable
        self.firstStrong = firstStrong
        self.strongScript = strongScript
        self.runs = runs
    }

    /// Whether the window holds the UTF-8 offsets `range` of its text.
    func contains(_ range: Range<Int>) -> Bool {
        range.lowerBound >= start && range.upperBound <= end
    }

    /// The advance, in ems, of the text at UTF-8 offsets `range` (inside the window; starting
    /// at the window's start or with a scalar that starts a cluster of the text) exactly as shaping it alone gives it; `nil` when it may differ:
    /// a cut inside a cluster or where HarfBuzz flags the glyphs unsafe to break, or a clipped
    /// run HarfBuzz would guess another script for.
    func widthInEms(of range: Range<Int>) -> Double? {
        let first = Int(shapedBefore[range.lowerBound - start])
        let last = Int(shapedBefore[range.upperBound - start])
        guard first >= 0, last >= first else { return nil }
        if first == last { return 0 }
        guard breakable[first], breakable[last] else { return nil }
        // The first run holding `first`.
        var low = 0, high = runs.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if runs[middle].start <= first { low = middle } else { high = middle - 1 }
        }
        var width = 0.0
        var number = low
        while number < runs.count, runs[number].start < last {
            let run = runs[number]
            let from = max(run.start, first), to = min(run.end, last)
            if from != run.start || to != run.end {
                let guessed = Int(firstStrong[from]) < to ? strongScript[from] : HB_SCRIPT_INVALID
                guard guessed == run.script else { return nil }
            }
            width += Double(prefix[to] - prefix[from]) / run.unitsPerEm
            number += 1
        }
        return width
    }
}
