import Foundation
import LayoutEngine
import LayoutSpec

/// The rules every layout keeps, checked frame by frame; a broken rule traps (the fuzzer saves
/// the input).
enum LayoutRules {
    static func check(_ spec: Spec, _ layout: Layout, viewport: Size) {
        current = (spec, viewport)
        for (index, frame) in layout.frames.enumerated() {
            let id = spec.views[index].id
            guard frame.x.isFinite, frame.y.isFinite, frame.width.isFinite, frame.height.isFinite else {
                fail("\(id): frame not finite: \(frame)")
            }
            guard frame.width >= 0, frame.height >= 0 else { fail("\(id): negative size: \(frame)") }
        }
        for block in layout.textBlocks {
            for rect in [block.rect] + block.lines.map(\.rect) where !(rect.x.isFinite && rect.y.isFinite && rect.width.isFinite && rect.height.isFinite) {
                fail("text not finite: \(rect)")
            }
        }
        let collapsed = collapsedViews(spec)
        for index in spec.views.indices where collapsed[index] {
            let frame = layout.frames[index]
            guard frame.width == 0, frame.height == 0 else { fail("\(spec.views[index].id): collapsed but \(frame)") }
        }
        for index in spec.views.indices.dropFirst() where !collapsed[index] {
            let parent = spec.parents[index]
            guard spec.views[parent].kind == .view else { continue }
            checkDocking(spec.views[index], frame: layout.frames[index], parent: spec.views[parent], parentFrame: layout.frames[parent])
        }
    }

    /// DESIGN.md §2: a child of a `view` docks in the parent's content box (its frame less
    /// padding, at least empty).
    static func checkDocking(_ view: View, frame: Rect, parent: View, parentFrame: Rect) {
        let slotX = parentFrame.x + (parent.padding.left ?? 0), slotY = parentFrame.y + (parent.padding.top ?? 0)
        // The content box: the frame less padding, never negative.
        let slotWidth = max(0, parentFrame.width - parent.padding.horizontal), slotHeight = max(0, parentFrame.height - parent.padding.vertical)
        axis(view.id, "x", placement: view.horizontalAlignment.map { [.fill: 0, .left: 1, .center: 2, .right: 3][$0]! } ?? 0,
             slotStart: slotX, slotLength: slotWidth, marginStart: view.margin.left ?? 0, marginEnd: view.margin.right ?? 0,
             minimum: view.minWidth ?? 0, maximum: view.maxWidth ?? .infinity, padding: view.padding.horizontal,
             limited: view.width != nil || view.minWidth != nil || view.maxWidth != nil, origin: frame.x, length: frame.width)
        axis(view.id, "y", placement: view.verticalAlignment.map { [.fill: 0, .top: 1, .center: 2, .bottom: 3][$0]! } ?? 0,
             slotStart: slotY, slotLength: slotHeight, marginStart: view.margin.top ?? 0, marginEnd: view.margin.bottom ?? 0,
             minimum: view.minHeight ?? 0, maximum: view.maxHeight ?? .infinity, padding: view.padding.vertical,
             limited: view.height != nil || view.minHeight != nil || view.maxHeight != nil, origin: frame.y, length: frame.height)
    }

    /// One axis of the docking table; `placement` 0 fill, 1 start, 2 center, 3 end. A filling
    /// view is never shorter than its padding; with no size, minimum or maximum of its own
    /// (`limited` false) it starts at the slot's start, else it is centred.
    static func axis(_ id: String, _ name: String, placement: Int, slotStart: Double, slotLength: Double, marginStart: Double,
                     marginEnd: Double, minimum: Double, maximum: Double, padding: Double, limited: Bool, origin: Double, length: Double) {
        // A slot smaller than the margins leaves no usable length, not a negative one.
        let usable = max(0, slotLength - marginStart - marginEnd)
        let start = slotStart + marginStart
        // Where the sums themselves lose all precision (1e300-point margins), there is nothing
        // exact to compare.
        guard usable.isFinite, start.isFinite, abs(start) < 1e15, abs(usable) < 1e15 else { return }
        // Within rounding of the largest term involved (a 1e300-point view centred in a
        // 375-point slot has its origin only to within 1e284 or so).
        let scale = max(1, abs(origin), abs(length), abs(start), abs(usable))
        func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * scale }
        switch placement {
        case 0:
            let expected = max(max(min(usable, maximum), minimum), padding)
            guard near(length, expected) else { fail("\(id): fill \(name) length \(length), expected \(expected)") }
            guard near(origin, limited ? start + (usable - length) / 2 : start) else { fail("\(id): fill \(name) origin \(origin)") }
        case 1:
            guard near(origin, start) else { fail("\(id): start-docked \(name) at \(origin), expected \(start)") }
        case 2:
            guard near(origin + length / 2, start + usable / 2) else { fail("\(id): centred \(name) at \(origin)") }
        default:
            guard near(origin + length, start + usable) else { fail("\(id): end-docked \(name) ends at \(origin + length), expected \(start + usable)") }
        }
    }

    static func collapsedViews(_ spec: Spec) -> [Bool] {
        var collapsed = [Bool](repeating: false, count: spec.count)
        for index in spec.views.indices {
            collapsed[index] = spec.views[index].visibility == .collapsed || (index > 0 && collapsed[spec.parents[index]])
        }
        return collapsed
    }

    /// The spec being checked, printed when a rule breaks.
    nonisolated(unsafe) static var current: (spec: Spec, viewport: Size)?

    static func fail(_ message: String) -> Never {
        if let current {
            let text = "viewport \(current.viewport.width)x\(current.viewport.height)\n" + SpecCodec.encodeText(current.spec, shape: .nested) + "\n"
            FileHandle.standardError.write(Data(text.utf8))
        }
        fatalError("layout rule broken: \(message)")
    }
}
