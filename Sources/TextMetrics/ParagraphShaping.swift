/// A long text measured piece by piece in one font: the windows of it shaped so far
/// (`ShapedWindow`), so each stretch is shaped about once however many of its pieces are asked.
///
/// A text is recognised by its UTF-8 storage (address and length): the paragraph keeps the
/// text, so the storage cannot be freed and reused by another while it is remembered.
final class ParagraphShaping {
    /// Texts shorter than this are measured piece by piece (a dictionary lookup each).
    static let minimumLength = 1_024
    /// Pieces shorter than this (UTF-8 bytes) are answered from windows already shaped but
    /// make none: short pieces (words, short lines) are cheap to shape and often repeat, and
    /// the width cache answers a repeat; shaping a window ahead for them cost more than it
    /// saved. Pieces starting inside a cluster get a window of their own length, so a lower
    /// bound (a word full of marks, then the same word with its spaces) pays.
    static let minimumPieceLength = 2_048
    static let minimumPieceLengthInCluster = 512
    /// Texts longer than this are not windowed, bounding the memory of the windows (about
    /// 20 bytes a UTF-8 byte shaped, windows may overlap; `FontTextMeasurer.paragraphLimit`
    /// texts at once).
    static let maximumLength = 1 << 20
    /// The first window's length in UTF-8 bytes; each next one is twice as long, up to
    /// `maximumWindowLength`: a caller that needs only the start of a long text (a few lines
    /// kept) shapes little more than it needs, and one that reads all of it few windows.
    static let firstWindowLength = 4_096
    static let maximumWindowLength = 1 << 18
    /// How far a window made for a piece starting inside a cluster reaches past the piece, at
    /// most (over whitespace only).
    static let pieceMargin = 16

    let text: String
    let address: UnsafeRawPointer
    let fontNumber: Int
    private var windows: [ShapedWindow] = []
    /// The windows' bounds (UTF-8 offsets), in the order of `windows`.
    private var starts: [Int] = []
    private var ends: [Int] = []
    /// The last window made starting at each offset.
    private var windowsByStart: [Int: Int] = [:]
    private var nextWindowLength = ParagraphShaping.firstWindowLength
    private var lastWindow = 0
    /// False once a window met a script whose shaping reads context: pieces are then shaped alone.
    private(set) var isWindowed = true

    init(text: String, address: UnsafeRawPointer, fontNumber: Int) {
        self.text = text
        self.address = address
        self.fontNumber = fontNumber
    }

    /// The width in ems of `text`'s UTF-8 offsets `range`, shaping a window from its start
    /// when none holds it; `nil` when the piece must be shaped alone.
    ///
    /// Without `mayShapeWindow`, only windows already shaped answer.
    ///
    /// A piece not `startsCluster` (it starts with a mark, as after a break opportunity
    /// between a space and the marks on it) is answered only by a window starting where it
    /// does; such a window reaches just past the piece, for the same piece with its spaces.
    func widthInEms(
        of range: Range<Int>, startsCluster: Bool, mayShapeWindow: Bool, font: ResolvedFont, fonts: FontLibrary, buffer: ShapingBuffer
    ) -> Double? {
        guard isWindowed else { return nil }
        if let window = window(holding: range, startingThere: !startsCluster) { return window.widthInEms(of: range) }
        guard mayShapeWindow else { return nil }
        let utf8 = text.utf8
        var end: Int
        if startsCluster {
            end = min(utf8.count, max(range.upperBound, range.lowerBound + nextWindowLength))
            // End on a scalar's first byte.
            utf8.withContiguousStorageIfAvailable { bytes in
                while end > range.upperBound, end < bytes.count, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            }
        } else {
            end = trailingWhitespaceEnd(after: range.upperBound)
        }
        let piece = text[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: end)]
        guard let window = ShapedWindow(piece: piece, start: range.lowerBound, font: font, fonts: fonts, buffer: buffer) else {
            isWindowed = false
            windows = []
            starts = []
            ends = []
            windowsByStart = [:]
            return nil
        }
        if startsCluster { nextWindowLength = min(nextWindowLength * 2, Self.maximumWindowLength) }
        windowsByStart[window.start] = windows.count
        windows.append(window)
        starts.append(window.start)
        ends.append(window.end)
        lastWindow = windows.count - 1
        return window.widthInEms(of: range)
    }

    /// The end of the whitespace scalars at UTF-8 offset `offset` of the text (at most
    /// `pieceMargin` bytes of them): a window made for a word starting inside a cluster ends
    /// there, so the same word with its trailing spaces (a line breaker's segment) is the whole
    /// window, even when marks follow the space (Zalgo text), where a longer window would cut
    /// the space's cluster and answer neither.
    private func trailingWhitespaceEnd(after offset: Int) -> Int {
        let scalars = text.unicodeScalars
        var index = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
        var end = offset
        while index < scalars.endIndex, end - offset < Self.pieceMargin {
            let scalar = scalars[index]
            guard scalar.properties.isWhitespace else { break }
            end += UTF8.width(scalar)
            index = scalars.index(after: index)
        }
        return end
    }

    /// A window holding `range` (and starting at its start, if asked), trying the last one
    /// used first. Reads only the windows' bounds.
    private func window(holding range: Range<Int>, startingThere: Bool) -> ShapedWindow? {
        if startingThere { return windowsByStart[range.lowerBound].flatMap { range.upperBound <= ends[$0] ? windows[$0] : nil } }
        if lastWindow < windows.count, starts[lastWindow] <= range.lowerBound, range.upperBound <= ends[lastWindow] {
            return windows[lastWindow]
        }
        var number = windows.count - 1
        while number >= 0 {
            if starts[number] <= range.lowerBound, range.upperBound <= ends[number] {
                lastWindow = number
                return windows[number]
            }
            number -= 1
        }
        return nil
    }
}
