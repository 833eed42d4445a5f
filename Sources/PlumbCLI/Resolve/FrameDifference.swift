import Pictures
import LayoutEngine
import LayoutSpec

/// How two layouts of one document differ in geometry, matching views by id.
struct FrameDifference {
    /// One view whose frame changed; `from` is nil for an added view, `to` for a removed one.
    struct Entry: Equatable {
        var id: String
        var from: Rect?
        var to: Rect?
    }

    /// Views of the new layout that were added or whose frame moved or resized, in its tree
    /// order, then the views of the old layout that are gone, in its tree order.
    var entries: [Entry] = []

    /// Compares frames; edges within `tolerance` points count as unchanged.
    init(old: (spec: Spec, layout: Layout), new: (spec: Spec, layout: Layout), tolerance: Double = 1e-9) {
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
    var json: JSONValue {
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

    /// `~ ok: 195, 10, 100×100 → 245, 10, 150×100`, `+ help: …`, `- old: …`
    func lines(console: Console) -> [String] {
        func text(_ rect: Rect) -> String { NumberText.rect(x: rect.x, y: rect.y, width: rect.width, height: rect.height) }
        return entries.map { entry in
            switch (entry.from, entry.to) {
            case (let from?, let to?): "~ \(entry.id): \(text(from)) → \(text(to))"
            case (nil, let to?): console.colored("+ \(entry.id): \(text(to))", "32")
            case (let from?, nil): console.colored("- \(entry.id): \(text(from))", "31")
            case (nil, nil): "  \(entry.id)"
            }
        }
    }
}
