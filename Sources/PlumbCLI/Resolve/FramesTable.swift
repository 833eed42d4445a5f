import Pictures
import LayoutEngine
import LayoutSpec

/// `resolve --format table`: one row per view in tree order, the id indented two spaces per
/// level (at most `maxIndent` levels; deeper rows say their depth, `[40] id`), then kind, x, y, width, height (points, at most 2 decimals) and, for labels and
/// buttons, the laid-out lines, each quoted. Views that are not drawn say why after their kind: `(hidden)`,
/// `(collapsed)`, or `(not drawn)` inside a hidden or collapsed view.
enum FramesTable {
    /// Levels of indentation shown; a deeper chain indented in full would make its table grow
    /// with the square of its depth.
    static let maxIndent = 32

    static func render(_ spec: Spec, layout: Layout) -> String {
        var depth = [Int](repeating: 0, count: spec.count)
        for index in 1..<max(1, spec.count) { depth[index] = depth[spec.parents[index]] + 1 }
        let header = ["ID", "KIND", "X", "Y", "WIDTH", "HEIGHT", "TEXT"]
        var rows: [[String]] = []
        rows.reserveCapacity(spec.count)
        for index in 0..<spec.count {
            let view = spec.views[index]
            let frame = layout.frames[index]
            var kind = view.kind.rawValue
            if !layout.isDrawn[index] {
                let reason = switch view.visibility {
                case .collapsed: "collapsed"
                case .hidden: "hidden"
                default: "not drawn"
                }
                kind += " (\(reason))"
            }
            let lines = layout.textBlock(of: index)?.lines.map { JSONWriter.quote($0.text) }.joined(separator: " ") ?? ""
            rows.append([
                String(repeating: "  ", count: min(depth[index], Self.maxIndent))
                    + (depth[index] > Self.maxIndent ? "[\(depth[index])] " : "") + view.id, kind,
                NumberText.decimal(frame.x), NumberText.decimal(frame.y),
                NumberText.decimal(frame.width), NumberText.decimal(frame.height), lines,
            ])
        }
        var widths = header.map(\.count)
        for row in rows {
            for column in 0..<header.count - 1 { widths[column] = max(widths[column], row[column].count) }
        }
        func line(_ cells: [String]) -> String {
            var text = cells[0].rightPadded(to: widths[0]) + "  " + cells[1].rightPadded(to: widths[1])
            for column in 2...5 { text += "  " + cells[column].leftPadded(to: widths[column]) }
            if !cells[6].isEmpty { text += "  " + cells[6] }
            return text
        }
        var lines = [line(header)]
        lines.reserveCapacity(rows.count + 1)
        for row in rows { lines.append(line(row)) }
        return lines.joined(separator: "\n") + "\n"
    }
}
