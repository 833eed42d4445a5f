import Foundation
import LayoutSpec
import SpecSync
import Testing
@testable import SpecStore

/// The fast paths of a commit against the plain ones, on seeded runs of edits to one store:
/// `LocalCommit.makeLight` (the head read view by view) makes the same payload and tree as
/// `LocalCommit.make` (the whole head loaded), and `DocumentHead`'s point lookups place every
/// view as `Projection` does.
@Suite struct LightCommitTests {
    /// A light edit of a few views: a property set, a view added, one view moved or removed.
    static func edits(_ random: inout StoreFixtures.SeededNumbers, round: Int) -> [Edit] {
        let id = "m\(random.next(320) * 10 + 5 * random.next(2))"
        switch random.next(5) {
        case 0: return [Edit(view: id, property: .kind, value: random.next(2) == 0 ? "\"label\"" : "\"stack\""),
                        Edit(view: id, property: .alive, value: "true"), Edit(view: id, property: .parent, value: "\"root\"")]
        case 1: return [Edit(view: id, property: .parent, value: "\"m\(random.next(32) * 100)\"")]
        case 2: return [Edit(view: id, property: .alive, value: "false")]
        default: return [Edit(view: id, property: .width, value: String(round)), Edit(view: "m\(random.next(300) * 10)", property: .text, value: "\"r\(round)\"")]
        }
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func aLightCommitIsTheWholeCommitAndLookupsAreTheProjection(seed: UInt64) throws {
        var random = StoreFixtures.SeededNumbers(seed: seed)
        let folder = TemporaryFolder()
        let (store, documentID) = try StoreFixtures.labels(in: folder)
        var light = 0
        for round in 0..<40 {
            let edits = Self.edits(&random, round: round)
            let resolved = try store.resolved(try store.head(of: "d"))
            _ = try store.commit(document: "d", message: "round \(round)", author: "test") { head in
                for view in resolved.state.views.keys.sorted() {
                    #expect(try head.contains(view) == resolved.contains(view), "seed \(seed) round \(round): \(view) placed")
                    #expect(try head.children(of: view) == resolved.children(of: view), "seed \(seed) round \(round): children of \(view)")
                }
                #expect(try head.root() == resolved.projection.root, "seed \(seed) round \(round)")
                guard try LocalCommit.isLight(edits, existing: { try head.value($0, .alive) != nil || head.value($0, .kind) != nil }) else { return edits }
                light += 1
                let site = store.site, hlc = Timestamp(rawValue: (1 << 62) + UInt64(round)), time = Int64(round)
                let quick = try LocalCommit.makeLight(document: "d", edits: edits, known: try store.documentTable.known(of: documentID), tree: head.tree,
                                                      site: site, firstSeq: 1_000 + Int64(round) * 10, hlc: hlc, time: time, message: "m", author: "a",
                                                      parentOf: { try head.parent(of: $0) }, entryOf: { try head.rawParentEntry($0) })
                let whole = try LocalCommit.make(document: "d", edits: edits, held: try head.load(), site: site, firstSeq: 1_000 + Int64(round) * 10,
                                                 hlc: hlc, time: time, message: "m", author: "a", holdings: StoreHoldings(store: store))
                #expect(quick.payload.id == whole.payload.id, "seed \(seed) round \(round): the same payload")
                #expect(quick.tree == whole.tree, "seed \(seed) round \(round): the same tree")
                return edits
            }
        }
        #expect(light > 20, "most rounds are light")
    }
}
