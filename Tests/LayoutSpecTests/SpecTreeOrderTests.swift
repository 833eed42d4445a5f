import LayoutSpec
import Testing

/// `Spec.init` checks its parents, which the engine indexes without bounds checks.
struct SpecTreeOrderTests {
    @Test(arguments: [
        ([-1], true), ([-1, 0, 0, 1], true), ([-1, 0, 2], false), ([-1, -1], false), ([-1, 0, 5], false),
        ([0], false), ([], false), ([-1, 1], false),
    ] as [([Int], Bool)])
    func parentsMustComeBefore(_ parents: [Int], _ valid: Bool) {
        #expect(Spec.isTreeOrder(parents) == valid)
    }
}
