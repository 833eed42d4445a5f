/// Writes some views of a spec's nested text again, leaving the rest of the text as it is: the
/// text of a version whose views differ from those of the written one in their shown properties
/// only (the same views, in the same tree), without making the other views.
///
/// The text is `SpecEncoder`'s, kept with each line's indentation as a count (`SpecKeptText`).
/// Each view is found by its `id` member, the first of its object, and its own part of the text
/// is what `viewMembers` made: from its `{` to the `}` of a view without children (an object of
/// up to four scalar members on one line, as `JSONWriter` writes it, or one member a line), or
/// to the `,` before the `"children"` key of one with children. That part is read back as the
/// view it shows (`SpecDecoder`), changed, and written again at the same depth; the rest is
/// handed over with its spaces given back.
enum SpecTextRewrite {
    /// A view's own part of the kept text: `start ..< end`, the depth its object is written at,
    /// and whether its `children` follow.
    struct Part {
        var start: Int, end: Int, level: Int, opensChildren: Bool
    }

    /// Hands `output` the text `kept` stands for, in pieces and in order, with each view named
    /// in `changes` written again as its function makes it from the view the text shows; views
    /// the text does not hold (not shown in it) are left out.
    ///
    /// Refused, with nothing handed over, when the text does not open as the nested text of a
    /// document named `name` or an id is not a valid id (its text could hold escapes). The rest
    /// is checked as it is handed over, in one pass: damaged when a line's count is not one,
    /// the text does not stand for `shown` bytes, or a changed view's part is not where
    /// `SpecEncoder` puts it, does not read as that view or is there twice; refused after all
    /// when that is found before the first 64 KB piece is handed over. (The text comes out of
    /// a frame whose checksum stands for it: only a text made to fail gets that far.)
    static func rewrite(_ kept: [UInt8], shown: Int, name: String, changing changes: [String: (View) -> View],
                        to output: (UnsafeBufferPointer<UInt8>) -> Void) -> SpecCodec.Rewritten {
        var opening: [UInt8] = []
        SpecEncoder.opening(name: name, shape: .nested, into: &opening)
        var keeper = SpecKeptText.Keeper(), keptOpening: [UInt8] = []
        keeper.keep(opening, into: &keptOpening)
        guard kept.starts(with: keptOpening + [brace]) else { return .refused }
        let changes = Array(changes)
        guard changes.allSatisfy({ Identifier.isValid($0.key) }) else { return .refused }
        let wanted = Wanted(changes.map { Array($0.key.utf8) })
        return kept.withUnsafeBufferPointer { text in
            var views = ChangedViews(text: text, wanted: wanted, changes: changes)
            var none = SpecKeptText.NoStops()
            let sink = SpecKeptText.Sink()
            var copied = 0, stands = 0
            // The root's object opens on the line of its key; every other view's opens a line,
            // and the text is handed over up to each one a change names.
            var found = changes.isEmpty ? .none : views.rewritten(at: keptOpening.count)
            while true {
                switch found {
                case .none: break
                case .damaged: return sink.outcomeOfDamage
                case .view(let part, let view):
                    guard let before = sink.expand(text, copied ..< part.start, limit: shown - stands, stoppingAt: &none, output),
                          let replaced = SpecKeptText.shownCount(of: text, part.start ..< part.end) else { return sink.outcomeOfDamage }
                    stands += before.stands + replaced
                    view.withUnsafeBytes { if let bytes = $0.baseAddress { sink.append(bytes, $0.count, output) } }
                    copied = part.end
                }
                let rest = changes.isEmpty
                    ? sink.expand(text, copied ..< text.count, limit: shown - stands, stoppingAt: &none, output)
                    : sink.expand(text, copied ..< text.count, limit: shown - stands, stoppingAt: &views, output)
                guard let rest else { return sink.outcomeOfDamage }
                stands += rest.stands
                guard let stop = rest.stop else { break }
                copied = stop
                found = views.found
            }
            guard stands == shown else { return sink.outcomeOfDamage }
            sink.flush(output)
            return .written
        }
    }

