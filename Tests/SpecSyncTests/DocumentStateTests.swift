import LayoutSpec
import SpecSync
import Testing
import SeededRandom

/// `DocumentState`: the last-writer-wins fold, and that it is a join (idempotent,
/// commutative, associative) so any delivery order gives the same state.
struct DocumentStateTests {
    static let siteA = SiteID(high: 1, low: 0)
    static let siteB = SiteID(high: 2, low: 0)

    static func change(_ view: String, _ property: Property, _ value: String?, ms: UInt64, counter: UInt16 = 0, site: SiteID = siteA, seq: Int64 = 1) -> Change {
        Change(stamp: Stamp(hlc: Timestamp(milliseconds: ms, counter: counter), site: site, seq: seq), document: "doc", view: view, property: property, value: value)
    }

    @Test func laterChangeWinsInEitherOrder() {
        let early = Self.change("a", .width, "10", ms: 1)
        let late = Self.change("a", .width, "20", ms: 2)
        for order in [[early, late], [late, early]] {
            let state = DocumentState(order)
            #expect(state.value("a", .width) == "20")
            #expect(state.entry("a", .width)?.stamp == late.stamp)
            #expect(state.count == 1)
        }
    }

    @Test func equalClocksAreDecidedBySiteThenSeq() {
        let fromA = Self.change("a", .text, "\"A\"", ms: 5, site: Self.siteA, seq: 9)
        let fromB = Self.change("a", .text, "\"B\"", ms: 5, site: Self.siteB, seq: 1)
        #expect(DocumentState([fromA, fromB]).value("a", .text) == "\"B\"")
        #expect(DocumentState([fromB, fromA]).value("a", .text) == "\"B\"")
        let first = Self.change("a", .text, "\"1\"", ms: 5, seq: 1)
        let second = Self.change("a", .text, "\"2\"", ms: 5, seq: 2)
        #expect(DocumentState([second, first]).value("a", .text) == "\"2\"")
    }

    @Test func unsetIsAValueThatCanWin() {
        let set = Self.change("a", .width, "10", ms: 1)
        let unset = Self.change("a", .width, nil, ms: 2)
        let state = DocumentState([unset, set])
        #expect(state.value("a", .width) == nil)
        #expect(state.entry("a", .width) == DocumentState.Entry(value: nil, stamp: unset.stamp))
        #expect(state.count == 1)
    }

    @Test func applyReturnsThePreviousEntry() {
        var state = DocumentState()
        let first = Self.change("a", .width, "10", ms: 2)
        #expect(state.apply(first) == nil)
        // An older change loses, and says what beat it.
        #expect(state.apply(Self.change("a", .width, "5", ms: 1)) == DocumentState.Entry(value: "10", stamp: first.stamp))
        #expect(state.value("a", .width) == "10")
        let newer = Self.change("a", .width, "30", ms: 3)
        #expect(state.apply(newer) == DocumentState.Entry(value: "10", stamp: first.stamp))
        #expect(state.value("a", .width) == "30")
        #expect(state.apply(Self.change("a", .height, "1", ms: 3)) == nil)
        #expect(state.apply(Self.change("b", .width, "1", ms: 3)) == nil)
        #expect(state.count == 3)
        #expect(state.views.count == 2)
        #expect(state.views["a"]?.count == 2)
    }

    @Test func aliveViews() {
        let state = DocumentState([
            Self.change("a", .alive, "true", ms: 1), Self.change("b", .alive, "false", ms: 1),
            Self.change("c", .width, "1", ms: 1), Self.change("d", .alive, "true", ms: 1), Self.change("d", .alive, "false", ms: 2),
            Self.change("e", .alive, "false", ms: 1), Self.change("e", .alive, "true", ms: 2),
        ])
        #expect(state.aliveViews == ["a", "e"])
        #expect(state.isAlive("a") && !state.isAlive("b") && !state.isAlive("c") && !state.isAlive("d") && state.isAlive("e"))
        #expect(!state.isAlive("missing"))
    }

    @Test func allEntries() {
        let changes = [Self.change("a", .width, "1", ms: 1), Self.change("a", .height, "2", ms: 1), Self.change("b", .text, nil, ms: 1)]
        let state = DocumentState(changes)
        let entries = state.allEntries.sorted { $0.key < $1.key }
        #expect(entries.map(\.key) == [PropertyKey(view: "a", property: .width), PropertyKey(view: "a", property: .height), PropertyKey(view: "b", property: .text)])
        #expect(entries.map(\.entry.value) == ["1", "2", nil])
    }

