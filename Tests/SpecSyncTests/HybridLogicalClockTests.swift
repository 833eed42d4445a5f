import SpecSync
import Testing
import SeededRandom

/// `Timestamp` packing and `HybridLogicalClock`: monotonic ticks, receive, skew refusal.
struct HybridLogicalClockTests {
    @Test func timestampPacksMillisecondsAndCounter() {
        let stamp = Timestamp(milliseconds: 1_700_000_000_123, counter: 7)
        #expect(stamp.milliseconds == 1_700_000_000_123)
        #expect(stamp.counter == 7)
        #expect(stamp.rawValue == 1_700_000_000_123 << 16 | 7)
        #expect(stamp.description == "1700000000123.7")
        #expect(Timestamp(rawValue: stamp.rawValue) == stamp)
        // 48 bits of milliseconds: higher bits are dropped, not spilled into the counter.
        let wide = Timestamp(milliseconds: 1 << 48 | 5, counter: 0)
        #expect(wide.milliseconds == 5 && wide.counter == 0)
        #expect(Timestamp.zero.rawValue == 0)
    }

    static let orderings: [((UInt64, UInt16), (UInt64, UInt16))] = [
        ((1, 0), (2, 0)), ((1, 0), (1, 1)), ((1, UInt16.max), (2, 0)), ((0, 0), (0, 1)), ((999, 5), (1000, 0)),
    ]

    @Test(arguments: orderings)
    func timestampsOrderByMillisecondsThenCounter(_ earlier: (UInt64, UInt16), _ later: (UInt64, UInt16)) {
        let a = Timestamp(milliseconds: earlier.0, counter: earlier.1)
        let b = Timestamp(milliseconds: later.0, counter: later.1)
        #expect(a < b)
        #expect(!(b < a))
    }

    @Test func tickFollowsTheWallClock() {
        var clock = HybridLogicalClock()
        #expect(clock.tick(now: 1_000) == Timestamp(milliseconds: 1_000, counter: 0))
        #expect(clock.tick(now: 1_005) == Timestamp(milliseconds: 1_005, counter: 0))
        #expect(clock.last == Timestamp(milliseconds: 1_005, counter: 0))
    }

    @Test func tickWithinTheSameMillisecondCounts() {
        var clock = HybridLogicalClock()
        _ = clock.tick(now: 1_000)
        #expect(clock.tick(now: 1_000) == Timestamp(milliseconds: 1_000, counter: 1))
        #expect(clock.tick(now: 1_000) == Timestamp(milliseconds: 1_000, counter: 2))
    }

    @Test func tickNeverGoesBackWhenTheWallClockDoes() {
        var clock = HybridLogicalClock()
        let first = clock.tick(now: 5_000)
        let second = clock.tick(now: 4_000)
        let third = clock.tick(now: 1)
        #expect(first < second && second < third)
        #expect(third == Timestamp(milliseconds: 5_000, counter: 2))
        #expect(clock.tick(now: 5_001) == Timestamp(milliseconds: 5_001, counter: 0))
    }

    @Test func counterOverflowMovesToTheNextMillisecond() {
        var clock = HybridLogicalClock(last: Timestamp(milliseconds: 1_000, counter: UInt16.max - 1))
        #expect(clock.tick(now: 1_000) == Timestamp(milliseconds: 1_000, counter: UInt16.max))
        let next = clock.tick(now: 1_000)
        #expect(next == Timestamp(milliseconds: 1_001, counter: 0))
        #expect(clock.tick(now: 900) == Timestamp(milliseconds: 1_001, counter: 1))
    }

    /// Seeded wall clock jumping back and forth: every reading is greater than the one before.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func ticksAreStrictlyIncreasing(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var clock = HybridLogicalClock()
        var previous = Timestamp.zero
        var now: UInt64 = 1_000_000
        for _ in 0..<20_000 {
            now = UInt64(Int64(now) + Int64.random(in: -3...2, using: &generator))
            let reading = clock.tick(now: now)
            #expect(reading > previous, "seed \(seed)")
            #expect(reading.milliseconds >= now, "seed \(seed)")
            previous = reading
        }
    }

    @Test func receiveMovesPastTheRemoteReading() throws {
        var clock = HybridLogicalClock()
        _ = clock.tick(now: 1_000)
        let remote = Timestamp(milliseconds: 1_020, counter: 9)
        try clock.receive(remote, now: 1_000, maxSkew: 60_000)
        #expect(clock.last == remote)
        // The next local edit beats what was received, though the wall clock is behind it.
        let next = clock.tick(now: 1_001)
        #expect(next > remote)
        #expect(next == Timestamp(milliseconds: 1_020, counter: 10))
    }

    @Test func receiveOfAnOlderReadingKeepsTheClock() throws {
        var clock = HybridLogicalClock()
        let mine = clock.tick(now: 2_000)
        try clock.receive(Timestamp(milliseconds: 1_500, counter: 3), now: 2_000, maxSkew: 60_000)
        #expect(clock.last == mine)
        #expect(clock.tick(now: 2_000) > mine)
    }

    static let skews: [(remote: UInt64, now: UInt64, maxSkew: UInt64, refused: Bool)] = [
        (61_001, 1_000, 60_000, true),
        (61_000, 1_000, 60_000, false),
        (60_999, 1_000, 60_000, false),
        (1_000, 1_000, 0, false),
        (1_001, 1_000, 0, true),
        (10, 1_000, 0, false),
        (UInt64(1) << 47, 1_000, 60_000, true),
    ]

    @Test(arguments: skews)
    func skewRefusal(_ example: (remote: UInt64, now: UInt64, maxSkew: UInt64, refused: Bool)) {
        var clock = HybridLogicalClock(last: Timestamp(milliseconds: 500, counter: 0))
        let remote = Timestamp(milliseconds: example.remote, counter: 3)
        do {
            try clock.receive(remote, now: example.now, maxSkew: example.maxSkew)
            #expect(!example.refused, "accepted \(remote)")
            #expect(clock.last == max(remote, Timestamp(milliseconds: 500, counter: 0)))
        } catch {
            #expect(example.refused, "refused \(remote)")
            #expect(error.remote == remote && error.now == example.now && error.maxSkew == example.maxSkew)
            #expect(error.ahead == example.remote - example.now)
            // A refused reading does not move the clock.
            #expect(clock.last == Timestamp(milliseconds: 500, counter: 0))
        }
    }
}
