import LayoutSpec
import SeededRandom
import Testing

/// `SpecCodec.writeText(_:shape:views:to:)`: the parts of consecutive view ranges, put end to
/// end, are the whole text, wherever the cuts fall (inside a subtree, at a first child, right
/// after the root, before a view deep under an open ancestor).
struct SpecTextPartsTests {
    /// A tree of `count` views in tree order, deep and wide by turns, with a few properties set.
    static func randomSpec(seed: UInt64, count: Int) -> Spec {
        var generator = SeededGenerator(seed: seed)
        var views = [View(id: "v0", kind: .stack)], parents = [-1]
        var containers = [0]
        for index in 1..<count {
            // Parents in tree order: the last container, or one of its ancestors' siblings'
            // open chain, so subtrees close at random depths.
            let keep = 1 + Int(generator.next() % UInt64(containers.count))
            containers.removeLast(containers.count - keep)
            parents.append(containers[containers.count - 1])
            let isContainer = generator.next() % 3 == 0
            var view = View(id: "v\(index)", kind: isContainer ? .stack : .label)
            if generator.next() % 2 == 0 { view.width = Double(generator.next() % 400) }
            if !isContainer, generator.next() % 2 == 0 { view.text = "text \(index) \u{e9}\u{1F600}" }
            if generator.next() % 4 == 0 { view.margin = Edges(top: 1, left: 2, bottom: 3, right: Double(generator.next() % 9)) }
            views.append(view)
            if isContainer { containers.append(index) }
        }
        return Spec(name: "parts", views: views, parents: parents)
    }

    static func text(_ spec: Spec, shape: SpecCodec.Shape, cuts: [Int]) -> [UInt8] {
        var text: [UInt8] = []
        let bounds = [0] + cuts + [spec.count]
        for part in 0..<(bounds.count - 1) {
            SpecCodec.writeText(spec, shape: shape, views: bounds[part] ..< bounds[part + 1]) { text += $0 }
        }
        return text
    }

    @Test(arguments: [SpecCodec.Shape.nested, .flat], [UInt64(1), 2, 3])
    func partsPutEndToEndAreTheWholeText(_ shape: SpecCodec.Shape, _ seed: UInt64) {
        let spec = Self.randomSpec(seed: seed, count: 400)
        let whole = Array(SpecCodec.encodeText(spec, shape: shape).utf8)
        for cut in 1..<spec.count {
            #expect(Self.text(spec, shape: shape, cuts: [cut]) == whole, "cut before view \(cut)")
        }
        #expect(Self.text(spec, shape: shape, cuts: [1, 2, 50, 51, 300]) == whole)
        let parts = SpecCodec.textParts(of: spec, count: 3)
        #expect(parts.count == 3 && parts.first?.lowerBound == 0 && parts.last?.upperBound == spec.count)
        #expect(Self.text(spec, shape: shape, cuts: parts.dropLast().map(\.upperBound)) == whole)
    }

    @Test func aSingleViewHasOnePart() {
        let spec = Spec(name: "one", views: [View(id: "root", kind: .view)], parents: [-1])
        #expect(SpecCodec.textParts(of: spec, count: 2) == [0 ..< 1])
        var text: [UInt8] = []
        SpecCodec.writeText(spec, views: 0 ..< 1) { text += $0 }
        #expect(text == Array(SpecCodec.encodeText(spec).utf8))
    }
}
