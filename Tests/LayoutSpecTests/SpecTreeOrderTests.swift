import LayoutSpec
import SeededRandom
import Testing

/// `Spec.init` checks tree order (pre-order: each view after its parent, each subtree
/// contiguous), which the engine relies on when it jumps over subtrees without bounds checks.
struct SpecTreeOrderTests {
    @Test(arguments: [
        ([-1], true), ([-1, 0, 1, 0, 3], true), ([-1, 0, 1, 1, 0], true), ([-1, 0, 1, 2, 1, 0, 5], true),
        ([-1, 0, 0, 0], true),
        // Each view after its parent, but a subtree broken up: view 3 (child of 1) comes after
        // view 2 (child of 0), which closed 1's subtree.
        ([-1, 0, 0, 1], false), ([-1, 0, 1, 0, 2], false), ([-1, 0, 1, 2, 0, 3], false), ([-1, 0, 0, 1, 2], false),
        ([-1, 0, 2], false), ([-1, -1], false), ([-1, 0, 5], false), ([-1, 0, -2], false),
        ([0], false), ([], false), ([-1, 1], false),
    ] as [([Int], Bool)])
    func treeOrderIsPreOrder(_ parents: [Int], _ valid: Bool) {
        #expect(Spec.isTreeOrder(parents) == valid)
    }

    @Test(arguments: [
        ([-1], [1]), ([-1, 0, 1, 1, 0], [5, 4, 3, 4, 5]), ([-1, 0, 1, 2, 1, 0, 5], [7, 5, 4, 4, 5, 7, 7]),
    ] as [([Int], [Int])])
    func subtreeEndsFollowTheLastDescendant(_ parents: [Int], _ ends: [Int]) {
        #expect(Spec.subtreeEnds(of: parents) == ends)
        let views = parents.indices.map { View(id: "v\($0)", kind: .view) }
        #expect(Spec(name: "t", views: views, parents: parents).subtreeEnds == ends)
    }

    /// `Spec.init` refuses parents out of tree order (the check its doc promises), here the
    /// order the old check let through, which the engine laid out with view 2 under view 1.
    @Test func aSpecOutOfTreeOrderIsRefused() async {
        await #expect(processExitsWith: .failure) {
            _ = Spec(name: "t", views: (0..<4).map { View(id: "v\($0)", kind: .view) }, parents: [-1, 0, 0, 1])
        }
    }

    /// Random parents, each an earlier view: `isTreeOrder` agrees with the definition (a view's
    /// descendants are the views right after it), and a tree-order spec's subtree ends are where
    /// its descendants stop.
    @Test(arguments: [UInt64(1), 2, 3, 4])
    func agreesWithTheDefinition(_ seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var preOrders = 0
        for _ in 0..<2_000 {
            let count = 1 + Int(generator.next() % 9)
            var parents = [-1]
            for index in 1..<count {
                // Mostly the view before or one of its ancestors, so that a fair share is tree order.
                let previous = index - 1
                var parent = generator.next() % 3 == 0 ? Int(generator.next() % UInt64(index)) : previous
                while generator.next() % 2 == 0, parent > 0 { parent = parents[parent] }
                parents.append(parent)
            }
            let ends = Self.descendantEnds(parents)
            #expect(Spec.isTreeOrder(parents) == (ends != nil), "parents \(parents)")
            if let ends {
                preOrders += 1
                #expect(Spec.subtreeEnds(of: parents) == ends, "parents \(parents)")
            }
        }
        #expect(preOrders > 100)
    }

    /// The subtree end of each view by the definition, or `nil` when some view's descendants
    /// are not the views right after it. O(n²).
    static func descendantEnds(_ parents: [Int]) -> [Int]? {
        func isDescendant(_ view: Int, of ancestor: Int) -> Bool {
            var walk = view
            while walk > ancestor { walk = parents[walk] }
            return walk == ancestor
        }
        var ends: [Int] = []
        for view in parents.indices {
            var end = view + 1
            while end < parents.count, isDescendant(end, of: view) { end += 1 }
            if (end..<parents.count).contains(where: { isDescendant($0, of: view) }) { return nil }
            ends.append(end)
        }
        return ends
    }
}
