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
        try documentTable.knownByName()
    }

    /// Commit versions with their changes: per site (from `floor(site)` up), those `include`
    /// keeps given their document, site and last seq.
    private func payloads(sites: Set<SiteID>?, include: (String, SiteID, Int64) -> Bool,
                          floor: (SiteID) -> Int64) throws -> [VersionPayload] {
        try database.readTransaction {
            let names = try documentTable.namesByID()
            var result: [VersionPayload] = []
            for (number, site) in try self.sites.all() where sites?.contains(site) ?? true {
                result += try payloads(of: number, site: site, after: floor(site), names: names) { include($0, site, $1) }
            }
            return result
        }
    }

    private func payloads(of number: Int64, site: SiteID, after seq: Int64, names: [Int64: String],
                          include: (String, Int64) -> Bool) throws -> [VersionPayload] {
        try versionTable.commits(site: number, endingAbove: seq).compactMap { row in
            guard let name = names[row.document], include(name, row.lastSeq) else { return nil }
            let version = Version(document: name, vector: row.vector, kind: .commit, message: row.message, author: row.author, time: row.time)
            let changes = try changeTable.changes(ofVersion: row.rowID, document: name, site: site, first: row.firstSeq, last: row.lastSeq,
                                                  hlc: row.hlc)
            // The id as stored travels with the content: the receiver checks one against the other.
            return VersionPayload(version: version, site: site, firstSeq: row.firstSeq, lastSeq: row.lastSeq, hlc: row.hlc, base: row.base,
                                  changes: changes, claimedID: row.id)
        }
    }
}

extension Store {
    /// The id of the commit version holding change `(site, seq)`, if this store has it.
    public func versionID(site: SiteID, containing seq: Int64) throws -> VersionID? {
        guard let number = try sites.number(of: site) else { return nil }
        return try versionTable.commit(site: number, containing: seq)?.id
    }
}
