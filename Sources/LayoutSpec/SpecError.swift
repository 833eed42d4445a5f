/// Bad spec input: which file, where in it (a JSON path like `$.root.children[2].margin.top`)
/// and what was expected.
public struct SpecError: Error, CustomStringConvertible, Sendable, Equatable {
    public var file: String
    /// A JSON path, or `line L, column C` for malformed JSON.
    public var location: String
    public var message: String

    public init(file: String, location: String, message: String) {
        self.file = file
        self.location = location
        self.message = message
    }

    public var description: String {
        location.isEmpty ? "\(file): \(message)" : "\(file): \(location): \(message)"
    }
}

/// Finds the nearest known word to a misspelt one, for "did you mean" hints.
public enum Suggestion {
    /// The candidate closest to `word` by edit distance (case-insensitive), if close enough
    /// to be a likely typo: at most 2 edits, or a third of the word's length.
    public static func nearest(to word: String, in candidates: some Sequence<String>) -> String? {
        let lowered = Array(word.lowercased().unicodeScalars)
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, Array(candidate.lowercased().unicodeScalars))
            if distance < (best?.1 ?? .max) { best = (candidate, distance) }
        }
        guard let best, best.1 <= max(2, lowered.count / 3) else { return nil }
        return best.0
    }

    /// " (did you mean "x"?)" or "".
    public static func hint(for word: String, in candidates: some Sequence<String>) -> String {
        nearest(to: word, in: candidates).map { " (did you mean \"\($0)\"?)" } ?? ""
    }

    static func editDistance(_ lhs: [Unicode.Scalar], _ rhs: [Unicode.Scalar]) -> Int {
        if lhs.isEmpty { return rhs.count }
        var previous = Array(0...rhs.count)
        var current = previous
        for (i, left) in lhs.enumerated() {
            current[0] = i + 1
            for (j, right) in rhs.enumerated() {
                current[j + 1] = Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[rhs.count]
    }
}
