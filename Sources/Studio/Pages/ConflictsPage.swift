import LayoutSpec
import SpecStore
import SpecSync

/// `/d/DOC/conflicts`: every conflict `plumb conflicts DOC` lists. Property conflicts show what
/// won, what lost and what the head has now, with a button that keeps the other value;
/// structural ones say what happened in `plumb conflicts`' words, with a button that restores
/// the lost view as `plumb restore` does. Each button makes a new version.
enum ConflictsPage {
    static func render(_ workbench: Workbench, document: String) throws -> String {
        let store = workbench.store
        _ = try store.head(of: document)
        let properties = try store.conflicts(of: document)
        let structural = try store.structuralConflicts(of: document).map { ($0, try store.losingVersion(of: $0, in: document)) }
        let head = try workbench.find(document, revision: nil)
        let reading = ResolvedDocument(name: document, effective: head.state)
        let settled = try store.resolutions(of: document)
        let open = try ConflictActions.count(store, document: document)
        let people = People(store: store, document: document, names: SiteNames(try store.siteNames()))
        var out = PageShell.tabs(document, active: "conflicts", conflicts: open)
        out += """
            <p class="explain">When two stores set the same property concurrently, the later write wins and the \
            other is kept here; <b>Keep the other value</b> makes it win (when the head's value changed since the merge, \
            it shows both and asks first). When one store deletes a view while another \
            works on it or under it, the delete wins and the lost work is kept here; <b>Restore</b> brings the view back \
            as it was in the version that lost (as <code>plumb restore</code>). Each makes a new version, so \
            <code>plumb revert \(escape(document))@\(head.record.number)</code> (the head now) or the history undoes it. \
            <b>Dismiss</b> settles one when its winner is right. Kept, restored and dismissed conflicts stay listed, marked, \
            but no longer count as open, here and in every store this one syncs with. \
            <b>Dismiss all</b> forgets the list (as <code>plumb conflicts \(escape(document)) --clear</code>) when the winners are right.</p>

            """
        guard !properties.isEmpty || !structural.isEmpty else { return out + "<p class=\"empty\">No conflicts.</p>" }
        if !properties.isEmpty { out += propertyTable(properties, head: reading, settled: settled, document: document, people: people) }
        if !structural.isEmpty { out += structureTable(structural, head: reading, settled: settled, document: document, people: people) }
        out += """
            <p><button type="button" class="secondary" data-action="clear">Dismiss all</button></p>
            """
        return out
    }

    private static func propertyTable(_ conflicts: [Conflict], head: ResolvedDocument, settled: [ConflictResolution.Key: ConflictResolution], document: String, people: People) -> String {
        var out = """
            <h2>Property values</h2>
            <table class="conflicts" data-conflicts="property">
            <thead><tr><th>View</th><th>Property</th><th>Won</th><th>Lost</th><th>Now</th><th></th></tr></thead>
            <tbody>

            """
        for conflict in conflicts {
            let property = Property(rawValue: conflict.property)
            let now = property.flatMap { head.state.value(conflict.view, $0) }
            let resolution = settled[ConflictResolution.Key(conflict)]
            let changedSince = resolution == nil && head.isAlive(conflict.view) && now != conflict.winner.value && now != conflict.loser.value
            let keep = """
                data-action="keep" data-view="\(escape(conflict.view))" data-property="\(escape(conflict.property))" \
                data-site="\(conflict.loser.stamp.site.hex)" data-hlc="\(conflict.loser.stamp.hlc.rawValue)"
                """
            let dismiss = """
                <button type="button" class="secondary" data-action="dismiss" data-kind="property" data-view="\(escape(conflict.view))" \
                data-property="\(escape(conflict.property))" data-site="\(conflict.loser.stamp.site.hex)" data-hlc="\(conflict.loser.stamp.hlc.rawValue)">Dismiss</button>
                """
            var action: String
            if let resolution {
                action = people.settled(resolution)
                switch KeptValueChange(conflict, resolution: resolution, head: head) {
                case .value?: action += "<br><span class=\"changed\">changed since</span>"
                case .viewDeleted?: action += "<br><span class=\"changed\">view deleted since</span>"
                case nil: break
                }
            } else if !head.isAlive(conflict.view) {
                action = "<span class=\"muted\">view deleted</span>"
            } else if changedSince {
                // The head's value is newer work than the merge: the first button only asks.
                let nowText = "<code>\(escape(now ?? "unset"))</code>", lost = "<code>\(escape(conflict.loser.value ?? "unset"))</code>"
                action = """
                    <button type="button" data-ask>Keep the other value…</button>\
                    <div class="confirm" role="alertdialog" hidden><p>\(escape(conflict.view)).\(escape(conflict.property)) changed since the merge: \
                    the merge chose <code>\(escape(conflict.winner.value ?? "unset"))</code>, the head has \(nowText) now. \
                    Keeping replaces \(nowText) with \(lost) in a new version (which <code>plumb revert</code> undoes).</p>\
                    <button type="button" \(keep) data-replacing="\(escape(ConflictActions.token(now)))">Replace \(nowText) with \(lost)</button> \
                    <button type="button" class="secondary" data-cancel>Cancel</button></div>
                    """
            } else {
                action = "<button type=\"button\" \(keep)>Keep the other value</button>"
            }
            if resolution == nil { action += " \(dismiss)" }
            out += """
                <tr\(resolution.map { " data-settled=\"\($0.state.rawValue)\"" } ?? "") data-view="\(escape(conflict.view))" data-property="\(escape(conflict.property))">\
                <td><a href="\(escape(Paths.link("/d/\(document)", [("view", conflict.view)])))"><code>\(escape(conflict.view))</code></a></td>\
                <td><code>\(escape(conflict.property))</code></td><td>\(people.side(conflict.winner))</td><td>\(people.side(conflict.loser))</td>\
                <td class="now"><code>\(escape(now ?? "unset"))</code>\(changedSince ? "<br><span class=\"changed\">changed since the merge</span>" : "")</td><td>\(action)</td></tr>

                """
        }
        return out + "</tbody>\n</table>\n"
    }

