import LayoutEngine
import LayoutSpec

extension LayoutChecker {
    /// Text cut at this size: the laid-out lines compared with the whole text laid out at the
    /// same width without limits. Reports lines dropped (by `numberOfLines` or the height), a
    /// truncated line, and lines taller than the label's content box, in one warning per
    /// label. Labels that are not drawn are skipped.
    func textFit(_ index: Int) -> LayoutWarning? {
        let view = spec.views[index]
        guard view.kind.hasText, view.text?.isEmpty == false, layout.isDrawn[index],
              let block = layout.textBlock(of: index) else { return nil }
        let styled = view.styledText
        let frame = layout.frames[index]
        let content = Size(
            width: max(0, frame.width - view.padding.horizontal), height: max(0, frame.height - view.padding.vertical))
        let wraps = (view.numberOfLines ?? 1) != 1
        let whole = LineLayout(
            text: styled.text, font: view.resolvedFont, maxWidth: wraps ? content.width : .infinity, maxHeight: .infinity,
            numberOfLines: 0, lineBreakMode: view.lineBreakMode ?? .truncateTail, lineHeight: view.resolvedLineHeight,
            letterSpacing: view.resolvedLetterSpacing, paragraphSpacing: view.paragraphSpacing ?? 0,
            runs: styled.runs, measurer: measurer)
        let shown = block.lines.map(\.text)
        var problems: [String] = []
        if shown.count < whole.lines.count {
            let last = shown.last.map { ", the last ending \(JSONWriter.quote(String($0.suffix(24))))" } ?? ""
            problems.append("\(shown.count) of \(whole.lines.count) lines shown\(last)")
        } else if let changed = zip(shown, whole.lines.map(\.text)).first(where: { $0 != $1 }) {
            problems.append("shown as \(JSONWriter.quote(changed.0)) (\(NumberText.decimal(content.width)) wide)")
        }
        if block.rect.height > content.height + max(tolerance, LineLayout.tolerance) {
            let lines = shown.count == 1 ? "its line is" : "its \(shown.count) lines are"
            problems.append("\(lines) \(NumberText.decimal(block.rect.height)) points tall, but the label's content height is \(NumberText.decimal(content.height))")
        }
        guard !problems.isEmpty else { return nil }
        return warning(index, .textDoesNotFit, "text does not fit: " + problems.joined(separator: "; "))
    }
}
