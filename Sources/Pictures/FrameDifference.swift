import LayoutEngine
import LayoutSpec

/// How two layouts of one document differ in geometry, matching views by id.
public struct FrameDifference: Sendable {
    /// One view whose frame changed; `from` is nil for an added view, `to` for a removed one.
    public struct Entry: Equatable, Sendable {
        public var id: String
        public var from: Rect?
        public var to: Rect?

        public init(id: String, from: Rect?, to: Rect?) {
            self.id = id
            self.from = from
            self.to = to
        }
    }

    /// Views of the new layout that were added or whose frame moved or resized, in its tree
    /// order, then the views of the old layout that are gone, in its tree order.
    public var entries: [Entry] = []

    /// Compares frames; edges within `tolerance` points count as unchanged.
    public init(old: (spec: Spec, layout: Layout), new: (spec: Spec, layout: Layout), tolerance: Double = 1e-9) {
        var oldIndex: [String: Int] = [:]
        oldIndex.reserveCapacity(old.spec.count)
        for (index, view) in old.spec.views.enumerated() { oldIndex[view.id] = index }
        var kept = Set<String>()
        for (index, view) in new.spec.views.enumerated() {
            let frame = new.layout.frames[index]
            guard let previous = oldIndex[view.id] else {
                entries.append(Entry(id: view.id, from: nil, to: frame))
                continue
            }
            kept.insert(view.id)
            let before = old.layout.frames[previous]
            let moved = abs(before.x - frame.x) > tolerance || abs(before.y - frame.y) > tolerance
                || abs(before.width - frame.width) > tolerance || abs(before.height - frame.height) > tolerance
            if moved { entries.append(Entry(id: view.id, from: before, to: frame)) }
        }
        for (index, view) in old.spec.views.enumerated() where !kept.contains(view.id) {
            entries.append(Entry(id: view.id, from: old.layout.frames[index], to: nil))
        }
    }

    /// `{"frames": [{"id", "from": {x, y, width, height} | null, "to": … | null}]}`
    public var json: JSONValue {
        .object([
            JSONMember("frames", .array(entries.map { entry in
                .object([
                    JSONMember("id", .string(entry.id)),
                    JSONMember("from", entry.from.map(FramesJSON.value) ?? .null),
                    JSONMember("to", entry.to.map(FramesJSON.value) ?? .null),
                ])
            })),
        ])
    }
}
