import LayoutSpec
import SpecSync

/// A version the hub holds that this client refuses: named by its id and site, never applied.
public struct RefusedVersion: Sendable, Equatable {
    /// The id the hub stores for it (shown escaped: it came from elsewhere).
    public let id: String
    public let site: String
    public let document: String
    public let firstSeq: Int64
    public let lastSeq: Int64
    /// What is wrong with it, in words.
    public let reason: String
}

/// Rows of text cells as a query returns them (`PostgresResult`, or a fuzzer's rows).
public protocol HubRowTable {
    var rowCount: Int { get }
    /// One cell as text; `nil` for NULL.
    func text(_ row: Int, _ column: Int) -> String?
    /// One cell as a number; 0 when NULL or not a number (`Int64(text)`, read without making
    /// the text where the table can).
    func int64(_ row: Int, _ column: Int) -> Int64
    /// Whether two rows hold the same bytes (or both NULL) in `column`, compared without making
    /// the texts where the table can. (Bytes, not `String`'s `==`, which equates canonically
    /// equivalent texts: the sites looked up are hex, for which the two agree.)
    func sameText(_ row: Int, _ other: Int, column: Int) -> Bool
}

extension HubRowTable {
    public func int64(_ row: Int, _ column: Int) -> Int64 { text(row, column).flatMap { Int64($0) } ?? 0 }
    public func sameText(_ row: Int, _ other: Int, column: Int) -> Bool {
        switch (text(row, column), text(other, column)) {
        case (nil, nil): true
        case (let one?, let two?): one.utf8.elementsEqual(two.utf8)
        default: false
        }
    }
}

/// Turns the hub's version and change rows back into whole, checked version payloads. A bad row
/// spoils only its own version: the others come back, and the bad ones are named.
public enum HubRows {
    /// Version rows (site, first_seq, last_seq, id, document, hlc, base, message, author, time,
    /// ordered by site and first seq) and change rows (site, seq, view, property, value, in any
    /// order), as a pull reads them: the good versions, and the refused ones named.
    /// Never traps, whatever the rows hold.
    public static func payloads(versions: some HubRowTable, changes: some HubRowTable) -> (payloads: [VersionPayload], refused: [RefusedVersion]) {
        var payloads: [VersionPayload] = []
        var refused: [RefusedVersion] = []
        payloads.reserveCapacity(versions.rowCount)
        let changeRows = ChangeRows(changes)
        for row in 0..<versions.rowCount {
            switch payload(row, versions: versions, changes: changeRows, rows: changes) {
            case .success(let payload): payloads.append(payload)
            case .failure(let problem):
                refused.append(RefusedVersion(id: shown(versions.text(row, 3)), site: shown(versions.text(row, 0)),
                                              document: shown(versions.text(row, 4)), firstSeq: versions.int64(row, 1),
                                              lastSeq: versions.int64(row, 2), reason: problem.reason))
            }
        }
        return (payloads, refused)
    }

    struct Problem: Error { let reason: String }

