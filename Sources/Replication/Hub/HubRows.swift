import LayoutSpec
import SpecSync

/// Turns the hub's version and change rows back into whole, checked version payloads.
enum HubRows {
    static func payloads(versions: PostgresResult, changes: PostgresResult) throws -> [VersionPayload] {
        var payloads: [VersionPayload] = []
        payloads.reserveCapacity(versions.rowCount)
        var changeRow = 0
        for row in 0..<versions.rowCount {
            guard let site = versions.text(row, 0).flatMap(SiteID.init(hex:)),
                  let baseBytes = versions.text(row, 6).flatMap(Hex.decode), let base = VersionVector(encoded: baseBytes),
                  let document = versions.text(row, 4) else { throw HubError.malformed("version row \(row)") }
            let firstSeq = versions.int64(row, 1), lastSeq = versions.int64(row, 2)
            // Never trust a range from the server for sizing: a version holds at most as many
            // changes as the hub sent.
            guard firstSeq >= 1, lastSeq >= firstSeq, lastSeq - firstSeq < Int64(changes.rowCount) else {
                throw HubError.malformed("version row \(row) claims seqs \(firstSeq)…\(lastSeq)")
            }
            let hlc = Timestamp(rawValue: UInt64(bitPattern: versions.int64(row, 5)))
            var vector = base
            vector[site] = lastSeq
            let version = Version(document: document, vector: vector, kind: .commit, message: versions.text(row, 7) ?? "",
                                  author: versions.text(row, 8) ?? "", time: versions.int64(row, 9))
            var list: [Change] = []
            list.reserveCapacity(Int(lastSeq - firstSeq + 1))
            while changeRow < changes.rowCount, changes.text(changeRow, 0) == versions.text(row, 0), changes.int64(changeRow, 1) <= lastSeq {
                let seq = changes.int64(changeRow, 1)
                if seq >= firstSeq {
                    guard let property = changes.text(changeRow, 3).flatMap(Property.named) else {
                        throw HubError.malformed("change (\(site.short), \(seq)) sets a property this Plumb does not know (written by a newer Plumb?)")
                    }
                    list.append(Change(stamp: Stamp(hlc: hlc, site: site, seq: seq), document: document,
                                       view: changes.text(changeRow, 2) ?? "", property: property, value: changes.text(changeRow, 4)))
                }
                changeRow += 1
            }
            guard let id = versions.text(row, 3).flatMap(VersionID.init(hex:)) else {
                throw HubError.malformed("version row \(row) of site \(site.short) has no valid id")
            }
            let payload = VersionPayload(version: version, site: site, firstSeq: firstSeq, lastSeq: lastSeq, hlc: hlc, base: base,
                                         changes: list, claimedID: id)
            if let problem = payload.inconsistency { throw HubError.malformed("version \(id.short): \(problem)") }
            guard let checked = payload.verified() else { throw HubError.tampered(id: id, site: site) }
            payloads.append(checked)
        }
        return payloads
    }
}
