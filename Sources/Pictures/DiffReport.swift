import LayoutEngine

/// A picture diff as one self-contained HTML page (`plumb diff --picture -o diff.html`): the
/// overlay and the side-by-side pictures, switchable, and the list of changes beside them;
/// pointing at a change highlights its view. The studio's diff page is built from the same
/// pieces.
public struct DiffReport {
    public let diff: PictureDiff
    /// The page's heading, e.g. "login: v3 → v5 at 393×852".
    public let title: String

    public init(diff: PictureDiff, title: String) {
        self.diff = diff
        self.title = title
    }

    /// The whole page: no external files, no network.
    public func html() -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>\(XMLText.escaped(title))</title>
        <style>
        body { font: 14px/1.4 system-ui, sans-serif; color: #1F2328; margin: 24px; }
        .modes label { margin-right: 12px; }
        \(Self.styles)
        </style>
        </head>
        <body>
        <h1>\(XMLText.escaped(title))</h1>
        \(modeSwitch(selected: "overlay"))
        <div class="diff">
        \(figures(mode: "overlay"))
        \(changeList())
        </div>
        <script>
        \(Self.script)
        plumbWireDiff(document);
        </script>
        </body>
        </html>

        """
    }

    /// Radio buttons that show one picture or the other.
    public func modeSwitch(selected: String) -> String {
        let modes = [("overlay", "Overlay"), ("side", "Side by side")]
        return "<p class=\"modes\">" + modes.map { mode, label in
            "<label><input type=\"radio\" name=\"mode\" value=\"\(mode)\"\(mode == selected ? " checked" : "")> \(label)</label>"
        }.joined() + "</p>"
    }

    /// Both pictures inline, the one not selected hidden.
    public func figures(mode: String) -> String {
        """
        <figure class="picture" data-mode="overlay"\(mode == "overlay" ? "" : " hidden")>\(Self.inline(diff.overlaySVG()))</figure>
        <figure class="picture" data-mode="side"\(mode == "side" ? "" : " hidden")>\(Self.inline(diff.sideBySideSVG()))</figure>
        """
    }

    /// The changes as a list, each item naming its view (`data-view`) for highlighting.
    public func changeList() -> String {
        guard !diff.changes.isEmpty else { return "<p class=\"changes empty\">No changes between these versions.</p>" }
        var out = "<ol class=\"changes\">\n"
        for change in diff.changes {
            let kind = change.kind == .moved ? change.movement : change.kind.rawValue
            out += "<li tabindex=\"0\" data-view=\"\(XMLText.escaped(change.view))\" data-change=\"\(change.kind.rawValue)\">"
            out += "<span class=\"badge\" style=\"background: \(PictureDiff.color(of: change.kind))\">\(XMLText.escaped(kind))</span> "
            out += "<code>\(XMLText.escaped(change.view))</code> <span class=\"detail\">\(XMLText.escaped(detail(change)))</span></li>\n"
        }
        out += "</ol>"
        // One box with the folded list under it, where the page lays the list beside the picture.
        return diff.folded.isEmpty ? out : "<div class=\"change-list\">" + out + foldedList() + "</div>"
    }

    /// The views that only moved with the edits, folded: a count, the list on demand.
    func foldedList() -> String {
        guard !diff.folded.isEmpty else { return "" }
        let count = diff.folded.count
        var out = "<details class=\"folded\"><summary>\(count) view\(count == 1 ? "" : "s") moved with \(diff.changes.count == 1 ? "it" : "them"), not marked</summary><ol class=\"changes\">\n"
        for change in diff.folded {
            out += "<li tabindex=\"0\" data-view=\"\(XMLText.escaped(change.view))\" data-change=\"folded\"><code>\(XMLText.escaped(change.view))</code> <span class=\"detail\">\(XMLText.escaped(detail(change)))</span></li>\n"
        }
        return out + "</ol></details>"
    }

    private func detail(_ change: PictureChange) -> String {
        func text(_ rect: Rect?) -> String {
            rect.map { NumberText.rect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) } ?? ""
        }
        let properties = change.properties.isEmpty ? "" : change.properties.joined(separator: ", ")
        var words: String
        switch change.kind {
        case .added: words = "at \(text(change.to))"
        case .removed: words = "was at \(text(change.from))"
        case .moved: words = "\(text(change.from)) → \(text(change.to))" + (properties.isEmpty ? "" : "; \(properties)")
        case .changed: words = properties
        }
        if change.kind != .removed && !change.drawnAfter { words += " (not drawn)" }
        return words
    }

    /// An SVG document as an element to put inside HTML: without its XML declaration.
    public static func inline(_ svg: String) -> String {
        guard svg.hasPrefix("<?xml"), let end = svg.firstIndex(of: "\n") else { return svg }
        return String(svg[svg.index(after: end)...])
    }

    /// The change list's look, and the highlight of a change's marks.
    public static let styles = """
        .diff { display: flex; gap: 24px; align-items: flex-start; }
        .diff figure { margin: 0; flex: none; }
        .diff figure[hidden] { display: none; }
        .diff svg { display: block; max-width: 100%; height: auto; box-shadow: 0 0 0 1px #D0D7DE; }
        .changes { list-style: none; padding: 0; margin: 0; min-width: 16em; max-width: 28em; }
        .changes li { padding: 4px 6px; border-radius: 6px; cursor: pointer; }
        .changes li:hover, .changes li.highlight, .changes li:focus { background: #FFF8C5; outline: none; }
        .changes .badge { color: white; border-radius: 10px; padding: 0 7px; font-size: 12px; }
        .changes .detail { color: #59636E; font-size: 12px; }
        .plumb-change.highlight rect, .plumb-change.highlight line, .plumb-change.highlight circle { stroke-width: 4; }
        .plumb-change.highlight rect { fill-opacity: 0.35; }
        svg.focused .plumb-change:not(.highlight) { opacity: 0.2; }
        """

    /// Pointing at (or focusing) a change highlights its marks; the radio buttons switch
    /// pictures. Plain DOM, no libraries; `plumbWireDiff(root)` wires what is under `root`.
    public static let script = #"""
        function plumbHighlight(view) {
          document.querySelectorAll('.plumb-change.highlight, .changes li.highlight').forEach(e => e.classList.remove('highlight'));
          document.querySelectorAll('svg.focused').forEach(e => e.classList.remove('focused'));
          if (view === null) return;
          const marks = Array.from(document.querySelectorAll('.plumb-change')).filter(e => e.dataset.view === view);
          marks.forEach(e => { e.classList.add('highlight'); e.ownerSVGElement && e.closest('figure').querySelector('svg').classList.add('focused'); });
          document.querySelectorAll('.changes li').forEach(e => { if (e.dataset.view === view) e.classList.add('highlight'); });
        }
        function plumbWireDiff(root) {
          root.querySelectorAll('.changes li').forEach(item => {
            item.addEventListener('mouseenter', () => plumbHighlight(item.dataset.view));
            item.addEventListener('focus', () => plumbHighlight(item.dataset.view));
            item.addEventListener('click', () => plumbHighlight(item.dataset.view));
          });
          root.querySelectorAll('.changes').forEach(list => list.addEventListener('mouseleave', () => {
            if (!list.contains(document.activeElement)) plumbHighlight(null);
          }));
          root.querySelectorAll('input[name=mode]').forEach(radio => radio.addEventListener('change', () => {
            root.querySelectorAll('figure.picture').forEach(f => { f.hidden = f.dataset.mode !== radio.value; });
          }));
        }
        """#
}