    private static func payload(_ row: Int, versions: some HubRowTable, changes index: ChangeRows,
                                rows changes: some HubRowTable) -> Result<VersionPayload, Problem> {
        guard let siteText = versions.text(row, 0), let site = SiteID(hex: siteText) else { return .failure(Problem(reason: "its site is not a site id")) }
        guard let document = versions.text(row, 4), Identifier.isValid(document) else { return .failure(Problem(reason: "its document name is malformed")) }
        guard let baseBytes = versions.text(row, 6).flatMap(Hex.decode), let base = VersionVector(encoded: baseBytes) else {
            return .failure(Problem(reason: "its base vector is malformed"))
        }
        let firstSeq = versions.int64(row, 1), lastSeq = versions.int64(row, 2)
        let found = index.rows(site: siteText, from: firstSeq, through: lastSeq)
        // Never trust a range from the server for sizing: a version holds at most the changes sent.
        guard firstSeq >= 1, lastSeq >= firstSeq, lastSeq - firstSeq + 1 == Int64(found.count) else {
            return .failure(Problem(reason: "it claims seqs \(firstSeq)…\(lastSeq) but the hub holds \(found.count) of them"))
        }
        let hlc = Timestamp(rawValue: UInt64(bitPattern: versions.int64(row, 5)))
        var vector = base
        vector[site] = lastSeq
        let version = Version(document: document, vector: vector, kind: .commit, message: versions.text(row, 7) ?? "",
                              author: versions.text(row, 8) ?? "", time: versions.int64(row, 9))
        var list: [Change] = []
        list.reserveCapacity(found.count)
        for changeRow in found {
            let seq = changes.int64(changeRow, 1)
            guard let property = changes.text(changeRow, 3).flatMap(Property.named) else {
                return .failure(Problem(reason: "change \(seq) sets a property this Plumb does not know (written by a newer Plumb?)"))
            }
            list.append(Change(stamp: Stamp(hlc: hlc, site: site, seq: seq), document: document,
                               view: changes.text(changeRow, 2) ?? "", property: property, value: changes.text(changeRow, 4)))
        }
        let payload = VersionPayload(version: version, site: site, firstSeq: firstSeq, lastSeq: lastSeq, hlc: hlc, base: base, changes: list)
        // `inconsistency` checks every value too (the one check both sides run); only a version
        // it refuses is read again, to name its first bad value in the hub's terms.
        if let problem = payload.inconsistency {
            if let bad = list.lazy.compactMap({ change in valueProblem(change).map { "change \(change.seq): \($0)" } }).first {
                return .failure(Problem(reason: bad))
            }
            return .failure(Problem(reason: problem))
        }
        // The payload's id is computed from its content here: the hub's must be the same.
        guard payload.id.hex == versions.text(row, 3) else {
            return .failure(Problem(reason: "its id does not match its content (whose id is \(payload.id.short))"))
        }
        return .success(payload)
    }

    /// Why a change's value cannot be read as its property's type, or `nil`. Text lengths are
    /// left to the reader (the hub bounds bytes, not graphemes).
    static func valueProblem(_ change: Change) -> String? {
        guard let text = change.value else { return nil }
        guard let json = ValueText.decode(text) else { return "the value of \(change.property.rawValue) is not JSON" }
        if change.property == .parent, json == .null { return nil }
        if case .text = change.property.type {
            if case .string = json { return nil }
            return "\(change.property.rawValue): expected a string"
        }
        return change.property.type.check(json).map { "\(change.property.rawValue): \($0)" }
    }

    /// Text from the hub for a message: printable ASCII kept, the rest escaped, cut short.
    public static func shown(_ text: String?) -> String {
        guard let text else { return "(none)" }
        var out = ""
        for scalar in text.unicodeScalars.prefix(80) {
            if scalar.value >= 0x20 && scalar.value < 0x7F { out.unicodeScalars.append(scalar) } else { out += "\\u{\(String(scalar.value, radix: 16))}" }
        }
        return text.unicodeScalars.count > 80 ? out + "…" : out
    }
}

/// The change rows of a pull (in any order: the server need not sort them), found per site and
/// seq range.
private struct ChangeRows {
    /// Each site's rows as (seq, row), sorted by seq.
    private var sites: [String: [(seq: Int64, row: Int)]] = [:]

    init(_ changes: some HubRowTable) {
        var start = 0
        var current: String?
        func take(_ rows: Range<Int>) {
            guard let current else { return }
            sites[current, default: []].append(contentsOf: rows.map { (changes.int64($0, 1), $0) })
        }
        for row in 0..<changes.rowCount {
            // The site's text is made once per run of its rows, not once per row.
            if row == 0 || !changes.sameText(row, row - 1, column: 0) {
                take(start..<row)
                current = changes.text(row, 0)
                start = row
            }
        }
        take(start..<changes.rowCount)
        // Rows come mostly in order (as the hub stored them), which the sort finds cheaply.
        for site in sites.keys { sites[site]!.sort { $0.seq < $1.seq } }
    }

    /// Rows of `site` with `first <= seq <= last`, in seq order.
    func rows(site: String, from first: Int64, through last: Int64) -> [Int] {
        guard let rows = sites[site], first <= last else { return [] }
        let lower = lowerBound(first, in: rows)
        let upper = last == .max ? rows.count : lowerBound(last + 1, in: rows)
        return rows[lower..<max(lower, upper)].map(\.row)
    }

    private func lowerBound(_ seq: Int64, in rows: [(seq: Int64, row: Int)]) -> Int {
        var low = 0, high = rows.count
        while low < high {
            let middle = (low + high) / 2
            if rows[middle].seq < seq { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
