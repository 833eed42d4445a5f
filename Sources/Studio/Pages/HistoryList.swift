import SpecStore
import SpecSync

/// A document's versions, newest first (followed through `docs mv`: an earlier name's are
/// shown as `login@3`), each a link to its picture; the one shown marked, and a version whose
/// writes lost at a merge marked as such (`Store.lostWrites`).
enum HistoryList {
    /// Versions listed at most (read newest first, so a long history costs no more); older
    /// ones are reached by number (`?rev=N`).
    static let limit = 500

    static func render(_ versions: [VersionRecord], current: VersionRecord, document: String, lost: [VersionID: [LostWrite]],
                       link: (VersionRecord) -> String) -> String {
        var out = "<ol class=\"versions\" aria-label=\"history\">\n"
        for version in versions.prefix(limit) {
            let tags = version.tags.map { "<span class=\"tag\">\(escape($0))</span>" }.joined()
            let merge = version.kind == .merge ? "<span class=\"merge\">merge</span>" : ""
            let lostMark = lost[version.id].map(mark) ?? ""
            let isCurrent = version.id == current.id
            out += """
                <li data-rev="\(escape(version.revision(in: document)))"\(isCurrent ? " class=\"current\" aria-current=\"true\"" : "")><a href="\(escape(link(version)))">\
                <span class="number">\(version.document == document ? String(version.number) : escape(version.shown(in: document)))</span> <code class="id" title="\(version.id.hex)">\(version.id.short)</code> \
                <span class="message" title="\(escape(version.message))">\(escape(version.subject))</span>\(merge)\(lostMark)\(tags)\
                <span class="meta">\(escape(version.author)) · \(UTCTime(milliseconds: version.time).minutes) · \(version.changeCount) change\(version.changeCount == 1 ? "" : "s")</span></a></li>

                """
        }
        if let oldest = versions.last, oldest.number > 1, versions.count >= limit {
            out += "<li class=\"more\">\(oldest.number - 1) older versions: add ?rev=N to the address</li>\n"
        }
        return out + "</ol>"
    }

    /// `2 lost at a merge`, naming each write (and what was done about it) in its title.
    static func mark(_ lost: [LostWrite]) -> String {
        let open = lost.filter { $0.settled == nil }.count
        let names = lost.map { $0.name + ($0.settled.map { " (\($0.rawValue))" } ?? "") }.joined(separator: ", ")
        let settled = open == 0 ? " settled" : ""
        return "<span class=\"lost\(settled)\" title=\"lost at a merge: \(escape(names))\">\(lost.count) lost at a merge</span>"
    }

    /// What the page says under a version whose writes lost at a merge: which, and where to
    /// settle them.
    static func note(_ lost: [LostWrite], document: String) -> String {
        guard !lost.isEmpty else { return "" }
        let names = lost.prefix(5).map { write in
            "<code>\(escape(write.name))</code>" + (write.settled.map { " (\($0.rawValue))" } ?? "")
        }.joined(separator: ", ") + (lost.count > 5 ? ", and \(lost.count - 5) more" : "")
        let writes = lost.count == 1 ? "A write of this version" : "\(lost.count) writes of this version"
        return "<p class=\"lost-note\" data-lost>\(writes) lost at a merge: \(names). <a href=\"\(escape(Paths.link("/d/\(document)/conflicts")))\">Conflicts</a></p>"
    }
}
