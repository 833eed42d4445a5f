import SpecStore
import SpecSync

/// `/`: every document with its version count, last change, open conflicts and a thumbnail
/// of its head. Deleted documents (`plumb docs rm`) are left out, as `plumb docs` leaves them
/// out; `?deleted=1` lists them too, marked and without a thumbnail, as `plumb docs --all`.
enum DocumentsPage {
    static func render(_ workbench: Workbench, showDeleted: Bool) throws -> (main: String, title: String) {
        let all = try workbench.store.documents().map { (summary: $0, deleted: try workbench.store.isDeleted($0.name)) }
        let documents = all.filter { showDeleted || !$0.deleted }
        let deletedCount = all.count { $0.deleted }
        let deletedNote = deletedCount == 0 ? "" : showDeleted
            ? "<p class=\"hint\">Deleted documents are listed, marked <span class=\"deleted-mark\">deleted</span> (as <code>plumb docs --all</code>). <a href=\"/\">Hide them</a></p>"
            : "<p class=\"hint\"><a href=\"/?deleted=1\">\(deletedCount) deleted document\(deletedCount == 1 ? "" : "s")</a> not listed (as <code>plumb docs</code>); their history stays.</p>"
        guard !documents.isEmpty else {
            if deletedCount > 0 { return ("<h1>Documents</h1><p class=\"empty\">No documents but deleted ones.</p>\(deletedNote)", "Documents") }
            return ("<h1>Documents</h1><p class=\"empty\">No documents yet. Add one with <code>plumb apply FILE</code>; this page follows the store.</p>", "Documents")
        }
        var out = """
            <h1>Documents</h1>
            <table class="documents">
            <thead><tr><th></th><th>Document</th><th class="number">Versions</th><th>Last change</th><th class="number">Open conflicts</th></tr></thead>
            <tbody>

            """
        for (document, deleted) in documents {
            let link = escape(Paths.link("/d/\(document.name)"))
            let conflicts = try ConflictActions.count(workbench.store, document: document.name)
            var change = ""
            var thumbnail = ""
            if let head = document.head, let last = document.lastChange ?? document.head {
                change = "\(escape(last.subject))<br><span class=\"meta\">\(escape(last.author)) · \(UTCTime(milliseconds: last.time).minutes)</span>"
                let picture = Paths.link("/d/\(document.name)/picture.svg", [("rev", head.id.hex), ("device", "iphone-15")])
                if !deleted { thumbnail = "<img src=\"\(escape(picture))\" alt=\"\(escape(document.name)) at head\" loading=\"lazy\">" }
            }
            let conflictCell = conflicts > 0
                ? "<a class=\"count\" href=\"\(escape(Paths.link("/d/\(document.name)/conflicts")))\">\(conflicts)</a>" : "0"
            out += """
                <tr data-document="\(escape(document.name))"\(deleted ? " class=\"deleted\"" : "")><td class="thumb"><a href="\(link)">\(thumbnail)</a></td>\
                <td><a class="name" href="\(link)">\(escape(document.name))</a>\(deleted ? " <span class=\"deleted-mark\">deleted</span>" : "")</td>\
                <td class="number versions">\(document.versions)</td><td>\(change)</td><td class="number conflicts">\(conflictCell)</td></tr>

                """
        }
        out += "</tbody>\n</table>\n\(deletedNote)"
        return (out, "Documents")
    }
}