    /// The views the changes name, found and written again as the text is handed over.
    private struct ChangedViews: SpecKeptText.LineStops {
        let text: Bytes
        let wanted: Wanted
        let changes: [(key: String, value: (View) -> View)]
        private var written: [Bool]
        /// What the last stop found.
        private(set) var found = Found.none

        init(text: Bytes, wanted: Wanted, changes: [(key: String, value: (View) -> View)]) {
            self.text = text
            self.wanted = wanted
            self.changes = changes
            written = [Bool](repeating: false, count: changes.count)
        }

        /// Most lines that open with `{` open a view no change names: let go before anything
        /// is written to `found`.
        @inline(__always)
        mutating func stops(at open: Int) -> Bool {
            guard let changed = wantedView(openingAt: open, in: text, wanted) else { return false }
            found = rewritten(changed)
            return true
        }

        /// The changed view whose object opens at `open`, read and written again.
        mutating func rewritten(at open: Int) -> Found {
            wantedView(openingAt: open, in: text, wanted).map { rewritten($0) } ?? .none
        }

        /// A changed view (its index among the changes, its part), read and written again.
        private mutating func rewritten(_ changed: (index: Int, part: Part?)) -> Found {
            let (index, part) = changed
            guard let part, !written[index], let shownView = view(of: part, in: text),
                  shownView.id == changes[index].key else { return .damaged }
            written[index] = true
            let now = changes[index].value(shownView)
            guard now.id == shownView.id, now.kind == shownView.kind else { return .damaged }
            var out: [UInt8] = []
            let members = SpecEncoder.viewMembers(now)
            if part.opensChildren {
                JSONWriter.openObject(members, inline: false, into: &out, pretty: true, level: part.level)
            } else {
                JSONWriter.write(.object(members), into: &out, pretty: true, level: part.level)
            }
            return .view(part, out)
        }
    }

    /// What opens at a brace of the text.
    private enum Found {
        /// No view a change names.
        case none
        /// The part of one a change names, and its text written again.
        case view(Part, [UInt8])
        /// One a change names, not as the writer writes it (or written already).
        case damaged
    }

    // MARK: Finding the views

    /// The view a part of the text shows, read as a spec file's view is; `nil` when it does not
    /// read as one.
    private static func view(of part: Part, in text: Bytes) -> View? {
        // The part's own lines, their counts left out (JSON needs no indentation).
        var object: [UInt8] = []
        object.reserveCapacity(part.end - part.start + 1)
        var index = part.start
        while index < part.end {
            let end = SpecKeptText.nextIndex(of: newline, in: text, from: index).map { min($0 + 1, part.end) } ?? part.end
            object.append(contentsOf: UnsafeBufferPointer(rebasing: text[index ..< end]))
            index = text[end - 1] == newline ? end + 2 : end
        }
        // A view with children is cut before its `children` key: its object closed here.
        if part.opensChildren { object.append(UInt8(ascii: "}")) }
        guard let json = try? JSONParser.parse(object) else { return nil }
        // A view's own part holds no tree key: its children follow it. One that holds them took
        // theirs into its own (its children key not written as the writer writes it).
        return try? SpecDecoder(file: "").decodeView(json, path: "view", allowing: "")
    }

    /// The wanted ids by their first eight bytes (the bytes before the closing quote, where it
    /// is among them), behind a bitmap of those words' hashes: most ids the search passes over
    /// are not wanted, and are let go after one word is read and one bit tested. (Sorted pairs,
    /// not a dictionary: each new dictionary type costs a start a search of the runtime's records.)
    private struct Wanted {
        private var bits = [UInt64](repeating: 0, count: 64)
        private let byWord: [(word: UInt64, index: Int)]
        private let ids: [[UInt8]]
        var count: Int { ids.count }

        init(_ ids: [[UInt8]]) {
            var byWord: [(word: UInt64, index: Int)] = []
            for (index, id) in ids.enumerated() {
                let closed = id + [quote] + [UInt8](repeating: 0, count: 8)
                let word = closed.withUnsafeBufferPointer { Wanted.word(at: 0, in: $0) }
                let slot = Wanted.slot(word)
                bits[slot >> 6] |= 1 << (slot & 63)
                byWord.append((word, index))
            }
            self.byWord = byWord.sorted { $0.word < $1.word }
            self.ids = ids
        }

