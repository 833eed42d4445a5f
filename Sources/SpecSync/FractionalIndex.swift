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

    /// Keys longer than this are not minted for a single insert: the siblings are given fresh,
    /// evenly spread keys instead (`EditPlanner.place`), written as ordinary order changes.
    /// Far below `PropertyType.maxOrderKeyLength`, which every receiver checks.
    public static let rebalanceLength = 48

    /// A key strictly between `lower` and `upper` (`nil` = open end), ending in `suffix`.
    ///
    /// Appending (`upper` nil) and prepending (`lower` nil) raise or lower one digit, so runs of
    /// appends grow keys by a digit only every ~30; an insert between two keys takes the middle
    /// of the gap, one digit more every ~6 inserts at one spot (callers rebalance past
    /// `rebalanceLength`).
    ///
    /// Keys from elsewhere (a merge, a bundle) may be equal or not made by this function; then
    /// no key fits between them, and the result only sorts after `lower` (siblings with equal
    /// keys are ordered by view id).
    public static func key(between lower: String?, and upper: String?, suffix: String) -> String {
        let (a, b) = bounds(lower, upper)
        let middle: [Int]
        switch (lower, b) {
        case (_?, nil): middle = successor(a)
        case (nil, let b?): middle = predecessor(b)
        default: middle = spread(1, above: a, below: b)[0]
        }
        return String(decoding: middle.map { digits[$0] }, as: UTF8.self) + suffix
    }

    /// `count` keys in ascending order, all between `lower` and `upper`, evenly spread over the
    /// gap: their length grows with the logarithm of `count` (a million keys between open ends
    /// take 4 digits before the suffix). O(count × key length).
    public static func keys(_ count: Int, between lower: String?, and upper: String?, suffix: String) -> [String] {
        guard count > 0 else { return [] }
        if count == 1 { return [key(between: lower, and: upper, suffix: suffix)] }
        let (a, b) = bounds(lower, upper)
        return spread(count, above: a, below: b).map { String(decoding: $0.map { digits[$0] }, as: UTF8.self) + suffix }
    }

    /// The bounds as digits; the upper one dropped when the two cannot hold a key between them
    /// (equal, out of order or not keys: possible only for keys from elsewhere).
    private static func bounds(_ lower: String?, _ upper: String?) -> ([Int], [Int]?) {
        let a = lower.map { Array($0.utf8).map(value) } ?? []
        guard let upper, isKey(upper) else { return (a, nil) }
        let b = Array(upper.utf8).map(value)
        if let lower, !(isKey(lower) && a.lexicographicallyPrecedes(b)) { return (a, nil) }
        return (a, b)
    }

    /// `count` (≥ 1) digit strings `m`, ascending, evenly spread with `a < m < b`, none a prefix
    /// of another or of `b`, so that a suffix appended to each keeps every order.
    ///
    /// Keys are read as base-62 fractions. After the digits the two bounds share (or, with an
    /// open upper end, the leading top digits of `a`), the shortest length `n` whose gap holds
    /// `count` values is taken, and the values are spaced evenly across the gap. Lengths up to
    /// 10 fit in `Int` (62¹⁰ < 2⁶³); a gap too thin for that goes on below `a`'s first digit
    /// with an open upper end.
    private static func spread(_ count: Int, above a: [Int], below b: [Int]?) -> [[Int]] {
        var shared = 0
        if let b {
            while shared < b.count && (shared < a.count ? a[shared] : 0) == b[shared] { shared += 1 }
            // `a` padded with zeros equals `b`: nothing fits between (keys from elsewhere).
            if shared == b.count { return spread(count, above: a, below: nil) }
        } else {
            while shared < a.count && a[shared] == base - 1 { shared += 1 }
        }
        let prefix = b.map { Array($0[..<shared]) } ?? Array(a[..<shared])
        let lowDigits = shared < a.count ? Array(a[shared...]) : []
        let highDigits = b.map { Array($0[shared...]) }
        var scale = 1
        for length in 1...10 {
            scale *= base
            let low = number(lowDigits, length)
            let high = highDigits.map { number($0, length) } ?? scale
            let room = high - low - 1
            guard room >= count else { continue }
            return (0..<count).map { index in
                // low + (index + 1) × (room + 1) / (count + 1), without overflow.
                let product = (index + 1).multipliedFullWidth(by: room + 1)
                let step = (count + 1).dividingFullWidth(product).quotient
                return prefix + digitsOf(low + step, length: length)
            }
        }
        // A thin gap (`a` = X zzzz…, `b` = X+1 0000…): stay under X with an open upper end.
        return spread(count, above: Array(lowDigits.dropFirst()), below: nil).map { prefix + [lowDigits[0]] + $0 }
    }

    /// The first `length` digits as a number, padded with zeros.
    private static func number(_ digits: [Int], _ length: Int) -> Int {
        var result = 0
        for index in 0..<length { result = result * base + (index < digits.count ? digits[index] : 0) }
        return result
    }

    /// `value` as exactly `length` digits.
    private static func digitsOf(_ value: Int, length: Int) -> [Int] {
        var result = [Int](repeating: 0, count: length)
        var rest = value
        for index in stride(from: length - 1, through: 0, by: -1) {
            result[index] = rest % base
            rest /= base
        }
        return result
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
        guard let position = b.firstIndex(where: { $0 > 0 }) else { return spread(1, above: [], below: nil)[0] }
        let head = Array(b[..<position])
        return b[position] > 1 ? head + [b[position] - 1] : head + [0, base / 2]
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
