import LayoutEngine
import LayoutSpec
import Pictures

/// What `plumb check` says about a version at one screen (`LayoutChecker`, the same code),
/// listed beside a picture: one group per screen, each warning naming its view. On the
/// picture page a click on a warning selects its view; on the sheet page it opens the picture
/// page at that device with the view selected.
enum CheckList {
    /// One screen's warnings: its caption and where a click on a view goes (nil: select it on
    /// this page).
    struct Group {
        var caption: String
        var warnings: [LayoutWarning]
        var link: ((String) -> String)?
    }

    /// The warnings `plumb check` prints for `spec` laid out as `layout` (overlaps included).
    static func warnings(_ workbench: Workbench, spec: Spec, layout: Layout) -> [LayoutWarning] {
        LayoutChecker(spec: spec, layout: layout, measurer: workbench.measurer).warnings()
    }

    /// Warnings listed at most per screen; the rest are counted (`plumb check` prints them all).
    static let limit = 100

    static func render(_ groups: [Group]) -> String {
        let total = groups.reduce(0) { $0 + $1.warnings.count }
        var out = "<section class=\"checks\" data-checks=\"\(total)\">\n<h2>Checks <span class=\"meta\">as <code>plumb check</code></span></h2>\n"
        for group in groups {
            let count = group.warnings.isEmpty ? "no warnings" : "\(group.warnings.count) warning\(group.warnings.count == 1 ? "" : "s")"
            out += "<div class=\"check-group\" data-screen=\"\(escape(group.caption))\" data-count=\"\(group.warnings.count)\">"
            out += "<h3>\(escape(group.caption)) <span class=\"meta\">· \(count)</span></h3>"
            guard !group.warnings.isEmpty else { out += "</div>\n"; continue }
            out += "<ul>"
            for warning in group.warnings.prefix(limit) {
                let view = escape(warning.view)
                let target = group.link.map { "href=\"\(escape($0(warning.view)))\"" } ?? "href=\"#\" data-select-view=\"\(view)\""
                out += "<li data-check=\"\(warning.check.rawValue)\" data-view=\"\(view)\"><a \(target)><code>\(view)</code></a> "
                out += "\(escape(warning.message)) <span class=\"check-name\">\(warning.check.rawValue)</span></li>"
            }
            if group.warnings.count > limit {
                out += "<li class=\"more\">… and \(group.warnings.count - limit) more: <code>plumb check</code> lists them all</li>"
            }
            out += "</ul></div>\n"
        }
        return out + "</section>"
    }
}
