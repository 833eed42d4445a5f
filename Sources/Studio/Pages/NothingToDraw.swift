import SpecStore

/// The Diff and Sheet tabs of a version with no root view (a deleted document's head, as
/// `plumb docs rm` leaves it): instead of an error, the page says why in words and leads to
/// the newest earlier version that can be drawn, as the Picture tab does.
enum NothingToDraw {
    /// The page for `active` ("diff" or "sheet") when the version `revision` names has nothing
    /// to draw; nil when it can be drawn. `link` makes the tab's address for another version.
    static func page(_ workbench: Workbench, document: String, revision: String?, active: String,
                     link: (VersionRecord) -> String) throws -> String? {
        let found = try workbench.find(document, revision: revision)
        guard found.loaded == nil else { return nil }
        let record = found.record
        let versions = try RenameHistory.versions(of: document, limit: HistoryList.limit, store: workbench.store)
        var out = PageShell.tabs(document, active: active, conflicts: try ConflictActions.count(workbench.store, document: document))
        out += "<section class=\"stage nothing\" data-no-root>\n"
        out += found.state.aliveViews.isEmpty
            ? "<h2>\(escape(document)) is deleted in \(escape(record.shown(in: document)))</h2>\n<p>Every view of it is deleted in this version, so there is nothing to draw.</p>\n"
            : "<h2>\(escape(record.shown(in: document))) of \(escape(document)) has no root view</h2>\n<p>This version has views but no root to lay them out from, so there is nothing to draw.</p>\n"
        if let drawable = try lastDrawable(workbench, document: document, before: record, in: versions) {
            out += "<p><a class=\"button\" href=\"\(escape(link(drawable)))\">See \(escape(drawable.shown(in: document))), the last version with a picture</a></p>\n"
        }
        return out + "<p><a href=\"\(escape(Paths.link("/d/\(document)")))\">The document's history</a> · <a href=\"/\">← All documents</a></p>\n</section>"
    }

    /// The newest version before `record` in the followed history that can be drawn.
    static func lastDrawable(_ workbench: Workbench, document: String, before record: VersionRecord,
                             in versions: [VersionRecord]) throws -> VersionRecord? {
        let after = versions.firstIndex { $0.id == record.id }.map { $0 + 1 } ?? versions.count
        return try versions[after...].first { earlier in
            try workbench.find(document, revision: earlier.revision(in: document)).loaded != nil
        }
    }
}
