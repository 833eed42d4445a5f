import LayoutEngine
import LayoutSpec
import Testing

/// Star tracks share space by weight, however large the weights.
@Suite struct StarWeightTests {
    static let weights: [[Double]] = [[1e308, 1e308], [1.7e308, 1.7e308, 1.7e308], [1e308, 1], [2, 1]]

    @Test(arguments: weights)
    func hugeWeightsShareFinitely(_ weights: [Double]) {
        var grid = View(id: "grid", kind: .grid)
        grid.columns = weights.map { .star($0) }
        var views = [grid]
        var parents = [-1]
        for index in weights.indices {
            var cell = View(id: "c\(index)", kind: .view)
            cell.column = index
            views.append(cell)
            parents.append(0)
        }
        let layout = LayoutEngine(measurer: FixedTextMeasurer())
            .resolve(Spec(name: "stars", views: views, parents: parents), viewport: Size(width: 300, height: 100))
        let widths = (1...weights.count).map { layout.frames[$0].width }
        #expect(widths.allSatisfy { $0.isFinite && $0 >= 0 }, "\(widths)")
        #expect(abs(widths.reduce(0, +) - 300) < 1e-6, "\(widths)")
        let largest = weights.max()!
        for (index, weight) in weights.enumerated() {
            let expected = 300 * (weight / largest) / weights.reduce(0) { $0 + $1 / largest }
            #expect(abs(widths[index] - expected) < 1e-6)
        }
    }
}
