import SpecStore
import SpecSync

/// `/`: every document with its version count, last change, open conflicts and a thumbnail
/// of its head.
enum DocumentsPage {
    static func render(_ workbench: Workbench) throws -> (main: String, title: String) {
        let documents = try workbench.store.documents()
        guard !documents.isEmpty else {
            return ("<h1>Documents</h1><p class=\"empty\">No documents yet. Add one with <code>plumb apply FILE</code>; this page follows the store.</p>", "Documents")
        }
        var out = """
            <h1>Documents</h1>
            <table class="documents">
            <thead><tr><th></th><th>Document</th><th class="number">Versions</th><th>Last change</th><th class="number">Open conflicts</th></tr></thead>
            <tbody>

            """
        for document in documents {
            let link = escape(Paths.link("/d/\(document.name)"))
            let conflicts = try ConflictActions.count(workbench.store, document: document.name)
            var change = ""
            var thumbnail = ""
            if let head = document.head, let last = document.lastChange ?? document.head {
                change = "\(escape(last.message))<br><span class=\"meta\">\(escape(last.author)) · \(UTCTime(milliseconds: last.time).minutes)</span>"
                let picture = Paths.link("/d/\(document.name)/picture.svg", [("rev", head.id.hex), ("device", "iphone-15")])
                thumbnail = "<img src=\"\(escape(picture))\" alt=\"\(escape(document.name)) at head\" loading=\"lazy\">"
            }
            let conflictCell = conflicts > 0
                ? "<a class=\"count\" href=\"\(escape(Paths.link("/d/\(document.name)/conflicts")))\">\(conflicts)</a>" : "0"
            out += """
                <tr data-document="\(escape(document.name))"><td class="thumb"><a href="\(link)">\(thumbnail)</a></td>\
                <td><a class="name" href="\(link)">\(escape(document.name))</a></td>\
                <td class="number versions">\(document.versions)</td><td>\(change)</td><td class="number conflicts">\(conflictCell)</td></tr>

                """
        }
        out += "</tbody>\n</table>"
        return (out, "Documents")
    }
}
