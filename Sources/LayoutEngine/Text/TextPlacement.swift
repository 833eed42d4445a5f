import LayoutSpec

/// Placing laid-out text in a label's content box: `textAlignment` × `textVerticalAlignment`,
/// nine positions in all (DESIGN.md §2, label text).
enum TextPlacement {
    /// The text block and its lines in `content`.
    ///
    /// The block (as wide as the widest line, as tall as the lines) goes left, centred or
    /// right, and top, middle or bottom; each line is aligned on its own across the content
    /// width. Text larger than the box overflows the same way docking does.
    static func place(
        _ layout: LineLayout, in content: Rect, alignment: TextAlignment, verticalAlignment: TextVerticalAlignment
    ) -> TextBlock {
        let size = layout.size
        let top: Double = switch verticalAlignment {
        case .top: content.y
        case .middle: content.y + (content.height - size.height) / 2
        case .bottom: content.y + content.height - size.height
        }
        var lines: [TextLine] = []
        lines.reserveCapacity(layout.lines.count)
        for line in layout.lines {
            let rect = Rect(
                x: x(of: line.width, in: content, alignment: alignment), y: top + line.top,
                width: line.width, height: line.height)
            lines.append(TextLine(text: line.text, rect: rect, baseline: line.baseline, spans: line.spans))
        }
        let block = Rect(x: x(of: size.width, in: content, alignment: alignment), y: top, width: size.width, height: size.height)
        return TextBlock(rect: block, lines: lines)
    }

    /// Left edge of something `width` wide aligned in `content`.
    private static func x(of width: Double, in content: Rect, alignment: TextAlignment) -> Double {
        switch alignment {
        case .left: content.x
        case .center: content.x + (content.width - width) / 2
        case .right: content.x + content.width - width
        }
    }
}
