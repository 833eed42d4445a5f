import LayoutSpec
import SpecSync

extension Store {
    /// What this store holds, per site: the highest seq with every lower seq held too. A peer
    /// sends what lies above it.
    public func knowledge() throws -> VersionVector {
        var vector = VersionVector()
        try database.query("SELECT id, max_seq FROM sites") { row in
            vector[try sites.requireSite(numbered: row.int64(0), path: path)] = row.int64(1)
        }
        return vector
    }

    /// Every commit version whose changes lie above `known` (per site), with its changes, in
    /// seq order per site; only of `documents` when given.
    public func payloads(after known: VersionVector, documents: Set<String>? = nil) throws -> [VersionPayload] {
        try payloads(sites: nil) { document, site, lastSeq in
            lastSeq > known[site] && (documents?.contains(document) ?? true)
        } floor: { known[$0] }
    }

    /// Every commit version of `sites` (all when `nil`) above what a peer holds of its document,
    /// per document and site (`known`): what a hub lacks.
    public func payloads(after known: [String: VersionVector], sites: Set<SiteID>?) throws -> [VersionPayload] {
        let names = try documentNames()
        return try payloads(sites: sites) { document, site, lastSeq in
            lastSeq > (known[document]?[site] ?? 0)
        } floor: { site in names.map { known[$0]?[site] ?? 0 }.min() ?? 0 }
    }

    /// Per document, the union of its versions' vectors: what this store holds of it.
    public func documentKnowledge() throws -> [String: VersionVector] {
        var knowledge: [String: VersionVector] = [:]
        try database.query("SELECT name, known FROM documents") { row in
            knowledge[row.text(0) ?? ""] = VersionVector(encoded: row.blob(1)) ?? VersionVector()
        }
        return knowledge
    }

    /// Commit versions with their changes: per site (from `floor(site)` up), those `include`
    /// keeps given their document, site and last seq.
    private func payloads(sites: Set<SiteID>?, include: (String, SiteID, Int64) -> Bool,
                          floor: (SiteID) -> Int64) throws -> [VersionPayload] {
        try database.readTransaction {
            var names: [Int64: String] = [:]
            try database.query("SELECT id, name FROM documents") { row in names[row.int64(0)] = row.text(1) ?? "" }
            var result: [VersionPayload] = []
            for (number, site) in try self.sites.all() where sites?.contains(site) ?? true {
                result += try payloads(of: number, site: site, after: floor(site), names: names) { include($0, site, $1) }
            }
            return result
        }
    }

    private func payloads(of number: Int64, site: SiteID, after seq: Int64, names: [Int64: String],
                          include: (String, Int64) -> Bool) throws -> [VersionPayload] {
        struct Header { let rowID: Int64; let document: String; let first: Int64; let last: Int64; let hlc: Timestamp; let base: VersionVector; let version: Version; let id: VersionID? }
        var headers: [Header] = []
        try database.query("""
            SELECT document, first_seq, last_seq, hlc, base, vector, message, author, time, hash, id FROM versions
            WHERE site = ? AND kind = 'commit' AND last_seq > ? ORDER BY first_seq
            """, [.integer(number), .integer(seq)]) { row in
            guard let name = names[row.int64(0)], include(name, row.int64(2)) else { return }
            let vector = VersionVector(encoded: row.blob(5)) ?? VersionVector()
            let version = Version(document: name, vector: vector, kind: .commit, message: row.text(6) ?? "", author: row.text(7) ?? "", time: row.int64(8))
            headers.append(Header(rowID: row.int64(10), document: name, first: row.int64(1), last: row.int64(2), hlc: Timestamp(rawValue: UInt64(bitPattern: row.int64(3))),
                                  base: VersionVector(encoded: row.blob(4)) ?? VersionVector(), version: version,
                                  id: VersionID(checking: row.blob(9))))
        }
        guard !headers.isEmpty else { return [] }
        var payloads: [VersionPayload] = []
        payloads.reserveCapacity(headers.count)
        for header in headers {
            let changes = try changeTable.changes(ofVersion: header.rowID, document: header.document, site: site, first: header.first,
                                      last: header.last, hlc: header.hlc)
            // The id as stored travels with the content: the receiver checks one against the other.
            payloads.append(VersionPayload(version: header.version, site: site, firstSeq: header.first, lastSeq: header.last,
                                           hlc: header.hlc, base: header.base, changes: changes, claimedID: header.id))
        }
        return payloads
    }
}

extension Store {
    /// The id of the commit version holding change `(site, seq)`, if this store has it.
    public func versionID(site: SiteID, containing seq: Int64) throws -> VersionID? {
        guard let number = try sites.number(of: site) else { return nil }
        var id: VersionID?
        try database.query("""
            SELECT hash, last_seq FROM versions WHERE site = ? AND kind = 'commit' AND first_seq <= ?
            ORDER BY first_seq DESC LIMIT 1
            """, [.integer(number), .integer(seq)]) { row in
            if row.int64(1) >= seq { id = VersionID(bytes: row.blob(0)) }
        }
        return id
    }
}