    /// Structural conflicts, each in `plumb conflicts`' words, with the version that lost (a
    /// link showing the view there) and a restore button while the view is out of the document.
    private static func structureTable(_ conflicts: [(StructuralConflict, VersionRecord?)], head: ResolvedDocument, settled: [ConflictResolution.Key: ConflictResolution], document: String, people: People) -> String {
        var out = """
            <h2>Structure</h2>
            <table class="conflicts" data-conflicts="structure">
            <thead><tr><th>View</th><th>What</th><th>What happened</th><th>Lost in</th><th></th></tr></thead>
            <tbody>

            """
        for (conflict, version) in conflicts {
            let view = conflict.view
            let back = head.contains(view)
            let account = conflict.account(view: { "<code>\(escape($0))</code>" }, side: people.stamp, text: { "<code>\(escape($0))</code>" },
                                           stillOut: !back)
            let lostIn = version.map {
                "<a href=\"\(escape(Paths.link("/d/\(document)", [("rev", $0.id.hex), ("view", view)])))\">v\($0.number)</a> <span class=\"meta\">\($0.id.short)</span>"
            } ?? "<span class=\"muted\">not in this store</span>"
            let resolution = settled[ConflictResolution.Key(conflict)]
            var action: String
            if let resolution {
                action = people.settled(resolution)
            } else if !conflict.isRestorable {
                action = "<span class=\"muted\">nothing left the document</span>"
            } else if back {
                action = "<span class=\"muted\">back in the document</span>"
            } else {
                action = """
                    <button type="button" data-action="restore" data-view="\(escape(view))" data-site="\(conflict.loser.site.hex)" \
                    data-hlc="\(conflict.loser.hlc.rawValue)">Restore</button>
                    """
            }
            if resolution == nil {
                action += """
                     <button type="button" class="secondary" data-action="dismiss" data-kind="structure" data-view="\(escape(view))" \
                    data-site="\(conflict.loser.site.hex)" data-hlc="\(conflict.loser.hlc.rawValue)">Dismiss</button>
                    """
            }
            out += """
                <tr\(resolution.map { " data-settled=\"\($0.state.rawValue)\"" } ?? "") data-view="\(escape(view))" data-kind="\(conflict.kind.rawValue)" data-site="\(conflict.loser.site.hex)" data-hlc="\(conflict.loser.hlc.rawValue)">\
                <td><code>\(escape(view))</code></td><td class="kind">\(escape(conflict.kind.summary))</td>\
                <td class="account">\(account)</td><td>\(lostIn)</td><td>\(action)</td></tr>

                """
        }
        return out + "</tbody>\n</table>\n"
    }

    /// Who did what, in people's words: the author of the version holding a change, stores by
    /// the names they were given (`plumb site name`; their site id when they have none), and
    /// times to the millisecond, so that "the later write wins" can be checked by eye.
    struct People {
        let store: Store
        let document: String
        let names: SiteNames

        /// `Anna's laptop`, or `site 8c32a27f` for a store with no name.
        func site(_ site: SiteID) -> String {
            names[site].map { "<span class=\"site\">\(escape($0))</span>" } ?? "site <span class=\"site\">\(site.short)</span>"
        }

        /// What was done about a settled conflict, by which store and when.
        func settled(_ resolution: ConflictResolution) -> String {
            "<span class=\"kept\">\(resolution.state.rawValue)</span><br><span class=\"meta\">\(site(resolution.site)) · \(UTCTime(milliseconds: resolution.time).milliseconds)</span>"
        }

        /// A value with who wrote it and when.
        func side(_ side: Conflict.Side) -> String {
            "<code>\(escape(side.value ?? "unset"))</code><br><span class=\"meta\">\(stamp(side.stamp))</span>"
        }

        /// A change's author, store and time inside a sentence:
        /// `alice on Anna's laptop (2026-12-01 05:47:03.250)`, `alice on site 8c32a27f (…)`, or
        /// `site 8c32a27f (…)` when this store lacks the version that holds it.
        func stamp(_ stamp: Stamp) -> String {
            let author = store.author(of: stamp, in: document).map { "\(escape($0)) on " } ?? ""
            return "\(author)\(site(stamp.site)) (\(UTCTime(milliseconds: Int64(stamp.hlc.milliseconds)).milliseconds))"
        }
    }
}
