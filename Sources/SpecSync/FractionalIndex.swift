/// Fractional index keys for sibling order (DESIGN.md §5): strings over base-62 digits,
/// compared bytewise, with a key between any two keys. Each minted key ends with the minting
/// site's suffix, so two stores inserting at the same spot never mint the same key.
public enum FractionalIndex {
    static let digits = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)
    static let base = 62

    /// The suffix a site appends to its keys: four digits from its id, the last never `0`.
    public static func suffix(for site: SiteID) -> String {
        var value = site.high
        var out: [UInt8] = []
        for position in 0..<4 {
            var digit = Int(value % UInt64(base))
            value /= UInt64(base)
            if position == 3 && digit == 0 { digit = 1 }
            out.append(digits[digit])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A key strictly between `lower` and `upper` (`nil` = open end), ending in `suffix`.
    ///
    /// Keys from elsewhere (a merge, a bundle) may be equal or not made by this function; then
    /// no key fits between them, and the result only sorts after `lower` (siblings with equal
    /// keys are ordered by view id).
    public static func key(between lower: String?, and upper: String?, suffix: String) -> String {
        let a = lower.map { Array($0.utf8).map(value) } ?? []
        var b = upper.map { Array($0.utf8).map(value) }
        if let upper, let lower, !(isKey(lower) && isKey(upper) && a.lexicographicallyPrecedes(b!)) { b = nil }
        let middle: [Int]
        switch (lower, b) {
        case (_?, nil): middle = successor(a)
        case (nil, let b?): middle = predecessor(b)
        default: middle = midpoint(a, b)
        }
        return String(decoding: middle.map { digits[$0] }, as: UTF8.self) + suffix
    }

    /// `count` keys in ascending order, all between `lower` and `upper`.
    public static func keys(_ count: Int, between lower: String?, and upper: String?, suffix: String) -> [String] {
        var keys: [String] = []
        var previous = lower
        for _ in 0..<count {
            let next = key(between: previous, and: upper, suffix: suffix)
            keys.append(next)
            previous = next
        }
        return keys
    }

    /// True when every character is a base-62 digit (as every key this function makes).
    public static func isKey(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) }
    }

    /// A short key after `a`: its first digit below the top one raised, so that appending
    /// siblings one after another grows keys by a digit only every ~30 appends.
    /// (The top digit only ever opens a new level, restarting from the middle, so a run of
    /// appends never inherits the high digits of a site suffix.)
    private static func successor(_ a: [Int]) -> [Int] {
        guard let position = a.firstIndex(where: { $0 < base - 1 }) else { return a + [base / 2] }
        let head = Array(a[..<position])
        return a[position] < base - 2 ? head + [a[position] + 1] : head + [base - 1, base / 2]
    }

    /// A short key before `b` and not a prefix of it, for prepending: the mirror of `successor`.
    /// (Keys end in a site suffix whose last digit is never 0, so `b` has a non-zero digit.)
    private static func predecessor(_ b: [Int]) -> [Int] {
        guard let position = b.firstIndex(where: { $0 > 0 }) else { return midpoint([], b) }
        let head = Array(b[..<position])
        return b[position] > 1 ? head + [b[position] - 1] : head + [0, base / 2]
    }

    /// Digits `m` with `a < m < b` where `m` is not a prefix of `b`, so that anything appended
    /// to `m` still sorts below `b`.
    private static func midpoint(_ a: [Int], _ b: [Int]?) -> [Int] {
        var prefix: [Int] = []
        var index = 0
        while true {
            let low = index < a.count ? a[index] : 0
            let high = b.map { index < $0.count ? $0[index] : base } ?? base
            if low == high {
                prefix.append(low)
                index += 1
                continue
            }
            if high - low > 1 {
                return prefix + [(low + high) / 2]
            }
            // Adjacent digits: keep `low` and go on with an open upper end.
            prefix.append(low)
            index += 1
            return prefix + midpoint(Array(a.dropFirst(min(index, a.count))), nil)
        }
    }

    private static func value(_ byte: UInt8) -> Int {
        switch byte {
        case 0x30...0x39: Int(byte - 0x30)
        case 0x41...0x5A: Int(byte - 0x41 + 10)
        case 0x61...0x7A: Int(byte - 0x61 + 36)
        default: 0
        }
    }
}
