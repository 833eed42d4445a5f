/// Writes some views of a spec's nested text again, leaving the rest of the text as it is: the
/// text of a version whose views differ from those of the written one in their shown properties
/// only (the same views, in the same tree), without making the other views.
///
/// The text is `SpecEncoder`'s, so each view is found by its `id` member, the first of its
/// object, and its own part of the text is what `viewMembers` made: from its `{` to the `}` of
/// a view without children (an object of up to four scalar members on one line, as
/// `JSONWriter` writes it, or one member a line), or to the `,` before the `"children"` key of
/// one with children. That part is replaced by the view's members now, at the same depth.
enum SpecTextRewrite {
    /// A view's own part of the text: `start ..< end`, the depth its object is written at, and
    /// whether its `children` follow.
    struct Part {
        var start: Int, end: Int, level: Int, opensChildren: Bool
    }

    /// Hands `output` the pieces of `text` with each of `views` written as it is now, in order;
    /// views the text does not hold (not shown in it) are left out. False, with nothing handed
    /// over, when the text does not open as the nested text of a document named `name`, a
    /// view's part is not where `SpecEncoder` would have put it, a view is there twice, or a
    /// view's id is not a valid id (its text could hold escapes).
    static func rewrite(_ text: [UInt8], name: String, views: [View], to output: (ArraySlice<UInt8>) -> Void) -> Bool {
        var opening: [UInt8] = []
        SpecEncoder.opening(name: name, shape: .nested, into: &opening)
        guard text.starts(with: opening + [UInt8(ascii: "{")]) else { return false }
        var wanted: [String: Int] = [:]
        for (index, view) in views.enumerated() {
            guard Identifier.isValid(view.id) else { return false }
            wanted[view.id] = index
        }
        guard let parts = wanted.isEmpty ? [:] : find(wanted, in: text) else { return false }
        var copied = 0
        for (index, part) in parts.sorted(by: { $0.value.start < $1.value.start }) {
            output(text[copied ..< part.start])
            var out: [UInt8] = []
            let members = SpecEncoder.viewMembers(views[index])
            if part.opensChildren {
                JSONWriter.openObject(members, inline: false, into: &out, pretty: true, level: part.level)
            } else {
                JSONWriter.write(.object(members), into: &out, pretty: true, level: part.level)
            }
            output(out[...])
            copied = part.end
        }
        output(text[copied...])
        return true
    }

    private static let idKey = Array(#""id": ""#.utf8)
    private static let childrenKey = Array(#""children": ["#.utf8)
    private static let space = UInt8(ascii: " "), newline = UInt8(0x0A), quote = UInt8(ascii: "\""), brace = UInt8(ascii: "{")

    /// The part of each wanted view the text holds, by its index in `views`; `nil` when one is
    /// not well formed or found twice. Every view's object opens with `{` and its id: the
    /// search goes from brace to brace, which are few (a view's, and a margin's, padding's or
    /// font's object), and reads the id after each that has one.
    private static func find(_ wanted: [String: Int], in text: [UInt8]) -> [Int: Part]? {
        var parts: [Int: Part] = [:]
        var from = 0
        while let open = nextIndex(of: brace, in: text, from: from) {
            from = open + 1
            var at = open + 1
            if at < text.count, text[at] == space {
                at += 1
            } else if at < text.count, text[at] == newline {
                at += 1
                while at < text.count, text[at] == space { at += 1 }
            } else {
                continue
            }
            guard text[at...].starts(with: idKey) else { continue }
            let idStart = at + idKey.count
            guard let close = text[idStart...].firstIndex(of: quote) else { return nil }
            guard let index = wanted[String(decoding: text[idStart ..< close], as: UTF8.self)] else { continue }
            guard parts[index] == nil, let part = part(at: at, idEnd: close + 1, in: text) else { return nil }
            parts[index] = part
            if parts.count == wanted.count { break }
        }
        return parts
    }

    /// The part of the view whose `"id"` key starts at `at`, its value ending before `idEnd`.
    private static func part(at: Int, idEnd: Int, in text: [UInt8]) -> Part? {
        guard idEnd < text.count, text[idEnd] == UInt8(ascii: ",") else { return nil }
        // One line: `{ "id": …, … }`.
        if at >= 2, text[at - 1] == space, text[at - 2] == UInt8(ascii: "{") {
            let start = at - 2
            let lineEnd = nextIndex(of: newline, in: text, from: idEnd) ?? text.count
            guard let close = text[idEnd ..< lineEnd].lastIndex(of: UInt8(ascii: "}")) else { return nil }
            return Part(start: start, end: close + 1, level: indentation(ofLineHolding: start, in: text) / 2, opensChildren: false)
        }
        // One member a line: `{`, then the id on a line of its own at the next depth.
        var lineStart = at
        while lineStart > 0, text[lineStart - 1] == space { lineStart -= 1 }
        guard lineStart >= 2, text[lineStart - 1] == newline, text[lineStart - 2] == UInt8(ascii: "{") else { return nil }
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
            if depth == 2 * (level + 1), text[first...].starts(with: childrenKey) {
                guard text[lineEnd - 1] == UInt8(ascii: ",") else { return nil }
                return Part(start: start, end: lineEnd - 1, level: level, opensChildren: true)
            }
            guard depth >= 2 * (level + 1) else { return nil }
            lineEnd = nextIndex(of: newline, in: text, from: next) ?? text.count
        }
        return nil
    }

    /// How many spaces open the line that holds `index`.
    private static func indentation(ofLineHolding index: Int, in text: [UInt8]) -> Int {
        var lineStart = index
        while lineStart > 0, text[lineStart - 1] != newline { lineStart -= 1 }
        var count = 0
        while text[lineStart + count] == space { count += 1 }
        return count
    }

    /// Where `byte` is next in `text`, at or after `from`: eight bytes at a time.
    static func nextIndex(of byte: UInt8, in text: [UInt8], from: Int) -> Int? {
        text.withUnsafeBytes { bytes -> Int? in
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            let pattern = ones &* UInt64(byte)
            var index = max(from, 0)
            while index + 8 <= bytes.count {
                // A byte equal to `byte` is a zero byte of `word`; the lowest one flagged is the first.
                let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)) ^ pattern
                let zeros = (word &- ones) & ~word & highs
                if zeros != 0 { return index + zeros.trailingZeroBitCount / 8 }
                index += 8
            }
            while index < bytes.count {
                if bytes[index] == byte { return index }
                index += 1
            }
            return nil
        }
    }
}

extension SpecCodec {
    /// Hands `output`, in pieces and in order, the nested text `writeText` wrote for a
    /// document named `name` with each of `views` written again as it is now (views the text
    /// does not show are left out): the text of a version whose views differ from the written
    /// one's in their shown properties only. False, with nothing handed over, when the text is
    /// not such a text.
    public static func rewriteText(_ text: [UInt8], name: String, views: [View],
                                   to output: (ArraySlice<UInt8>) -> Void) -> Bool {
        SpecTextRewrite.rewrite(text, name: name, views: views, to: output)
    }
}
