import LayoutSpec
import MergeSimulation
import SpecSync
import Testing

/// What a merge's outcome tells the store to rewrite: exactly the keys whose head entry changed.
struct MergeOutcomeTests {
    static let spec = #"{"plumb": 1, "name": "d", "root": {"id": "root", "kind": "view", "children": [{"id": "a", "kind": "label", "text": "x"}, {"id": "b", "kind": "view", "width": 10}]}}"#

    @Test func theKeysWrittenAreTheOnesWhoseEntryChanged() throws {
        let author = MemoryReplica(site: SiteID(high: 1, low: 1)), receiver = MemoryReplica(site: SiteID(high: 2, low: 2))
        let spec = try SpecCodec.decode(Array(Self.spec.utf8), file: "d.json")
        try author.commit(document: "d", now: 1_000) { head in EditPlanner.edits(toMatch: spec, from: head.state, orderSuffix: "s") }
        let first = try #require(try Merge.run(author.payloads, into: receiver, now: 2_000, maxSkew: .max / 2).documents.first)
        #expect(!first.state.allEntries.isEmpty)
        #expect(Set(first.written) == Set(first.state.allEntries.map(\.key)), "a new document: every entry")
        try receiver.receive(author.payloads, now: 2_000)

        try author.commit(document: "d", now: 3_000) { head in try ViewEdits.set("b", in: head) { _ in [(.width, "20")] } }
        let next = author.payloads.filter { !receiver.holds($0.id) }
        let second = try #require(try Merge.run(next, into: receiver, now: 4_000, maxSkew: .max / 2).documents.first)
        #expect(Set(second.written) == [PropertyKey(view: "b", property: .width)])
    }
}
