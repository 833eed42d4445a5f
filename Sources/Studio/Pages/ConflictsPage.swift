import LayoutSpec
import SpecStore
import SpecSync

/// `/d/DOC/conflicts`: every conflict `plumb conflicts DOC` lists, each with what won, what
/// lost and what the head has now, and a button that keeps the other value (a new version).
enum ConflictsPage {
    static func render(_ workbench: Workbench, document: String) throws -> String {
        let store = workbench.store
        _ = try store.head(of: document)
        let conflicts = try store.conflicts(of: document)
        var out = PageShell.tabs(document, active: "conflicts", conflicts: conflicts.count)
        out += """
            <p class="explain">When two stores set the same property concurrently, the later write wins and the \
            other is kept here. <b>Keep the other value</b> makes it win, as a new version; \
            <b>Dismiss all</b> forgets the list (as <code>plumb conflicts \(escape(document)) --clear</code>) when the winners are right.</p>

            """
        guard !conflicts.isEmpty else { return out + "<p class=\"empty\">No conflicts.</p>" }
        let head = try workbench.load(document, revision: nil)
        out += """
            <table class="conflicts">
            <thead><tr><th>View</th><th>Property</th><th>Won</th><th>Lost</th><th>Now</th><th></th></tr></thead>
            <tbody>

            """
        for conflict in conflicts {
            let property = Property(rawValue: conflict.property)
            let now = property.flatMap { head.state.value(conflict.view, $0) }
            let alive = head.state.isAlive(conflict.view)
            let action: String
            if !alive {
                action = "<span class=\"muted\">view deleted</span>"
            } else if property != nil && now == conflict.loser.value {
                action = "<span class=\"kept\">kept</span>"
            } else {
                action = """
                    <button type="button" data-action="keep" data-view="\(escape(conflict.view))" data-property="\(escape(conflict.property))" \
                    data-site="\(conflict.loser.stamp.site.hex)" data-hlc="\(conflict.loser.stamp.hlc.rawValue)">Keep the other value</button>
                    """
            }
            out += """
                <tr data-view="\(escape(conflict.view))" data-property="\(escape(conflict.property))">\
                <td><a href="\(escape(Paths.link("/d/\(document)", [("view", conflict.view)])))"><code>\(escape(conflict.view))</code></a></td>\
                <td><code>\(escape(conflict.property))</code></td><td>\(side(conflict.winner))</td><td>\(side(conflict.loser))</td>\
                <td class="now"><code>\(escape(now ?? "unset"))</code></td><td>\(action)</td></tr>

                """
        }
        out += """
            </tbody>
            </table>
            <p><button type="button" class="secondary" data-action="clear">Dismiss all</button></p>
            """
        return out
    }

    private static func side(_ side: Conflict.Side) -> String {
        "<code>\(escape(side.value ?? "unset"))</code><br><span class=\"meta\">site \(side.stamp.site.short) · \(TimeText.short(Int64(side.stamp.hlc.milliseconds)))</span>"
    }
}
