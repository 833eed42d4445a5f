/// Writes some views of a spec's nested text again, leaving the rest of the text as it is: the
/// text of a version whose views differ from those of the written one in their shown properties
/// only (the same views, in the same tree), without making the other views.
///
/// The text is `SpecEncoder`'s, so each view is found by its `id` member, the first of its
/// object, and its own part of the text is what `viewMembers` made: from its `{` to the `}` of
/// a view without children (an object of up to four scalar members on one line, as
/// `JSONWriter` writes it, or one member a line), or to the `,` before the `"children"` key of
/// one with children. That part is read back as the view it shows (`SpecDecoder`), changed,
/// and written again at the same depth.
enum SpecTextRewrite {
    /// A view's own part of the text: `start ..< end`, the depth its object is written at, and
    /// whether its `children` follow.
    struct Part {
        var start: Int, end: Int, level: Int, opensChildren: Bool
    }

    /// Hands `output` the pieces of `text`, in order, with each view named in `changes` written
    /// again as its function makes it from the view the text shows; views the text does not
    /// hold (not shown in it) are left out. False, with nothing handed over, when the text does
    /// not open as the nested text of a document named `name`, a view's part is not where
    /// `SpecEncoder` would have put it or does not read as that view, a view is there twice, or
    /// an id is not a valid id (its text could hold escapes).
    static func rewrite(_ text: [UInt8], name: String, changing changes: [String: (View) -> View],
                        to output: (ArraySlice<UInt8>) -> Void) -> Bool {
        var opening: [UInt8] = []
        SpecEncoder.opening(name: name, shape: .nested, into: &opening)
        guard text.starts(with: opening + [brace]) else { return false }
        let changes = Array(changes)
        guard changes.allSatisfy({ Identifier.isValid($0.key) }) else { return false }
        let ids = changes.map { Array($0.key.utf8) }
        guard let parts = ids.isEmpty ? [:] : text.withUnsafeBufferPointer({ find(Wanted(ids), ids: ids, in: $0) }) else { return false }
        // Every view is written before anything is handed over, so a refusal hands over nothing.
        var written: [(part: Part, text: [UInt8])] = []
        for (index, part) in parts.sorted(by: { $0.value.start < $1.value.start }) {
            // Parts of the writer's text never overlap; a text where they do is not its.
            guard part.start >= written.last?.part.end ?? 0,
                  let shown = view(of: part, in: text), shown.id == changes[index].key else { return false }
            let now = changes[index].value(shown)
            guard now.id == shown.id, now.kind == shown.kind else { return false }
            var out: [UInt8] = []
            let members = SpecEncoder.viewMembers(now)
            if part.opensChildren {
                JSONWriter.openObject(members, inline: false, into: &out, pretty: true, level: part.level)
            } else {
                JSONWriter.write(.object(members), into: &out, pretty: true, level: part.level)
            }
            written.append((part, out))
        }
        var copied = 0
        for (part, view) in written {
            output(text[copied ..< part.start])
            output(view[...])
            copied = part.end
        }
        output(text[copied...])
        return true
    }

    /// The view a part of the text shows, read as a spec file's view is; `nil` when it does not
    /// read as one.
    private static func view(of part: Part, in text: [UInt8]) -> View? {
        var object = Array(text[part.start ..< part.end])
        // A view with children is cut before its `children` key: its object closed here.
        if part.opensChildren { object.append(UInt8(ascii: "}")) }
        guard let json = try? JSONParser.parse(object) else { return nil }
        return try? SpecDecoder(file: "").decodeView(json, path: "view", allowing: "children")
    }

    /// The wanted ids by hash, behind a bitmap of their hashes' low bits: most ids the search
    /// passes over are not wanted, and are let go after one bit is read.
    private struct Wanted {
        private var bits = [UInt64](repeating: 0, count: 64)
        private var byHash: [UInt64: [Int]] = [:]

        init(_ ids: [[UInt8]]) {
            for (index, id) in ids.enumerated() {
                let hash = IDHash.of(id[...])
                bits[Int(hash >> 6 & 63)] |= 1 << (hash & 63)
                byHash[hash, default: []].append(index)
            }
        }

        /// The indices of the ids that may be `hash`'s.
        func candidates(_ hash: UInt64) -> [Int]? {
            guard bits[Int(hash >> 6 & 63)] & (1 << (hash & 63)) != 0 else { return nil }
            return byHash[hash]
        }
    }

