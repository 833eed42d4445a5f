import SpecSync
import Testing
import SeededRandom

/// `VersionVector`: inclusion, union and the canonical binary form.
struct VersionVectorTests {
    static let a = SiteID(high: 1, low: 0)
    static let b = SiteID(high: 2, low: 0)
    static let c = SiteID(high: 0, low: 9)

    @Test func entriesAndSubscript() {
        var vector = VersionVector([Self.a: 3, Self.b: 0, Self.c: -1])
        #expect(vector.entries == [Self.a: 3])
        #expect(vector[Self.b] == 0)
        vector[Self.b] = 5
        #expect(vector[Self.b] == 5)
        vector[Self.b] = 0
        #expect(vector.entries == [Self.a: 3])
        #expect(vector == VersionVector([Self.a: 3]))
    }

    @Test func includesChanges() {
        let vector = VersionVector([Self.a: 3])
        #expect(vector.includes(site: Self.a, seq: 1))
        #expect(vector.includes(site: Self.a, seq: 3))
        #expect(!vector.includes(site: Self.a, seq: 4))
        #expect(!vector.includes(site: Self.b, seq: 1))
    }

    static let inclusions: [([SiteID: Int64], [SiteID: Int64], Bool)] = [
        ([:], [:], true),
        ([:], [a: 1], true),
        ([a: 1], [:], false),
        ([a: 2], [a: 3], true),
        ([a: 3], [a: 3], true),
        ([a: 4], [a: 3], false),
        ([a: 1, b: 1], [a: 5], false),
        ([a: 1], [a: 1, b: 7], true),
        ([a: 2, b: 1], [a: 1, b: 2], false),
    ]

    @Test(arguments: inclusions)
    func inclusion(_ lhs: [SiteID: Int64], _ rhs: [SiteID: Int64], _ included: Bool) {
        #expect(VersionVector(lhs).isIncluded(in: VersionVector(rhs)) == included)
    }

    @Test func unionIsTheLeastUpperBound() {
        var generator = SeededGenerator(seed: 3)
        let sites = [Self.a, Self.b, Self.c]
        func random() -> VersionVector {
            VersionVector(Dictionary(uniqueKeysWithValues: sites.map { ($0, Int64.random(in: 0...4, using: &generator)) }))
        }
        for _ in 0..<300 {
            let (x, y, z) = (random(), random(), random())
            let union = x.union(y)
            #expect(x.isIncluded(in: union) && y.isIncluded(in: union))
            for site in sites { #expect(union[site] == max(x[site], y[site])) }
            #expect(union == y.union(x))
            #expect(x.union(y).union(z) == x.union(y.union(z)))
            #expect(x.union(x) == x)
            // Least: any vector including both includes the union.
            if x.isIncluded(in: z) && y.isIncluded(in: z) { #expect(union.isIncluded(in: z)) }
        }
    }

    @Test func encodingIsSortedAndRoundTrips() throws {
        let vector = VersionVector([Self.b: 0x0102, Self.a: 7, Self.c: Int64.max])
        let bytes = vector.encoded
        #expect(bytes.count == 72)
        // Sorted by site: c (high 0) first, then a, then b.
        #expect(Array(bytes[0..<16]) == Self.c.bytes)
        #expect(Array(bytes[16..<24]) == [0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])
        #expect(Array(bytes[24..<40]) == Self.a.bytes)
        #expect(Array(bytes[40..<48]) == [0, 0, 0, 0, 0, 0, 0, 7])
        #expect(Array(bytes[48..<64]) == Self.b.bytes)
        #expect(Array(bytes[64..<72]) == [0, 0, 0, 0, 0, 0, 1, 2])
        #expect(VersionVector(encoded: bytes) == vector)
        #expect(vector.sorted.map(\.site) == [Self.c, Self.a, Self.b])
        #expect(VersionVector().encoded == [])
        #expect(VersionVector(encoded: []) == VersionVector())
        #expect(VersionVector(encoded: Array(bytes.dropLast())) == nil)
    }

    @Test func encodingDoesNotDependOnInsertionOrder() {
        var forward = VersionVector()
        var backward = VersionVector()
        let sites = (0..<50).map { SiteID(high: UInt64($0 * 7919 % 50), low: UInt64($0)) }
        for (index, site) in sites.enumerated() { forward[site] = Int64(index + 1) }
        for (index, site) in sites.enumerated().reversed() { backward[site] = Int64(index + 1) }
        #expect(forward.encoded == backward.encoded)
        #expect(VersionVector(encoded: forward.encoded) == forward)
    }
}