    // MARK: The fold is a join

    /// Random changes from several sites to a few views and properties, with clashes.
    static func randomChanges(seed: UInt64, count: Int) -> [Change] {
        var generator = SeededGenerator(seed: seed)
        let sites = (1...4).map { SiteID(high: UInt64($0) << 60, low: UInt64($0)) }
        var seqs = [Int64](repeating: 0, count: sites.count)
        let properties: [Property] = [.width, .text, .alive, .parent, .order, .marginTop]
        return (0..<count).map { _ in
            let site = Int.random(in: 0..<sites.count, using: &generator)
            seqs[site] += 1
            let value: String? = Int.random(in: 0..<6, using: &generator) == 0 ? nil : String(Int.random(in: 0..<100, using: &generator))
            return Change(
                stamp: Stamp(hlc: Timestamp(milliseconds: UInt64.random(in: 0..<20, using: &generator), counter: UInt16.random(in: 0..<2, using: &generator)),
                             site: sites[site], seq: seqs[site]),
                document: "doc", view: "v\(Int.random(in: 0..<6, using: &generator))",
                property: properties.randomElement(using: &generator)!, value: value)
        }
    }

    /// The expected state, computed independently: the greatest stamp per key.
    static func expectedEntries(_ changes: [Change]) -> [PropertyKey: Change] {
        var best: [PropertyKey: Change] = [:]
        for change in changes {
            let key = PropertyKey(view: change.view, property: change.property)
            if let current = best[key], !(current.stamp < change.stamp) { continue }
            best[key] = change
        }
        return best
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func anyDeliveryOrderGivesTheSameState(seed: UInt64) {
        let changes = Self.randomChanges(seed: seed, count: 300)
        let reference = DocumentState(changes)
        let expected = Self.expectedEntries(changes)
        #expect(reference.count == expected.count, "seed \(seed)")
        for (key, change) in expected {
            #expect(reference.entry(key.view, key.property) == DocumentState.Entry(value: change.value, stamp: change.stamp), "seed \(seed)")
        }
        var generator = SeededGenerator(seed: seed &+ 1_000)
        for _ in 0..<10 {
            // Shuffled, with some changes delivered two or three times.
            var delivery = changes
            for _ in 0..<100 { delivery.append(changes.randomElement(using: &generator)!) }
            delivery.shuffle(using: &generator)
            let state = DocumentState(delivery)
            #expect(state.sortedEntries == reference.sortedEntries, "seed \(seed)")
            let equal = state == reference
            #expect(equal, "seed \(seed): equal content must compare equal")
        }
    }

    @Test(arguments: [11, 12, 13, 14] as [UInt64])
    func mergeIsIdempotentCommutativeAssociative(seed: UInt64) {
        let changes = Self.randomChanges(seed: seed, count: 240)
        // Three replicas, each with an overlapping part of the changes.
        let a = DocumentState(changes[0..<120])
        let b = DocumentState(changes[80..<200])
        let c = DocumentState(changes[150..<240] + changes[0..<10])
        func merged(_ states: DocumentState...) -> DocumentState {
            var result = states[0]
            for state in states.dropFirst() { result.merge(state) }
            return result
        }
        let all = DocumentState(changes)
        var bc = b
        bc.merge(c)
        // Compared by content, then with `==` (which must agree).
        #expect(merged(a, a).sortedEntries == a.sortedEntries, "seed \(seed): idempotent")
        #expect(merged(a, b).sortedEntries == merged(b, a).sortedEntries, "seed \(seed): commutative")
        #expect(merged(merged(a, b), c).sortedEntries == merged(a, bc).sortedEntries, "seed \(seed): associative")
        #expect(merged(c, b, a).sortedEntries == all.sortedEntries, "seed \(seed): the join of all")
        let idempotent = merged(a, a) == a
        let commutative = merged(a, b) == merged(b, a)
        let associative = merged(merged(a, b), c) == merged(a, bc)
        let joinOfAll = merged(c, b, a) == all
        #expect(idempotent, "seed \(seed)")
        #expect(commutative, "seed \(seed)")
        #expect(associative, "seed \(seed)")
        #expect(joinOfAll, "seed \(seed)")
        #expect(merged(a, b, c).count == all.count)
    }
}
