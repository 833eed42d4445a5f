import LayoutSpec
import SeededRandom
import Testing

/// The spec writer on trees whose subtrees close at random depths: the text, in either shape,
/// reads back as the spec, and the pieces `writeText` hands over are the whole text.
struct SpecWriterTreeTests {
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

    @Test(arguments: [SpecCodec.Shape.nested, .flat], [UInt64(1), 2, 3])
    func textReadsBackAsTheSpec(_ shape: SpecCodec.Shape, _ seed: UInt64) throws {
        let spec = Self.randomSpec(seed: seed, count: 2_000)
        let whole = SpecCodec.encodeText(spec, shape: shape)
        #expect(try SpecCodec.decode(Array(whole.utf8), file: "random.json") == spec)
        var pieces: [[UInt8]] = []
        SpecCodec.writeText(spec, shape: shape) { pieces.append($0) }
        #expect(pieces.count > 1)
        #expect(Array(pieces.joined()) == Array(whole.utf8))
    }
}
