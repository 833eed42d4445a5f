import LayoutEngine
import Pictures
import SpecStore
import SpecSync

/// `/d/DOC`: the picture of one version on one screen, the document's history, and the view
/// that was clicked.
///
/// Query: `rev` (head by default), `device` or `size` (+ `landscape`), `view` (the selected
/// view). The screen can be resized by dragging its corner: the script asks for
/// `picture.svg` at the new size, and the server lays the version out again.
enum DocumentPage {
    static func render(_ workbench: Workbench, document: String, query: [String: String]) throws -> (main: String, data: [(String, String)]) {
        let screen = try ScreenChoice(query: query)
        let revision = query["rev"]
        let found = try workbench.find(document, revision: revision)
        guard let version = found.loaded else {
            return try nothingToDraw(workbench, document: document, record: found.record, state: found.state, screen: screen, pinned: revision.map { !$0.isEmpty } ?? false)
        }
        let layout = workbench.layout(version, on: screen)
        let svg = SVGRenderer(spec: version.spec, layout: layout, measurer: workbench.measurer).render()
        let checks = CheckList.Group(caption: screen.caption, warnings: CheckList.warnings(workbench, spec: version.spec, layout: layout), link: nil)
        let versions = try RenameHistory.versions(of: document, limit: HistoryList.limit, store: workbench.store)
        let lost = try workbench.store.lostWrites(in: Array(versions.prefix(HistoryList.limit)) + [version.record])
        let conflicts = try ConflictActions.count(workbench.store, document: document)
        let selected = query["view"].flatMap { id in version.spec.views.contains { $0.id == id } ? id : nil }
        // A view kept in the address while stepping through versions that lack it.
        let missing = selected == nil ? query["view"].map {
            "<p class=\"hint\" data-missing=\"\(escape($0))\"><code>\(escape($0))</code> is not in \(escape(version.label)); it stays selected in the versions that have it (Esc forgets it).</p>"
        } : nil

        let width = NumberText.decimal(screen.size.width), height = NumberText.decimal(screen.size.height)
        let pinned = revision.map { !$0.isEmpty } ?? false
        var out = PageShell.tabs(document, active: "document", conflicts: conflicts, screen: screen)
        out += """
            <div class="document">
            <section class="stage">
            <form class="toolbar" data-screen-form>
            <label>Screen \(PageShell.deviceSelect(screen))</label>
            <label>W <input name="w" type="number" min="1" max="100000" step="1" value="\(width)"></label>
            <label>H <input name="h" type="number" min="1" max="100000" step="1" value="\(height)"></label>
            \(PageShell.zoomControls)
            </form>
            \(HistoryList.note(lost[version.record.id] ?? [], document: document))
            \(DesignedSizeNotice.html(version.spec, measurer: workbench.measurer))
            \(version.detached.isEmpty ? "" : "<p class=\"warning\">Not laid out (their parent is deleted or not a container): \(version.detached.map { "<code>\(escape($0))</code>" }.joined(separator: ", "))</p>")
            <div class="screen" data-width="\(width)" data-height="\(height)" data-rev="\(escape(version.record.revision(in: document)))" style="width: \(width)px; height: \(height)px">
            \(DiffReport.inline(svg))<div class="handle" title="drag to resize the screen" aria-label="resize"></div>
            </div>
            <p class="caption"><span data-caption>\(escape(screen.caption))</span> · <span class="version-caption">\(escape(version.label))\(version.record.document == document ? " of \(versions.first?.number ?? version.record.number)" : ", before the rename to \(escape(document))")\(pinned ? "" : " (head)")</span> · \
            <a href="\(escape(Paths.link("/d/\(document)/diff", [("from", DiffPage.previous(version.record, in: versions)?.revision(in: document) ?? version.record.revision(in: document)), ("to", version.record.revision(in: document))] + screen.query)))" data-what-changed>What changed here</a></p>
            </section>
            <aside class="side">
            <section id="panel" class="panel">
            \(try selected.map { try ViewPanel.render(workbench, version: version, layout: layout, view: $0, screen: screen) } ?? missing ?? ViewPanel.hint)
            </section>
            \(CheckList.render([checks]))
            <section class="history">
            <h2>History</h2>
            <p class="hint">Click a version, or step with ↑ and ↓ (or k and j).</p>
            \(HistoryList.render(versions, current: version.record, document: document, lost: lost) { record in
                Paths.link("/d/\(document)", [("rev", record.revision(in: document))] + screen.query)
            })
            </section>
            </aside>
            </div>
            """
        var data: [(String, String)] = [("rev", version.record.revision(in: document)), ("pinned", pinned ? "1" : "0")]
        if let selected { data.append(("view", selected)) }
        return (out, data)
    }

    /// A version with no root view (a deleted document's head, as `plumb docs rm` leaves it):
    /// the same page without a picture, saying why in words, with the history to step back
    /// through and the command that brings the document back.
    private static func nothingToDraw(_ workbench: Workbench, document: String, record: VersionRecord, state: DocumentState,
                                      screen: ScreenChoice, pinned: Bool) throws -> (main: String, data: [(String, String)]) {
        let versions = try RenameHistory.versions(of: document, limit: HistoryList.limit, store: workbench.store)
        let lost = try workbench.store.lostWrites(in: Array(versions.prefix(HistoryList.limit)))
        let conflicts = try ConflictActions.count(workbench.store, document: document)
        let drawable = try NothingToDraw.lastDrawable(workbench, document: document, before: record, in: versions)
        let deleted = state.aliveViews.isEmpty
        var out = PageShell.tabs(document, active: "document", conflicts: conflicts, screen: screen)
        out += "<div class=\"document\">\n<section class=\"stage nothing\" data-no-root>\n"
        out += deleted
            ? "<h2>\(escape(document)) is deleted in v\(record.number)</h2>\n<p>Every view of it is deleted in this version (<q>\(escape(record.subject))</q>, \(escape(record.author)) · \(UTCTime(milliseconds: record.time).minutes)), so there is nothing to draw. Its history and tags stay.</p>\n"
            : "<h2>v\(record.number) of \(escape(document)) has no root view</h2>\n<p>This version has views but no root to lay them out from, so there is nothing to draw.</p>\n"
        if let drawable {
            let link = Paths.link("/d/\(document)", [("rev", drawable.revision(in: document))] + screen.query)
            out += "<p><a class=\"button\" href=\"\(escape(link))\">See \(escape(drawable.shown(in: document))), the last version with a picture</a></p>\n"
            if deleted { out += "<p>To bring it back: <code>plumb revert \(escape(document))@\(escape(drawable.revision(in: document)))</code></p>\n" }
        }
        out += """
            <p><a href="/">← All documents</a></p>
            </section>
            <aside class="side">
            <section class="history">
            <h2>History</h2>
            <p class="hint">Click a version, or step with ↑ and ↓ (or k and j).</p>
            \(HistoryList.render(versions, current: record, document: document, lost: lost) { Paths.link("/d/\(document)", [("rev", $0.revision(in: document))] + screen.query) })
            </section>
            </aside>
            </div>
            """
        return (out, [("rev", record.revision(in: document)), ("pinned", pinned ? "1" : "0")])
    }
}
