import SpecSync
import Testing
import SeededRandom

/// `Stamp` orders by clock, then site, then seq: the last-writer-wins key.
struct StampTests {
    static func stamp(_ ms: UInt64, _ counter: UInt16 = 0, site: UInt64 = 1, low: UInt64 = 0, seq: Int64 = 1) -> Stamp {
        Stamp(hlc: Timestamp(milliseconds: ms, counter: counter), site: SiteID(high: site, low: low), seq: seq)
    }

    static let ordered: [(Stamp, Stamp)] = [
        // The clock decides first, whatever the site and seq.
        (stamp(10, site: 9, seq: 100), stamp(11, site: 1, seq: 1)),
        (stamp(10, 0, site: 9, seq: 100), stamp(10, 1, site: 1, seq: 1)),
        // Equal clocks: the site breaks the tie (high bits, then low bits).
        (stamp(10, site: 1, seq: 100), stamp(10, site: 2, seq: 1)),
        (stamp(10, site: 1, low: 5, seq: 100), stamp(10, site: 1, low: 6, seq: 1)),
        (stamp(10, site: 0x7FFF_FFFF_FFFF_FFFF), stamp(10, site: 0x8000_0000_0000_0000)),
        // Same clock and site: seq.
        (stamp(10, site: 3, seq: 1), stamp(10, site: 3, seq: 2)),
    ]

    @Test(arguments: ordered)
    func order(_ earlier: Stamp, _ later: Stamp) {
        #expect(earlier < later)
        #expect(!(later < earlier))
        #expect(earlier != later)
        #expect(max(earlier, later) == later)
    }

    @Test func equalStampsAreNotLess() {
        #expect(!(Self.stamp(10) < Self.stamp(10)))
        #expect(Self.stamp(10) == Self.stamp(10))
    }

    @Test func sortingIsATotalOrder() {
        var generator = SeededGenerator(seed: 5)
        let stamps = (0..<500).map { _ in
            Self.stamp(UInt64.random(in: 0...3, using: &generator), UInt16.random(in: 0...2, using: &generator),
                       site: UInt64.random(in: 0...2, using: &generator), low: UInt64.random(in: 0...1, using: &generator),
                       seq: Int64.random(in: 0...3, using: &generator))
        }
        let sorted = stamps.sorted()
        for (a, b) in zip(sorted, sorted.dropFirst()) {
            #expect(a < b || a == b)
            let key = { (s: Stamp) in (s.hlc.rawValue, s.site.high, s.site.low, s.seq) }
            #expect(key(a) <= key(b))
        }
    }
}
