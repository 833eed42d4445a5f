import LayoutEngine
import LayoutSpec
import Testing
import TextMetrics

/// A label carrying the size its design measured (`designedWidth`, `designedHeight`) keeps it
/// where its font family is not installed, and is measured where it is.
struct DesignedSizeTests {
    /// A stack holding a label with a designed size of 97.5 × 24, then a 10 × 10 view.
    static func spec(family: String, designed: (width: Double, height: Double)? = (97.5, 24), extra: String = "") -> Spec {
        let size = designed.map { #", "designedWidth": \#($0.width), "designedHeight": \#($0.height)"# } ?? ""
        let text = #"""
            {"plumb": 1, "name": "pinned", "root": {"id": "root", "children": [
              {"id": "column", "kind": "stack", "horizontalAlignment": "left", "verticalAlignment": "top", "children": [
                {"id": "title", "kind": "label", "text": "Welcome back", "horizontalAlignment": "left",
                 "font": {"family": "\#(family)", "size": 20}\#(size)\#(extra)},
                {"id": "after", "width": 10, "height": 10, "horizontalAlignment": "left"}
              ]}
            ]}}
            """#
        return try! SpecCodec.decode(Array(text.utf8), file: "pinned.json")
    }

    static func frame(_ layout: Layout, _ spec: Spec, _ id: String) -> Rect {
        layout.frames[spec.views.firstIndex { $0.id == id }!]
    }

    @Test func aFamilyThatIsNotInstalledKeepsTheDesignedSize() throws {
        let engine = LayoutEngine(measurer: try FontTextMeasurer())
        let spec = Self.spec(family: "Plumb Missing Sans")
        let layout = engine.resolve(spec, viewport: Size(width: 375, height: 667))
        let title = Self.frame(layout, spec, "title")
        #expect(title.width == 97.5 && title.height == 24)
        #expect(Self.frame(layout, spec, "after").y == 24, "the label's designed height moves what follows")
        #expect(DesignedSizes.pinnedLabels(in: spec, measurer: engine.measurer) == [2])
        // Without a designed size the substitute measures it: another size.
        let measured = engine.resolve(Self.spec(family: "Plumb Missing Sans", designed: nil), viewport: Size(width: 375, height: 667))
        #expect(measured.frames[2].width != 97.5 && measured.frames[2].height != 24)
    }

    @Test(arguments: ["DejaVu Sans", "system", "sans-serif"])
    func anInstalledFamilyIsMeasured(family: String) throws {
        let engine = LayoutEngine(measurer: try FontTextMeasurer())
        let spec = Self.spec(family: family)
        let layout = engine.resolve(spec, viewport: Size(width: 375, height: 667))
        let measured = engine.resolve(Self.spec(family: family, designed: nil), viewport: Size(width: 375, height: 667))
        #expect(layout.frames == measured.frames)
        #expect(layout.frames[2].width != 97.5)
        #expect(DesignedSizes.pinnedLabels(in: spec, measurer: engine.measurer).isEmpty)
    }

    /// The fixed metrics measure every family as itself: nothing is pinned.
    @Test func fixedMetricsMeasureEveryFamily() {
        let engine = LayoutEngine(measurer: FixedTextMeasurer())
        let layout = engine.resolve(Self.spec(family: "Plumb Missing Sans"), viewport: Size(width: 375, height: 667))
        #expect(layout.frames[2].width == 12 * 0.6 * 20)
    }

    /// A size of its own wins over the designed one, per axis; a wrapping label takes its
    /// designed width as the width it wraps at.
    @Test func anOwnSizeWinsAndWrappingUsesTheDesignedWidth() throws {
        let engine = LayoutEngine(measurer: try FontTextMeasurer())
        let own = Self.spec(family: "Plumb Missing Sans", extra: #", "width": 150"#)
        let layout = engine.resolve(own, viewport: Size(width: 375, height: 667))
        #expect(layout.frames[2].width == 150 && layout.frames[2].height == 24)
        let wrapping = Self.spec(family: "Plumb Missing Sans", designed: (97.5, 60), extra: #", "numberOfLines": 0"#)
        let wrapped = engine.resolve(wrapping, viewport: Size(width: 375, height: 667))
        #expect(wrapped.frames[2].width == 97.5 && wrapped.frames[2].height == 60)
        let lines = try #require(wrapped.textBlocks.first?.lines)
        #expect(lines.count == 2, "\"Welcome back\" wraps at 97.5 in DejaVu Sans 20")
    }
}