    private static let idKey = Array(#""id": ""#.utf8)
    private static let childrenKey = Array(#""children": ["#.utf8)
    private typealias Bytes = UnsafeBufferPointer<UInt8>
    private static let space = UInt8(ascii: " "), newline = UInt8(0x0A), quote = UInt8(ascii: "\""), brace = UInt8(ascii: "{")

    /// The part of each wanted view the text holds, by its index in `ids` (by hash in
    /// `wanted`); `nil` when one is not well formed or found twice. Every view's object opens
    /// with `{` and its id: the search goes from brace to brace, which are few (a view's, and a
    /// margin's, padding's or font's object), and reads the id after each that has one.
    private static func find(_ wanted: Wanted, ids: [[UInt8]], in text: Bytes) -> [Int: Part]? {
        var parts: [Int: Part] = [:]
        var from = 0
        while let open = nextIndex(of: brace, in: text, from: from) {
            from = open + 1
            var at = open + 1
            if at < text.count, text[at] == space {
                at += 1
            } else if at < text.count, text[at] == newline {
                at = afterSpaces(in: text, from: at + 1)
            } else {
                continue
            }
            guard holds(idKey, at: at, in: text) else { continue }
            let idStart = at + idKey.count
            guard let close = nextIndex(of: quote, in: text, from: idStart) else { return nil }
            let id = UnsafeBufferPointer(rebasing: text[idStart ..< close])
            guard let index = wanted.candidates(IDHash.of(UnsafeRawBufferPointer(id)))?.first(where: { ids[$0].elementsEqual(id) }) else { continue }
            guard parts[index] == nil, let part = part(at: at, idEnd: close + 1, in: text) else { return nil }
            parts[index] = part
            if parts.count == ids.count { break }
        }
        return parts
    }

    /// The part of the view whose `"id"` key starts at `at`, its value ending before `idEnd`.
    private static func part(at: Int, idEnd: Int, in text: Bytes) -> Part? {
        guard idEnd < text.count, text[idEnd] == UInt8(ascii: ",") else { return nil }
        // One line: `{ "id": …, … }`.
        if at >= 2, text[at - 1] == space, text[at - 2] == brace {
            let start = at - 2
            let lineEnd = nextIndex(of: newline, in: text, from: idEnd) ?? text.count
            guard let close = text[idEnd ..< lineEnd].lastIndex(of: UInt8(ascii: "}")) else { return nil }
            return Part(start: start, end: close + 1, level: indentation(ofLineHolding: start, in: text) / 2, opensChildren: false)
        }
        // One member a line: `{`, then the id on a line of its own at the next depth.
        var lineStart = at
        while lineStart > 0, text[lineStart - 1] == space { lineStart -= 1 }
        guard lineStart >= 2, text[lineStart - 1] == newline, text[lineStart - 2] == brace else { return nil }
        let start = lineStart - 2
        let level = indentation(ofLineHolding: start, in: text) / 2
        guard at - lineStart == 2 * (level + 1) else { return nil }
        // The members follow a line each, deeper values further in, until the line that closes
        // the object or the one that opens its children.
        var lineEnd = nextIndex(of: newline, in: text, from: idEnd) ?? text.count
        while lineEnd < text.count {
            let next = lineEnd + 1
            var first = next
            while first < text.count, text[first] == space { first += 1 }
            let depth = first - next
            if depth == 2 * level, first < text.count, text[first] == UInt8(ascii: "}") {
                return Part(start: start, end: first + 1, level: level, opensChildren: false)
            }
            if depth == 2 * (level + 1), holds(childrenKey, at: first, in: text) {
                guard text[lineEnd - 1] == UInt8(ascii: ",") else { return nil }
                return Part(start: start, end: lineEnd - 1, level: level, opensChildren: true)
            }
            guard depth >= 2 * (level + 1) else { return nil }
            lineEnd = nextIndex(of: newline, in: text, from: next) ?? text.count
        }
        return nil
    }

    /// Whether `text` holds `key` at `index`.
    private static func holds(_ key: [UInt8], at index: Int, in text: Bytes) -> Bool {
        guard index + key.count <= text.count else { return false }
        for offset in key.indices where text[index + offset] != key[offset] { return false }
        return true
    }

    /// How many spaces open the line that holds `index`.
    private static func indentation(ofLineHolding index: Int, in text: Bytes) -> Int {
        var lineStart = index
        while lineStart > 0, text[lineStart - 1] != newline { lineStart -= 1 }
        var count = 0
        while text[lineStart + count] == space { count += 1 }
        return count
    }

    /// Where `byte` is next in `text`, at or after `from`: sixteen bytes at a time.
    private static func nextIndex(of byte: UInt8, in text: Bytes, from: Int) -> Int? {
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

    /// Where the run of spaces that starts at `from` ends (an indentation): eight bytes at a time.
    private static func afterSpaces(in text: Bytes, from: Int) -> Int {
        let bytes = UnsafeRawBufferPointer(text)
        var index = from
        while index + 8 <= bytes.count {
            // The first byte that is not a space is the first that is not zero here.
            let other = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)) ^ 0x2020_2020_2020_2020
            if other != 0 { return index + other.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < bytes.count, bytes[index] == space { index += 1 }
        return index
    }
}

extension SpecCodec {
    /// Hands `output`, in pieces and in order, the nested text `writeText` wrote for a
    /// document named `name` with each view named in `changes` written again as its function
    /// makes it from the view the text shows (views the text does not show are left out): the
    /// text of a version whose views differ from the written one's in their shown properties
    /// only. False, with nothing handed over, when the text is not such a text.
    public static func rewriteText(_ text: [UInt8], name: String, changing changes: [String: (View) -> View],
                                   to output: (ArraySlice<UInt8>) -> Void) -> Bool {
        SpecTextRewrite.rewrite(text, name: name, changing: changes, to: output)
    }
}
