import SpecStore
import SpecSync

/// A document's versions, newest first (followed through `docs mv`: an earlier name's are
/// shown as `login@3`), each a link to its picture; the one shown marked.
enum HistoryList {
    /// Versions listed at most (read newest first, so a long history costs no more); older
    /// ones are reached by number (`?rev=N`).
    static let limit = 500

    static func render(_ versions: [VersionRecord], current: VersionRecord, document: String, link: (VersionRecord) -> String) -> String {
        var out = "<ol class=\"versions\" aria-label=\"history\">\n"
        for version in versions.prefix(limit) {
            let tags = version.tags.map { "<span class=\"tag\">\(escape($0))</span>" }.joined()
            let merge = version.kind == .merge ? "<span class=\"merge\">merge</span>" : ""
            let isCurrent = version.id == current.id
            out += """
                <li data-rev="\(escape(version.revision(in: document)))"\(isCurrent ? " class=\"current\" aria-current=\"true\"" : "")><a href="\(escape(link(version)))">\
                <span class="number">\(version.document == document ? String(version.number) : escape(version.shown(in: document)))</span> <code class="id" title="\(version.id.hex)">\(version.id.short)</code> \
                <span class="message">\(escape(version.message))</span>\(merge)\(tags)\
                <span class="meta">\(escape(version.author)) · \(UTCTime(milliseconds: version.time).minutes) · \(version.changeCount) change\(version.changeCount == 1 ? "" : "s")</span></a></li>

                """
        }
        if let oldest = versions.last, oldest.number > 1, versions.count >= limit {
            out += "<li class=\"more\">\(oldest.number - 1) older versions: add ?rev=N to the address</li>\n"
        }
        return out + "</ol>"
    }
}
