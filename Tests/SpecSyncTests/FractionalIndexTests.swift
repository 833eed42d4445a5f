import SpecSync
import Testing
import SeededRandom

/// `FractionalIndex`: a key between any two keys, sorting bytewise, with a site suffix.
struct FractionalIndexTests {
    static let alphabet = Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)

    static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        Array(lhs.utf8).lexicographicallyPrecedes(Array(rhs.utf8))
    }

    @Test func suffixIsFourDigitsNeverEndingInZero() {
        var generator = SeededGenerator(seed: 21)
        for _ in 0..<5_000 {
            let site = SiteID(high: generator.next() % 4 == 0 ? generator.next() % 62 : generator.next(), low: generator.next())
            let suffix = FractionalIndex.suffix(for: site)
            #expect(suffix.utf8.count == 4)
            #expect(suffix.utf8.allSatisfy(Self.alphabet.contains))
            #expect(suffix.last != "0", "\(site)")
        }
        #expect(FractionalIndex.suffix(for: SiteID(high: 0, low: 0)) == "0001")
        #expect(FractionalIndex.suffix(for: SiteID(high: 61, low: 0)) == "z001")
        // Same high bits, same suffix: the low bits do not count.
        #expect(FractionalIndex.suffix(for: SiteID(high: 12_345, low: 1)) == FractionalIndex.suffix(for: SiteID(high: 12_345, low: 2)))
    }

    @Test func firstKeyEndsWithTheSuffix() {
        let key = FractionalIndex.key(between: nil, and: nil, suffix: "abc1")
        #expect(key.hasSuffix("abc1"))
        #expect(key.utf8.count > 4)
    }

    static let bounds: [(String?, String?)] = [
        (nil, nil), ("V0001", nil), (nil, "V0001"), ("V0001", "W0001"), ("V0001", "V0002"), ("V0001", "V00011"),
        ("z", nil), ("zzzz1", nil), (nil, "01"), (nil, "001"), ("A", "B"), ("Az1", "B"), ("A", "A1"), ("01", "1"),
    ]

    @Test(arguments: bounds)
    func keyIsStrictlyBetween(_ lower: String?, _ upper: String?) {
        for suffix in ["0001", "zzzz", "Ab3x"] {
            let key = FractionalIndex.key(between: lower, and: upper, suffix: suffix)
            if let lower { #expect(Self.precedes(lower, key), "\(lower) < \(key)") }
            if let upper { #expect(Self.precedes(key, upper), "\(key) < \(upper)") }
            #expect(key.hasSuffix(suffix))
            #expect(key.utf8.allSatisfy(Self.alphabet.contains))
        }
    }

    /// Thousands of random inserts into a sorted list keep it sorted and unique.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func randomInsertsStaySorted(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let suffixes = (0..<5).map { _ in FractionalIndex.suffix(for: SiteID(high: generator.next(), low: 0)) }
        var keys: [String] = []
        for step in 0..<4_000 {
            // Favour the ends and one hot spot, where keys grow fastest.
            let position: Int
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: position = 0
            case 1: position = keys.count
            case 2: position = min(keys.count, 7)
            default: position = Int.random(in: 0...keys.count, using: &generator)
            }
            let lower = position > 0 ? keys[position - 1] : nil
            let upper = position < keys.count ? keys[position] : nil
            let key = FractionalIndex.key(between: lower, and: upper, suffix: suffixes.randomElement(using: &generator)!)
            if let lower, !Self.precedes(lower, key) { Issue.record("seed \(seed) step \(step): \(key) not after \(lower)"); return }
            if let upper, !Self.precedes(key, upper) { Issue.record("seed \(seed) step \(step): \(key) not before \(upper)"); return }
            if key.last == "0" { Issue.record("seed \(seed) step \(step): \(key) ends in 0"); return }
            keys.insert(key, at: position)
        }
        #expect(zip(keys, keys.dropFirst()).allSatisfy { Self.precedes($0, $1) }, "seed \(seed)")
        #expect(Set(keys).count == keys.count, "seed \(seed)")
        // String order (used when sorting siblings) agrees with byte order for these keys.
        #expect(keys.sorted() == keys, "seed \(seed)")
    }

    @Test func twoSitesAtTheSameSpot() {
        let lower = "V0001", upper = "W0001"
        let one = FractionalIndex.key(between: lower, and: upper, suffix: FractionalIndex.suffix(for: SiteID(high: 1_000, low: 0)))
        let two = FractionalIndex.key(between: lower, and: upper, suffix: FractionalIndex.suffix(for: SiteID(high: 2_000, low: 0)))
        #expect(one != two)
        for key in [one, two] { #expect(Self.precedes(lower, key) && Self.precedes(key, upper)) }
        // And there is room between the two.
        let (low, high) = Self.precedes(one, two) ? (one, two) : (two, one)
        let between = FractionalIndex.key(between: low, and: high, suffix: "abc1")
        #expect(Self.precedes(low, between) && Self.precedes(between, high))
    }

    @Test func manyKeysAtOnce() {
        let keys = FractionalIndex.keys(50, between: "A0001", and: "B0001", suffix: "xyz1")
        #expect(keys.count == 50)
        #expect(zip(["A0001"] + keys, keys + ["B0001"]).allSatisfy { Self.precedes($0, $1) })
        #expect(FractionalIndex.keys(0, between: nil, and: nil, suffix: "xyz1") == [])
    }

    /// Appending at the end is the common case (`plumb add`, applying a new spec with many
    /// siblings): keys must stay short (a digit more only every ~60 appends).
    @Test(arguments: ["xyz1", "0001", "V9a1"])
    func appendedKeysStayShort(suffix: String) {
        let keys = FractionalIndex.keys(1_000, between: nil, and: nil, suffix: suffix)
        #expect(zip(keys, keys.dropFirst()).allSatisfy { Self.precedes($0, $1) })
        let longest = keys.map(\.utf8.count).max() ?? 0
        #expect(longest <= 40, "suffix \(suffix): longest of 1,000 appended keys is \(longest) bytes")
    }

    /// Prepending (`--index 0`) likewise.
    @Test(arguments: ["xyz1", "0001", "V9a1"])
    func prependedKeysStayShort(suffix: String) {
        var keys = [FractionalIndex.key(between: nil, and: nil, suffix: suffix)]
        for _ in 0..<1_000 { keys.insert(FractionalIndex.key(between: nil, and: keys[0], suffix: suffix), at: 0) }
        #expect(zip(keys, keys.dropFirst()).allSatisfy { Self.precedes($0, $1) })
        let longest = keys.map(\.utf8.count).max() ?? 0
        #expect(longest <= 80, "suffix \(suffix): longest of 1,000 prepended keys is \(longest) bytes")
    }
}
