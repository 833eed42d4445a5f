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
    /// document named `name`, a changed view's part is not where `SpecEncoder` would have put it
    /// or does not read as that view, a view is there twice, or an id is not a valid id (its
    /// text could hold escapes). The rest of the text is checked as it is handed over: damaged
    /// when a line's count is not one or the text does not stand for `shown` bytes. (The text
    /// comes out of a frame whose checksum stands for it: only a text made to fail gets there.)
    static func rewrite(_ kept: [UInt8], shown: Int, name: String, changing changes: [String: (View) -> View],
                        to output: (UnsafeBufferPointer<UInt8>) -> Void) -> SpecCodec.Rewritten {
        var opening: [UInt8] = []
        SpecEncoder.opening(name: name, shape: .nested, into: &opening)
        var keeper = SpecKeptText.Keeper(), keptOpening: [UInt8] = []
        keeper.keep(opening, into: &keptOpening)
        guard kept.starts(with: keptOpening + [brace]) else { return .refused }
        let changes = Array(changes)
        guard changes.allSatisfy({ Identifier.isValid($0.key) }) else { return .refused }
        let ids = changes.map { Array($0.key.utf8) }
        return kept.withUnsafeBufferPointer { text in
            // Every changed view is found and written before anything is handed over, so a
            // refusal hands over nothing.
            guard let parts = find(Wanted(ids), root: keptOpening.count, in: text) else { return .refused }
            var written: [(part: Part, text: [UInt8])] = []
            let found = parts.indices.compactMap { index in parts[index].map { (index: index, part: $0) } }
            for (index, part) in found.sorted(by: { $0.part.start < $1.part.start }) {
                // Parts of the writer's text never overlap; a text where they do is not its.
                guard part.start >= written.last?.part.end ?? 0,
                      let shownView = view(of: part, in: text), shownView.id == changes[index].key else { return .refused }
                let now = changes[index].value(shownView)
                guard now.id == shownView.id, now.kind == shownView.kind else { return .refused }
                var out: [UInt8] = []
                let members = SpecEncoder.viewMembers(now)
                if part.opensChildren {
                    JSONWriter.openObject(members, inline: false, into: &out, pretty: true, level: part.level)
                } else {
                    JSONWriter.write(.object(members), into: &out, pretty: true, level: part.level)
                }
                written.append((part, out))
            }
            let sink = SpecKeptText.Sink()
            var copied = 0, stands = 0
            for (part, view) in written {
                guard let bytes = sink.expand(text, copied ..< part.start, limit: shown - stands, output),
                      let replaced = SpecKeptText.shownCount(of: text, part.start ..< part.end) else { return .damaged }
                stands += bytes + replaced
                view.withUnsafeBytes { if let bytes = $0.baseAddress { sink.append(bytes, $0.count, output) } }
                copied = part.end
            }
            guard let bytes = sink.expand(text, copied ..< text.count, limit: shown - stands, output), stands + bytes == shown else {
                return .damaged
            }
            sink.flush(output)
            return .written
        }
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
        return try? SpecDecoder(file: "").decodeView(json, path: "view", allowing: "children")
    }

    /// The wanted ids by hash, behind a bitmap of their hashes' low bits: most ids the search
    /// passes over are not wanted, and are let go after one bit is read. (Sorted pairs, not a
    /// dictionary: each new dictionary type costs a start a search of the runtime's records.)
    private struct Wanted {
        private var bits = [UInt64](repeating: 0, count: 64)
        private let byHash: [(hash: UInt64, index: Int)]
        private let ids: [[UInt8]]
        var count: Int { ids.count }

        init(_ ids: [[UInt8]]) {
            var byHash: [(hash: UInt64, index: Int)] = []
            for (index, id) in ids.enumerated() {
                let hash = IDHash.of(id[...])
                bits[Int(hash >> 6 & 63)] |= 1 << (hash & 63)
                byHash.append((hash, index))
            }
            self.byHash = byHash.sorted { $0.hash < $1.hash }
            self.ids = ids
        }

        /// The index of `id` among the wanted ids, if it is one.
        func index(of id: UnsafeBufferPointer<UInt8>) -> Int? {
            let hash = IDHash.of(UnsafeRawBufferPointer(id))
            guard bits[Int(hash >> 6 & 63)] & (1 << (hash & 63)) != 0 else { return nil }
            var low = 0, high = byHash.count
            while low < high {
                let middle = (low + high) / 2
                if byHash[middle].hash < hash { low = middle + 1 } else { high = middle }
            }
            while low < byHash.count, byHash[low].hash == hash {
                if ids[byHash[low].index].elementsEqual(id) { return byHash[low].index }
                low += 1
            }
            return nil
        }
    }

    private static let idKey = Array(#""id": ""#.utf8)
    private static let childrenKey = Array(#""children": ["#.utf8)
    typealias Bytes = SpecKeptText.Bytes
    private static let space = UInt8(ascii: " "), newline = UInt8(0x0A), quote = UInt8(ascii: "\""), brace = UInt8(ascii: "{")

    /// Finds the part of each wanted view, by its index among them; `nil` when a wanted
    /// view's part is not well formed or is found twice. A view's object opens a
    /// line (the root's, after `"root": `, at `root`), with its id beside its `{` or on the line
    /// after; only the text's braces are looked at.
    private static func find(_ wanted: Wanted, root: Int, in text: Bytes) -> [Part?]? {
        var parts = [Part?](repeating: nil, count: wanted.count)
        guard !parts.isEmpty else { return parts }
        func consider(_ open: Int) -> Bool {
            var at = open + 1
            if at < text.count, text[at] == space {
                at += 1
            } else if at < text.count, text[at] == newline {
                at += 3
            } else {
                return true
            }
            guard holdsIDKey(at: at, in: text) else { return true }
            let idStart = at + idKey.count
            // An id is short: byte by byte.
            var close = idStart
            while close < text.count, text[close] != quote { close += 1 }
            guard close < text.count else { return false }
            let id = UnsafeBufferPointer(rebasing: text[idStart ..< close])
            guard let index = wanted.index(of: id) else { return true }
            guard parts[index] == nil, let part = part(at: at, idEnd: close + 1, in: text) else { return false }
            parts[index] = part
            return true
        }
        guard consider(root), let bytes = text.baseAddress else { return nil }
        var braces = SpecKeptText.Occurrences(of: brace, in: bytes, from: root + 1, to: text.count)
        while let open = braces.next() {
            // A brace that opens a line: after a line break and its count.
            if open >= 3, bytes[open - 3] == newline, SpecKeptText.count(bytes[open - 2], bytes[open - 1]) != nil, !consider(open) { return nil }
        }
        return parts
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
        /// Part of the text was handed over before it was found not to stand for the text it
        /// says it does.
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
