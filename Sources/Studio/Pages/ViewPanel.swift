import LayoutEngine
import LayoutSpec
import Pictures
import SpecStore
import SpecSync

/// What a click on a view shows: its frame at this screen, its properties in this version, and
/// the versions that changed it.
enum ViewPanel {
    static let hint = "<p class=\"hint\">Click a view in the picture to see its frame, its properties and its history.</p>"

    static func render(_ workbench: Workbench, version: LoadedVersion, layout: Layout, view id: String, screen: ScreenChoice) throws -> String {
        guard let index = version.spec.views.firstIndex(where: { $0.id == id }) else {
            throw StudioError.notFound("\(version.document) \(version.record.shown(in: version.document)): no view \"\(id)\" is laid out")
        }
        let view = version.spec.views[index]
        let frame = layout.frames[index]
        var out = "<div class=\"view-panel\" data-view=\"\(escape(id))\">"
        out += "<h2><code>\(escape(id))</code> <span class=\"kind\">\(view.kind.rawValue)</span></h2>"
        out += "<p class=\"frame\" data-frame=\"\(NumberText.decimal(frame.x, places: 3)),\(NumberText.decimal(frame.y, places: 3)),\(NumberText.decimal(frame.width, places: 3)),\(NumberText.decimal(frame.height, places: 3))\">"
        out += "x <b>\(NumberText.decimal(frame.x))</b> · y <b>\(NumberText.decimal(frame.y))</b> · <b>\(NumberText.decimal(frame.width))</b> × <b>\(NumberText.decimal(frame.height))</b>"
        out += layout.isDrawn[index] ? "" : " <span class=\"muted\">(not drawn)</span>"
        out += "</p>"
        if let parent = version.spec.parentID(of: index) {
            out += "<p class=\"meta\">in <a href=\"#\" data-select-view=\"\(escape(parent))\"><code>\(escape(parent))</code></a></p>"
        }
        out += "<table class=\"properties\"><tbody>"
        let entries = (version.state.views[id].map { Array($0) } ?? [])
            .filter { $0.0 != .alive && $0.0 != .order && $0.1.value != nil }
            .sorted { $0.0.rawValue < $1.0.rawValue }
        for (property, entry) in entries {
            out += "<tr data-property=\"\(property.rawValue)\"><th>\(property.rawValue)</th><td><code>\(escape(entry.value ?? ""))</code></td></tr>"
        }
        out += "</tbody></table>"
        let history = try RenameHistory.versions(of: version.document, view: id, limit: 50, store: workbench.store)
        out += "<h3>Versions that changed <code>\(escape(id))</code></h3><ol class=\"view-history\">"
        for record in history {
            let link = Paths.link("/d/\(version.document)", [("rev", record.revision(in: version.document))] + screen.query + [("view", id)])
            let number = record.document == version.document ? String(record.number) : escape(record.shown(in: version.document))
            out += "<li\(record.id == version.record.id ? " class=\"current\"" : "")><a href=\"\(escape(link))\"><span class=\"number\">\(number)</span> \(escape(record.subject))</a> <span class=\"meta\">\(escape(record.author)) · \(UTCTime(milliseconds: record.time).minutes)</span></li>"
        }
        return out + "</ol></div>"
    }
}
