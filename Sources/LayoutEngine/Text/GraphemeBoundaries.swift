/// Grapheme boundaries of a line, walked lazily from either end and only as far as asked:
/// truncating a long line looks at about as many graphemes as it keeps, not the whole line
/// (walking graphemes is costly for text full of combining marks).
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
            forward.append(line.index(after: last))
        }
        return forward[count]
    }

    /// Where the last `count` graphemes start, or `nil` when the line has fewer.
    mutating func start(ofLast count: Int) -> String.Index? {
        while backward.count <= count {
            let last = backward[backward.count - 1]
            if last == line.startIndex { return nil }
            backward.append(line.index(before: last))
        }
        return backward[count]
    }
}
