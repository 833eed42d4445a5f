import Pictures
import SpecStore
import SpecSync

/// `/d/DOC/diff`: the picture diff of two versions (`from`, `to`; the one before `to`, and
/// head, by default) on one screen, as an overlay or side by side (`mode=side`), with the list
/// of changes beside it; pointing at a change highlights its view.
enum DiffPage {
    static func render(_ workbench: Workbench, document: String, query: [String: String]) throws -> String {
        let screen = try ScreenChoice(query: query)
        if let page = try NothingToDraw.page(workbench, document: document, revision: query["to"], active: "diff", link: { drawable in
            Paths.link("/d/\(document)/diff", [("to", drawable.revision(in: document))] + screen.query)
        }) { return page }
        let new = try workbench.load(document, revision: query["to"])
        let versions = try RenameHistory.versions(of: document, limit: HistoryList.limit, store: workbench.store)
        let lost = try workbench.store.lostWrites(in: Array(versions.prefix(HistoryList.limit)))
        let fromText = query["from"].flatMap { $0.isEmpty ? nil : $0 } ?? (previous(new.record, in: versions) ?? new.record).revision(in: document)
        let old = try workbench.load(document, revision: fromText)
        let mode = query["mode"] == "side" ? "side" : "overlay"
        let diff = workbench.diff(old, new, on: screen)
        let report = DiffReport(diff: diff, title: "")
        let conflicts = try ConflictActions.count(workbench.store, document: document)
        return """
            \(PageShell.tabs(document, active: "diff", conflicts: conflicts, screen: screen))
            <form class="toolbar" data-diff-form method="get" action="\(escape(Paths.link("/d/\(document)/diff")))">
            <label>From \(versionSelect("from", versions, selected: old.record, document: document, lost: lost))</label>
            <label>to \(versionSelect("to", versions, selected: new.record, document: document, lost: lost))</label>
            <label>Screen \(PageShell.deviceSelect(screen))</label>
            \(report.modeSwitch(selected: mode))
            \(PageShell.zoomControls)
            <noscript><button>Show</button></noscript>
            </form>
            <p class="caption">\(escape(old.label)) → \(escape(new.label)) at \(escape(screen.caption)): \(diff.changes.count) change\(diff.changes.count == 1 ? "" : "s"). \
            <span class="legend"><span style="color: \(PictureDiff.color(of: .added))">■ added</span> <span style="color: \(PictureDiff.color(of: .removed))">■ removed</span> \
            <span style="color: \(PictureDiff.color(of: .moved))">■ moved or resized</span> <span style="color: \(PictureDiff.color(of: .changed))">■ properties changed</span></span></p>
            <div class="diff">
            \(report.figures(mode: mode))
            \(report.changeList())
            </div>
            """
    }

    /// A `<select>` of every version (newest first); one whose writes lost at a merge says so.
    static func versionSelect(_ name: String, _ versions: [VersionRecord], selected: VersionRecord, document: String,
                              lost: [VersionID: [LostWrite]]) -> String {
        var out = "<select name=\"\(name)\">"
        for version in versions.prefix(HistoryList.limit) {
            let count = lost[version.id]?.count ?? 0
            let label = "\(version.shown(in: document)) · \(version.subject)".prefix(60) + (count > 0 ? " · \(count) lost at a merge" : "")
            out += "<option value=\"\(escape(version.revision(in: document)))\"\(version.id == selected.id ? " selected" : "")>\(escape(String(label)))</option>"
        }
        return out + "</select>"
    }

    /// The version before `version` in a followed history (newest first): what "what changed
    /// here" compares it with. Nil for the first version, or one not listed.
    static func previous(_ version: VersionRecord, in versions: [VersionRecord]) -> VersionRecord? {
        guard let index = versions.firstIndex(where: { $0.id == version.id }), index + 1 < versions.count else { return nil }
        return versions[index + 1]
    }
}
