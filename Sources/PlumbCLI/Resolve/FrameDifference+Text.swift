import LayoutEngine
import Pictures

extension FrameDifference {
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
