/// Runs of combining diacritical marks shortened before ICU looks for line breaks: ICU's time
/// goes per scalar, and text full of stacked marks ("Zalgo" text) carries 20 a letter.
///
/// The marks of U+0300–U+036F are of line-break class CM, except U+034F and U+035C–U+0362
/// (GL). UAX #14 never breaks inside a run of CM and gives the run the class of what it
/// follows (LB9), or of a letter when it follows a space or starts the text (LB10), so one mark
/// of a run says all the rest would: keeping only the first of each run leaves every break
/// opportunity where it was.
enum MarkRuns {
    /// A copy of `bytes` (UTF-8) with each run of such marks cut to its first mark, and per
    /// copied byte its offset in `bytes` (so an offset in the copy maps back); nil when no run
    /// is longer than one mark.
    static func shortened(_ bytes: UnsafeBufferPointer<UInt8>) -> (bytes: [UInt8], offsets: [Int32])? {
        guard hasLongRun(bytes), bytes.count <= Int(Int32.max) else { return nil }
        var count = 0
        var kept = [UInt8](repeating: 0, count: bytes.count)
        var offsets = [Int32](repeating: 0, count: bytes.count)
        kept.withUnsafeMutableBufferPointer { kept in
            offsets.withUnsafeMutableBufferPointer { offsets in
                var offset = 0
                var previousWasMark = false
                while offset < bytes.count {
                    let isMark = isCombiningMark(bytes, at: offset)
                    let end = offset + (isMark ? 2 : 1)
                    if !(isMark && previousWasMark) {
                        for byte in offset..<end {
                            kept[count] = bytes[byte]
                            offsets[count] = Int32(truncatingIfNeeded: byte)
                            count += 1
                        }
                    }
                    previousWasMark = isMark
                    offset = end
                }
            }
        }
        kept.removeLast(kept.count - count)
        offsets.removeLast(offsets.count - count)
        return (kept, offsets)
    }

    /// Whether two such marks follow each other somewhere in `bytes`.
    static func hasLongRun(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var offset = 0
        var previousWasMark = false
        while offset < bytes.count {
            let isMark = isCombiningMark(bytes, at: offset)
            if isMark && previousWasMark { return true }
            previousWasMark = isMark
            offset += isMark ? 2 : 1
        }
        return false
    }

    /// Whether a mark of class CM in U+0300–U+036F starts at `offset`. Its lead byte, 0xCC or
    /// 0xCD, is never a continuation byte, so a walk byte by byte meets only real leads.
    @inline(__always)
    static func isCombiningMark(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        let lead = bytes[offset]
        guard lead == 0xCC || lead == 0xCD, offset + 1 < bytes.count else { return false }
        let next = bytes[offset + 1]
        if lead == 0xCC { return next >= 0x80 && next <= 0xBF }
        // U+0340–U+036F, less U+034F and U+035C–U+0362.
        return next >= 0x80 && next <= 0xAF && next != 0x8F && !(next >= 0x9C && next <= 0xA2)
    }
}