        /// The index among the wanted ids of the id that starts at `start` (an id is closed by
        /// a quote, and holds none), and where its quote is; `nil` when it is not wanted or not closed.
        @inline(__always)
        func index(ofIDAt start: Int, in text: Bytes) -> (index: Int, close: Int)? {
            let word = Wanted.word(at: start, in: text), slot = Wanted.slot(word)
            guard bits[slot >> 6] & (1 << (slot & 63)) != 0 else { return nil }
            // An id is short: byte by byte.
            var close = start
            while close < text.count, text[close] != quote { close += 1 }
            guard close < text.count else { return nil }
            let id = UnsafeBufferPointer(rebasing: text[start ..< close])
            var low = 0, high = byWord.count
            while low < high {
                let middle = (low + high) / 2
                if byWord[middle].word < word { low = middle + 1 } else { high = middle }
            }
            while low < byWord.count, byWord[low].word == word {
                if ids[byWord[low].index].elementsEqual(id) { return (byWord[low].index, close) }
                low += 1
            }
            return nil
        }

        /// The eight bytes from `start` (fewer at the text's end), those from the first quote
        /// among them on cleared.
        @inline(__always)
        static func word(at start: Int, in text: Bytes) -> UInt64 {
            var word: UInt64 = 0
            if start + 8 <= text.count, let base = UnsafeRawPointer(text.baseAddress) {
                word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: start, as: UInt64.self))
            } else {
                for offset in 0 ..< max(0, text.count - start) { word |= UInt64(text[start + offset]) << (8 * UInt64(offset)) }
            }
            let marks = SpecKeptText.marks(word, equalTo: 0x2222_2222_2222_2222)
            guard marks != 0 else { return word }
            let kept = UInt64(marks.trailingZeroBitCount) & ~7
            return kept == 0 ? 0 : word & (UInt64.max >> (64 - kept))
        }

        /// Twelve bits of the word, for the bitmap.
        @inline(__always)
        static func slot(_ word: UInt64) -> Int {
            Int(truncatingIfNeeded: (word &* 0x9E37_79B9_7F4A_7C15) >> 52)
        }
    }

    private static let idKey = Array(#""id": ""#.utf8)
    private static let childrenKey = Array(#""children": ["#.utf8)
    typealias Bytes = SpecKeptText.Bytes
    private static let space = UInt8(ascii: " "), newline = UInt8(0x0A), quote = UInt8(ascii: "\""), brace = UInt8(ascii: "{")

    /// The index among the changed views of the one whose object opens at `open`, and its
    /// part (`nil` when it is not well formed); `nil` when no changed view opens there. A view's
    /// id is its object's first member: beside its `{`, or on the line after.
    @inline(__always)
    private static func wantedView(openingAt open: Int, in text: Bytes, _ wanted: Wanted) -> (index: Int, part: Part?)? {
        var at = open + 1
        if at < text.count, text[at] == space {
            at += 1
        } else if at < text.count, text[at] == newline {
            at += 3
        } else {
            return nil
        }
        guard holdsIDKey(at: at, in: text), let (index, close) = wanted.index(ofIDAt: at + idKey.count, in: text) else { return nil }
        return (index, part(at: at, idEnd: close + 1, in: text))
    }

    /// The part of the view whose `"id"` key starts at `at`, its value ending before `idEnd`.
    private static func part(at: Int, idEnd: Int, in text: Bytes) -> Part? {
        guard idEnd < text.count, text[idEnd] == UInt8(ascii: ",") else { return nil }
        // One line: `{ "id": …, … }`.
        if at >= 2, text[at - 1] == space, text[at - 2] == brace {
            let start = at - 2
            let lineEnd = SpecKeptText.nextIndex(of: newline, in: text, from: idEnd) ?? text.count
            guard let close = text[idEnd ..< lineEnd].lastIndex(of: UInt8(ascii: "}")),
                  let indentation = indentation(ofLineHolding: start, in: text) else { return nil }
            return Part(start: start, end: close + 1, level: indentation / 2, opensChildren: false)
        }
        // One member a line: `{`, then the id on a line of its own at the next depth.
        guard at >= 4, text[at - 4] == brace, text[at - 3] == newline, let idDepth = SpecKeptText.count(after: at - 3, in: text),
              let indentation = indentation(ofLineHolding: at - 4, in: text) else { return nil }
        let start = at - 4, level = indentation / 2
        guard idDepth == 2 * (level + 1) else { return nil }
        // The members follow a line each, deeper values further in, until the line that closes
        // the object or the one that opens its children.
        var lineEnd = SpecKeptText.nextIndex(of: newline, in: text, from: idEnd) ?? text.count
        while lineEnd < text.count {
            guard let depth = SpecKeptText.count(after: lineEnd, in: text) else { return nil }
            let first = lineEnd + 3
            if depth == 2 * level, first < text.count, text[first] == UInt8(ascii: "}") {
                return Part(start: start, end: first + 1, level: level, opensChildren: false)
            }
            if depth == 2 * (level + 1), holds(childrenKey, at: first, in: text) {
                guard text[lineEnd - 1] == UInt8(ascii: ",") else { return nil }
                return Part(start: start, end: lineEnd - 1, level: level, opensChildren: true)
            }
            guard depth >= 2 * (level + 1) else { return nil }
            lineEnd = SpecKeptText.nextIndex(of: newline, in: text, from: first) ?? text.count
        }
        return nil
    }

    /// Whether `text` holds `"id": "` at `index`: seven bytes, read as one word where eight are there.
    @inline(__always)
    private static func holdsIDKey(at index: Int, in text: Bytes) -> Bool {
        guard index + 8 <= text.count, let base = UnsafeRawPointer(text.baseAddress) else { return holds(idKey, at: index, in: text) }
        return UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self)) & 0x00FF_FFFF_FFFF_FFFF == idKeyWord
    }

    /// `"id": "` as the low seven bytes of a little-endian word.
    private static let idKeyWord: UInt64 = idKey.reversed().reduce(0) { $0 << 8 | UInt64($1) }

    /// Whether `text` holds `key` at `index`.
    private static func holds(_ key: [UInt8], at index: Int, in text: Bytes) -> Bool {
        guard index + key.count <= text.count else { return false }
        for offset in key.indices where text[index + offset] != key[offset] { return false }
        return true
    }

    /// How many spaces open the line that holds `index` (none for the first); `nil` when its
    /// count is not one.
    private static func indentation(ofLineHolding index: Int, in text: Bytes) -> Int? {
        var lineStart = index
        while lineStart > 0, text[lineStart - 1] != newline { lineStart -= 1 }
        return lineStart == 0 ? 0 : SpecKeptText.count(after: lineStart - 1, in: text)
    }

}

extension SpecCodec {
    /// How `rewriteText` went.
    public enum Rewritten: Equatable, Sendable {
        /// The whole text was handed over.
        case written
        /// Nothing was handed over: the text is not one this can rewrite (`rewriteText` says when).
        case refused
        /// Part of the text (at least one 64 KB piece) was handed over before it was found
        /// damaged: not the text it says it stands for, or a changed view not written where and
        /// as the writer writes it. Damage found before the first piece is handed over is a refusal.
        case damaged
    }

    /// Hands `output`, in pieces and in order, the nested text a kept text (`writeKeptText`)
    /// stands for, `shown` bytes of a document named `name`, with each view named in `changes`
    /// written again as its function makes it from the view the text shows (views the text
    /// does not show are left out): the text of a version whose views differ from the written
    /// one's in their shown properties only.
    public static func rewriteText(_ kept: [UInt8], shown: Int, name: String, changing changes: [String: (View) -> View],
                                   to output: (UnsafeBufferPointer<UInt8>) -> Void) -> Rewritten {
        SpecTextRewrite.rewrite(kept, shown: shown, name: name, changing: changes, to: output)
    }
}
