import LayoutSpec
import SpecStore
import SpecSync

/// What a push sent.
public struct PushReport: Sendable, Equatable {
    /// Versions the hub did not have before.
    public var versions = 0
    public var changes = 0
    public var documents: Set<String> = []

    public init() {}
}

extension Hub {
    /// Pushes the versions the hub lacks, in one transaction: a retried push adds nothing twice,
    /// and a dropped connection leaves the hub as it was. Only this store's own site by default
    /// (`allSites` relays other sites' versions too, where the role may push them).
    public func push(from store: Store, allSites: Bool = false) throws -> PushReport {
        try server {
            try connection.execute("BEGIN")
            do {
                let report = try pushInTransaction(store, allSites: allSites)
                try connection.execute("COMMIT")
                return report
            } catch {
                _ = try? connection.execute("ROLLBACK")
                throw error
            }
        }
    }

    private func pushInTransaction(_ store: Store, allSites: Bool) throws -> PushReport {
        var known: [String: VersionVector] = [:]
        let rows = try connection.execute("SELECT document, site, last_seq FROM plumb_document_sites")
        for row in 0..<rows.rowCount {
            guard let document = rows.text(row, 0), let site = rows.text(row, 1).flatMap(SiteID.init(hex:)) else { continue }
            known[document, default: VersionVector()][site] = rows.int64(row, 2)
        }
        let payloads = try store.payloads(after: known, sites: allSites ? nil : [store.site])
        var report = PushReport()
        guard !payloads.isEmpty else { return report }
        try checkSameHistory(store, sites: Set(payloads.map(\.site)))
        var versions = CopyText(), changes = CopyText()
        for payload in payloads {
            let version = payload.version
            versions.row([payload.site.hex, String(payload.firstSeq), String(payload.lastSeq), payload.id.hex, payload.document,
                          String(Int64(bitPattern: payload.hlc.rawValue)), Hex.encode(payload.base.encoded), version.message,
                          version.author, String(version.time)])
            for change in payload.changes {
                changes.row([payload.site.hex, String(change.seq), payload.document, change.view, change.property.rawValue, change.value])
            }
        }
        try connection.execute("""
            CREATE TEMP TABLE plumb_push_versions (site text, first_seq bigint, last_seq bigint, hash text, document text,
                hlc bigint, base text, message text, author text, time bigint) ON COMMIT DROP;
            CREATE TEMP TABLE plumb_push_changes (site text, seq bigint, document text, view text, property text, value text) ON COMMIT DROP
            """)
        try connection.copy("COPY plumb_push_versions FROM STDIN", data: versions.bytes)
        try connection.copy("COPY plumb_push_changes FROM STDIN", data: changes.bytes)
        let inserted = try connection.execute("""
            INSERT INTO plumb_versions (site, first_seq, last_seq, hash, document, hlc, base, message, author, time)
            SELECT site, first_seq, last_seq, hash, document, hlc, base, message, author, time FROM plumb_push_versions
            ON CONFLICT DO NOTHING RETURNING document, last_seq - first_seq + 1
            """)
        try connection.execute("""
            INSERT INTO plumb_changes (site, seq, document, view, property, value)
            SELECT site, seq, document, view, property, value FROM plumb_push_changes ON CONFLICT DO NOTHING
            """)
        report.versions = inserted.rowCount
        for row in 0..<inserted.rowCount {
            report.documents.insert(inserted.text(row, 0) ?? "")
            report.changes += Int(inserted.int64(row, 1))
        }
        return report
    }

    /// Refuses to push a site whose history on the hub differs from this store's: the version
    /// holding the last seq both have must be the same one. (A copied store that wrote under the
    /// same site id fails this, whatever seqs the two happened to use.)
    private func checkSameHistory(_ store: Store, sites: Set<SiteID>) throws {
        let knowledge = try store.knowledge()
        for site in sites {
            let held = knowledge[site]
            guard held > 0 else { continue }
            let row = try connection.execute("SELECT last_seq, hash, first_seq, version_last_seq FROM plumb_site_check($1, $2)",
                                             [site.hex, String(held)])
            guard row.rowCount > 0 else { continue }
            let common = min(held, row.int64(0, 0))
            // A hub that lacks that seq (relayed versions of some documents only) has nothing to compare.
            guard row.int64(0, 2) <= common, row.int64(0, 3) >= common, let hubID = row.text(0, 1) else { continue }
            if let localID = try store.versionID(site: site, containing: common), localID.hex != hubID {
                throw HubError.contradiction(site: site.hex, seq: common)
            }
        }
    }

    /// Pulls the versions this store lacks (per document and site, seq above what it holds, so
    /// a transaction that committed late on the hub is never skipped) from one consistent
    /// snapshot of the hub, then merges them in one local transaction.
    public func pull(into store: Store, maxClockSkew: UInt64 = Store.defaultMaxClockSkew,
                     progress: ((Int, Int) -> Void)? = nil) throws -> ImportReport {
        let payloads = try server { try fetch(after: try store.documentKnowledge()) }
        return try store.importVersions(payloads, maxClockSkew: maxClockSkew, progress: progress)
    }

    private func fetch(after known: [String: VersionVector]) throws -> [VersionPayload] {
        var documents: [String] = [], sites: [String] = [], seqs: [String] = []
        for (document, vector) in known {
            for (site, seq) in vector.sorted {
                documents.append(document)
                sites.append(site.hex)
                seqs.append(String(seq))
            }
        }
        let wanted = """
            WITH known AS (SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[]) AS k(document, site, seq)),
            todo AS (
                SELECT s.document, s.site, coalesce(k.seq, 0) AS seq FROM plumb_document_sites s
                LEFT JOIN known k ON k.document = s.document AND k.site = s.site
                WHERE s.last_seq > coalesce(k.seq, 0)),
            wanted AS (
                SELECT v.* FROM todo t JOIN plumb_versions v ON v.document = t.document AND v.site = t.site AND v.last_seq > t.seq)
            """
        let parameters = [arrayLiteral(documents), arrayLiteral(sites), arrayLiteral(seqs)]
        try connection.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
        defer { _ = try? connection.execute("COMMIT") }
        let versionRows = try connection.execute("""
            \(wanted) SELECT site, first_seq, last_seq, hash, document, hlc, base, message, author, time FROM wanted ORDER BY site, first_seq
            """, parameters)
        guard versionRows.rowCount > 0 else { return [] }
        let changeRows = try connection.execute("""
            \(wanted) SELECT c.site, c.seq, c.view, c.property, c.value FROM wanted w
            JOIN plumb_changes c ON c.site = w.site AND c.seq BETWEEN w.first_seq AND w.last_seq ORDER BY c.site, c.seq
            """, parameters)
        return try HubRows.payloads(versions: versionRows, changes: changeRows)
    }

    /// A PostgreSQL array literal of text elements, each quoted and escaped.
    func arrayLiteral(_ elements: [String]) -> String {
        var out = "{"
        for (index, element) in elements.enumerated() {
            if index > 0 { out += "," }
            out += "\""
            for character in element {
                if character == "\"" || character == "\\" { out += "\\" }
                out.append(character)
            }
            out += "\""
        }
        return out + "}"
    }
}
