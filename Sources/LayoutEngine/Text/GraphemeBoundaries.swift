/// Grapheme boundaries of a line, walked lazily from either end and only as far as asked:
/// truncating a long line looks at about as many graphemes as it keeps, not the whole line
/// (walking graphemes is costly for text full of combining marks).
///
/// The common shape of a grapheme, a printable ASCII letter followed by combining diacritical
/// marks (U+0300–U+036F) and then by printable ASCII or the line's end, is recognised from
/// the UTF-8 bytes; anything else is left to Swift's grapheme walk, so the boundaries are
/// always Swift's (`index(after:)`, `index(before:)`). Swift's walk, mark by mark, dominated
/// wrapping "Zalgo" text.
struct GraphemeBoundaries {
    let line: Substring
    /// `forward[k]`: where the line's first `k` graphemes end.
    private var forward: [String.Index]
    /// `backward[k]`: where the line's last `k` graphemes start.
    private var backward: [String.Index]

    init(_ line: Substring) {
        self.line = line
        forward = [line.startIndex]
        backward = [line.endIndex]
    }

    /// The number of graphemes, once a walk has reached the other end; else `nil`.
    var knownCount: Int? {
        if forward.last == line.endIndex { return forward.count - 1 }
        if backward.last == line.startIndex { return backward.count - 1 }
        return nil
    }

    /// Where the first `count` graphemes end, or `nil` when the line has fewer.
    mutating func end(ofFirst count: Int) -> String.Index? {
        while forward.count <= count {
            let last = forward[forward.count - 1]
            if last == line.endIndex { return nil }
            forward.append(Self.quickEnd(in: line, graphemeAt: last) ?? line.index(after: last))
        }
        return forward[count]
    }

    /// Where the last `count` graphemes start, or `nil` when the line has fewer.
    mutating func start(ofLast count: Int) -> String.Index? {
        while backward.count <= count {
            let last = backward[backward.count - 1]
            if last == line.startIndex { return nil }
            backward.append(Self.quickStart(in: line, graphemeBefore: last) ?? line.index(before: last))
        }
        return backward[count]
    }

    /// Printable ASCII (U+0020–U+007E): grapheme cluster break property Other, so a boundary
    /// falls before it unless the scalar before it is a Prepend (never ASCII nor a
    /// diacritical mark), and after it unless an Extend, ZWJ or SpacingMark follows.
    @inline(__always)
    private static func isPrintableASCII(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x7F }

    /// Whether `lead`, `trail` encode a scalar in U+0300–U+036F (Extend): CC 80…BF, CD 80…AF.
    @inline(__always)
    private static func isDiacriticalMark(_ lead: UInt8, _ trail: UInt8) -> Bool {
        (lead == 0xCC && trail >= 0x80 && trail <= 0xBF) || (lead == 0xCD && trail >= 0x80 && trail <= 0xAF)
    }

    /// The end of the grapheme starting at `start` (a boundary) when it is printable ASCII plus
    /// diacritical marks followed by printable ASCII or the end; `nil` when undecided.
    static func quickEnd(in line: Substring, graphemeAt start: String.Index) -> String.Index? {
        let utf8 = line.utf8
        let offset = utf8.distance(from: utf8.startIndex, to: start)
        let length: Int?? = utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            var position = offset
            guard position < bytes.count, isPrintableASCII(bytes[position]) else { return nil }
            position += 1
            while position < bytes.count {
                let byte = bytes[position]
                if isPrintableASCII(byte) { return position - offset }
                guard position + 1 < bytes.count, isDiacriticalMark(byte, bytes[position + 1]) else { return nil }
                position += 2
            }
            return position - offset
        }
        guard let length = length ?? nil else { return nil }
        return utf8.index(start, offsetBy: length)
    }

    /// The start of the grapheme ending at `end` (a boundary) when it is printable ASCII plus
    /// diacritical marks preceded by printable ASCII, a diacritical mark or the line's start;
    /// `nil` when undecided.
    static func quickStart(in line: Substring, graphemeBefore end: String.Index) -> String.Index? {
        let utf8 = line.utf8
        let offset = utf8.distance(from: utf8.startIndex, to: end)
        let length: Int?? = utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            guard offset <= bytes.count else { return nil }
            var position = offset
            while position >= 2, isDiacriticalMark(bytes[position - 2], bytes[position - 1]) { position -= 2 }
            guard position >= 1, isPrintableASCII(bytes[position - 1]) else { return nil }
            let start = position - 1
            if start == 0 || isPrintableASCII(bytes[start - 1])
                || (start >= 2 && isDiacriticalMark(bytes[start - 2], bytes[start - 1])) {
                return offset - start
            }
            return nil
        }
        guard let length = length ?? nil else { return nil }
        return utf8.index(end, offsetBy: -length)
    }
}
