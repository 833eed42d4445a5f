/// A nested spec text kept with the spaces that open each line as their count: two thirds of
/// a nested text are indentation (the 2.7 MB text of a 10,000-view document keeps as 0.9 MB),
/// and a snapshot's text is inflated, searched and held as kept (`SpecTextRewrite`).
///
/// After each line break but one that ends the text, two bytes `0x80 | n >> 7` and
/// `0x80 | n & 0x7F` stand for the n spaces that open the next line. JSON text has no line
/// break inside a string and no byte of 0x80 or above outside one, so the count after each
/// break stands out from the text around it.
enum SpecKeptText {
    typealias Bytes = UnsafeBufferPointer<UInt8>
    static let space = UInt8(ascii: " "), newline = UInt8(0x0A), brace = UInt8(ascii: "{")

    /// The largest count a line can keep (two bytes of seven bits).
    static let countLimit = 1 << 14 - 1

    /// Keeps a text given in pieces, a run of spaces going on from one piece into the next.
    struct Keeper {
        private var atLineStart = false
        private var spaces = 0
        /// The bytes of the text itself, so far.
        private(set) var shown = 0
        /// False once a line opened with more spaces than a count holds.
        private(set) var fits = true

        mutating func keep(_ piece: [UInt8], into out: inout [UInt8]) {
            piece.withUnsafeBufferPointer { bytes in
                shown += bytes.count
                var index = 0
                while index < bytes.count {
                    if atLineStart {
                        while index < bytes.count, bytes[index] == space {
                            spaces += 1
                            index += 1
                        }
                        // The run may go on in the next piece.
                        guard index < bytes.count else { return }
                        appendCount(into: &out)
                    }
                    let end = nextIndex(of: newline, in: bytes, from: index).map { $0 + 1 } ?? bytes.count
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index ..< end]))
                    atLineStart = bytes[end - 1] == newline
                    index = end
                }
            }
        }

        /// Ends the text: spaces after its last line break are kept too.
        mutating func finish(into out: inout [UInt8]) {
            if atLineStart, spaces > 0 { appendCount(into: &out) }
        }

        private mutating func appendCount(into out: inout [UInt8]) {
            if spaces > countLimit { fits = false }
            out.append(0x80 | UInt8(truncatingIfNeeded: spaces >> 7 & 0x7F))
            out.append(0x80 | UInt8(truncatingIfNeeded: spaces & 0x7F))
            spaces = 0
            atLineStart = false
        }
    }

    /// The count kept after the line break at `lineBreak`: `nil` when the two bytes after it
    /// are not a count.
    @inline(__always)
    static func count(after lineBreak: Int, in text: Bytes) -> Int? {
        guard lineBreak + 2 < text.count else { return nil }
        return count(text[lineBreak + 1], text[lineBreak + 2])
    }

    /// The count two bytes keep: `nil` when they are not one.
    @inline(__always)
    static func count(_ first: UInt8, _ second: UInt8) -> Int? {
        guard first & second >= 0x80 else { return nil }
        return Int(first & 0x7F) << 7 | Int(second & 0x7F)
    }

    /// Hands the text over in pieces of up to 64 KB, its lines' spaces given back, each piece
    /// ending on a whole character (`Console.write(bytes:)` asks it).
    final class Sink {
        private static let capacity = 1 << 16
        /// Room past `capacity` for spaces written sixteen at a time.
        private static let slack = 16
        private let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity + slack, alignment: 16)
        private var filled = 0
        /// Whether any piece has been handed over yet.
        private(set) var handedOver = false

        /// What a text found damaged has come to: a refusal while nothing is handed over yet
        /// (the reader can still make the text another way).
        var outcomeOfDamage: SpecCodec.Rewritten { handedOver ? .damaged : .refused }

        deinit { buffer.deallocate() }

        /// Hands over what is held. Unless the text ends here, a character cut at the end of the
        /// buffer is kept back for the next piece.
        func flush(_ output: (UnsafeBufferPointer<UInt8>) -> Void, ends: Bool = true) {
            let bytes = buffer.assumingMemoryBound(to: UInt8.self)
            var cut = filled
            if !ends, filled > 0 {
                var first = filled - 1
                while first > 0, filled - first < 4, bytes[first] & 0xC0 == 0x80 { first -= 1 }
                let lead = bytes[first]
                let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
                if first > 0, first + length > filled { cut = first }
            }
            if cut > 0 {
                output(UnsafeBufferPointer(start: bytes, count: cut))
                handedOver = true
            }
            buffer.copyMemory(from: buffer + cut, byteCount: filled - cut)
            filled -= cut
        }

        @inline(__always)
        func append(_ source: UnsafeRawPointer, _ count: Int, _ output: (UnsafeBufferPointer<UInt8>) -> Void) {
            if filled + count <= Self.capacity {
                (buffer + filled).copyMemory(from: source, byteCount: count)
                filled += count
                return
            }
            var from = 0
            while from < count {
                if filled == Self.capacity { flush(output, ends: false) }
                let run = min(count - from, Self.capacity - filled)
                (buffer + filled).copyMemory(from: source + from, byteCount: run)
                filled += run
                from += run
            }
        }

        @inline(__always)
        func appendSpaces(_ count: Int, _ output: (UnsafeBufferPointer<UInt8>) -> Void) {
            let spaces = SIMD16<UInt8>(repeating: space)
            var left = count
            while left > 0 {
                if filled == Self.capacity { flush(output, ends: false) }
                let run = min(left, Self.capacity - filled)
                // Sixteen at a time, the last store reaching at most into the slack.
                var at = 0
                while at < run {
                    (buffer + filled + at).storeBytes(of: spaces, as: SIMD16<UInt8>.self)
                    at += 16
                }
                filled += run
                left -= run
            }
        }

        /// Hands over `text[range]` with each line's count given back as spaces, and returns
        /// the byte count of the text it stands for; `nil` when a line break in it, but one that
        /// ends `text`, is not followed by a count, or the text goes past `limit` bytes (what
        /// went before is held or handed over). Stops before a line that opens with `{` where
        /// `stops` says so, and returns where.
        func expand<Stops: LineStops>(_ text: Bytes, _ range: Range<Int>, limit: Int, stoppingAt stops: inout Stops,
                                      _ output: (UnsafeBufferPointer<UInt8>) -> Void) -> (stands: Int, stop: Int?)? {
            guard let bytes = text.baseAddress, !range.isEmpty else { return (0, nil) }
            let base = UnsafeRawPointer(bytes), end = range.upperBound
            var copied = range.lowerBound, stands = 0
            var breaks = LineBreaks(bytes, from: range.lowerBound, to: end)
            while let lineBreak = breaks.next() {
                guard lineBreak + 3 <= end, let spaces = SpecKeptText.count(bytes[lineBreak + 1], bytes[lineBreak + 2]) else {
                    if lineBreak + 1 == text.count { break }
                    return nil
                }
                let length = lineBreak + 1 - copied
                stands += length + spaces
                guard stands <= limit else { return nil }
                // Most lines are short and not deep: their bytes written as 32, and their spaces
                // as 64, sixteen at a time and without a branch on either length, where the text
                // has 32 bytes from there and the buffer room for 96.
                if length <= 32, spaces <= 64, copied + 32 <= text.count, filled + 96 <= Self.capacity {
                    let from = base + copied, to = buffer + filled
                    to.storeBytes(of: from.loadUnaligned(as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
                    (to + 16).storeBytes(of: (from + 16).loadUnaligned(as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
                    let blank = to + length, sixteen = SIMD16<UInt8>(repeating: space)
                    blank.storeBytes(of: sixteen, as: SIMD16<UInt8>.self)
                    (blank + 16).storeBytes(of: sixteen, as: SIMD16<UInt8>.self)
                    (blank + 32).storeBytes(of: sixteen, as: SIMD16<UInt8>.self)
                    (blank + 48).storeBytes(of: sixteen, as: SIMD16<UInt8>.self)
                    filled += length + spaces
                } else {
                    append(base + copied, length, output)
                    appendSpaces(spaces, output)
                }
                copied = lineBreak + 3
                if copied < end, bytes[copied] == brace, stops.stops(at: copied) { return (stands, copied) }
            }
            stands += end - copied
            guard stands <= limit else { return nil }
            append(base + copied, end - copied, output)
            return (stands, nil)
        }
    }

    /// Where `Sink.expand` stops: asked at each line that opens with `{` (a generic parameter,
    /// not a closure, so the question is inlined for the lines most of which it lets by).
    protocol LineStops {
        mutating func stops(at open: Int) -> Bool
    }

    /// No line stops the text.
    struct NoStops: LineStops {
        func stops(at open: Int) -> Bool { false }
    }

    /// The byte count of the text `text[range]` stands for, its counts given back as spaces;
    /// `nil` when a line break in it, but one that ends `text`, is not followed by a count.
    static func shownCount(of text: Bytes, _ range: Range<Int>) -> Int? {
        guard let bytes = text.baseAddress, !range.isEmpty else { return 0 }
        var stands = range.count
        var breaks = LineBreaks(bytes, from: range.lowerBound, to: range.upperBound)
        while let lineBreak = breaks.next() {
            guard lineBreak + 3 <= range.upperBound, let spaces = count(bytes[lineBreak + 1], bytes[lineBreak + 2]) else {
                if lineBreak + 1 == text.count { break }
                return nil
            }
            stands += spaces - 2
        }
        return stands
    }

    /// The top bit of each byte of `word` that equals the byte `pattern` holds eight of: the
    /// exact zero-byte mask of the word xored with the pattern (no false marks).
    @inline(__always)
    static func marks(_ word: UInt64, equalTo pattern: UInt64) -> UInt64 {
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F, bytes = word ^ pattern
        return ~(((bytes & low) &+ low) | bytes | low)
    }

    /// The line breaks in `text[from ..< to]`, in order, eight bytes at a time (`marks`).
    struct LineBreaks {
        private let base: UnsafeRawPointer
        private let end: Int
        /// Where the word `marks` marks starts.
        private var word: Int
        private var marks: UInt64 = 0

        /// The line breaks of `text[from ..< to]`, a text that is not empty.
        init(_ text: UnsafePointer<UInt8>, from: Int, to: Int) {
            base = UnsafeRawPointer(text)
            end = to
            word = from - 8
        }

        @inline(__always)
        mutating func next() -> Int? {
            while marks == 0 {
                word += 8
                guard word < end else { return nil }
                if word + 8 <= end {
                    marks = SpecKeptText.marks(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: word, as: UInt64.self)),
                                               equalTo: 0x0A0A_0A0A_0A0A_0A0A)
                } else {
                    for offset in 0 ..< end - word where base.load(fromByteOffset: word + offset, as: UInt8.self) == newline {
                        marks |= 0x80 << (8 * UInt64(offset))
                    }
                }
            }
            let at = word + marks.trailingZeroBitCount >> 3
            marks &= marks &- 1
            return at
        }
    }

    /// Where `byte` is next in `text`, at or after `from`: sixteen bytes at a time.
    static func nextIndex(of byte: UInt8, in text: Bytes, from: Int) -> Int? {
        let bytes = UnsafeRawBufferPointer(text)
        let pattern = SIMD16<UInt8>(repeating: byte)
        var index = max(from, 0)
        while index + 16 <= bytes.count {
            let matches = bytes.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self) .== pattern
            if any(matches) {
                for lane in 0..<16 where matches[lane] { return index + lane }
            }
            index += 16
        }
        while index < bytes.count {
            if bytes[index] == byte { return index }
            index += 1
        }
        return nil
    }
}

extension SpecCodec {
    /// Hands `output` the nested text of `spec` as `rewriteText` reads it: `writeText`'s, with
    /// the spaces that open each line kept as their count. Returns the byte count of the text
    /// it stands for; `nil` when a line opens with more spaces than a count holds (16,383).
    public static func writeKeptText(_ spec: some TreeOrderedViews, to output: ([UInt8]) -> Void) -> Int? {
        var keeper = SpecKeptText.Keeper()
        var kept: [UInt8] = []
        writeText(spec, shape: .nested) { piece in
            keeper.keep(piece, into: &kept)
            output(kept)
            kept.removeAll(keepingCapacity: true)
        }
        keeper.finish(into: &kept)
        if !kept.isEmpty { output(kept) }
        return keeper.fits ? keeper.shown : nil
    }

    /// A nested text kept as `writeKeptText` keeps it, and the byte count of the text.
    public static func keptText(_ text: [UInt8]) -> (kept: [UInt8], shown: Int)? {
        var keeper = SpecKeptText.Keeper()
        var kept: [UInt8] = []
        keeper.keep(text, into: &kept)
        keeper.finish(into: &kept)
        return keeper.fits ? (kept, keeper.shown) : nil
    }
}
