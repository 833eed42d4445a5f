import LayoutSpec
import Replication
import SpecStore
import SpecSync

extension Hub {
    /// Pushes the versions the hub lacks, in one transaction: a retried push adds nothing twice,
    /// and a dropped connection leaves the hub as it was. Only this store's own site by default
    /// (`allSites` relays other sites' versions too, where the role may push them).
    public func push(from store: Store, allSites: Bool = false) throws -> PushReport {
        try server {
            try connection.execute("BEGIN")
            do {
                // The server's checks read the pushed rows back from the statement's transition
                // table; with the default 4 MB it spills to disk at a few ten thousand changes.
                // For this transaction only (a pooler may hand the connection on after it).
                try connection.execute("SET LOCAL work_mem = '64MB'")
                var report = try pushInTransaction(store, allSites: allSites)
                report.resolutions = try pushResolutions(try store.conflictResolutions())
                try pushSiteNames(try store.siteNames())
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
        var report = PushReport()
        let payloads = try allowed(try store.payloads(after: known, sites: allSites ? nil : [store.site]), report: &report)
        guard !payloads.isEmpty else { return report }
        try checkSameHistory(store, sites: Set(payloads.map(\.site)))
        var versions = CopyText()
        for payload in payloads {
            let version = payload.version
            versions.row([payload.site.hex, String(payload.firstSeq), String(payload.lastSeq), payload.id.hex, payload.document,
                          String(Int64(bitPattern: payload.hlc.rawValue)), Hex.encode(payload.base.encoded), version.message,
                          version.author, String(version.time)])
        }
        try connection.execute("""
            CREATE TEMP TABLE plumb_push_versions (site text, first_seq bigint, last_seq bigint, id text, document text,
                hlc bigint, base text, message text, author text, time bigint) ON COMMIT DROP;
            CREATE TEMP TABLE plumb_push_changes (site text, seq bigint, document text, view text, property text, value text) ON COMMIT DROP
            """)
        try connection.copy("COPY plumb_push_versions FROM STDIN", data: versions.bytes)
        let inserted = try connection.execute("""
            INSERT INTO plumb_versions (site, first_seq, last_seq, id, document, hlc, base, message, author, time)
            SELECT site, first_seq, last_seq, id, document, hlc, base, message, author, time FROM plumb_push_versions
            ON CONFLICT DO NOTHING RETURNING document, last_seq - first_seq + 1, site, first_seq
            """)
        if inserted.rowCount < payloads.count { try checkNoClash() }
        // Only the changes of the versions inserted here. Those of a version the hub holds already
        // (a retried or concurrent push) are there too, and no change is there without its version
        // (orphans are refused; deleting a version deletes its changes), so the insert needs no
        // conflict handling, which would cost it more than the rows themselves.
        var taken = Set<String>()
        for row in 0..<inserted.rowCount { taken.insert("\(inserted.text(row, 2) ?? "") \(inserted.int64(row, 3))") }
        var changes = CopyText()
        for payload in payloads {
            let site = payload.site.hex
            guard taken.contains("\(site) \(payload.firstSeq)") else { continue }
            for change in payload.changes {
                changes.row([site, String(change.seq), payload.document, change.view, change.property.rawValue, change.value])
            }
        }
        try connection.copy("COPY plumb_push_changes FROM STDIN", data: changes.bytes)
        try connection.execute("""
            INSERT INTO plumb_changes (site, seq, document, view, property, value)
            SELECT site, seq, document, view, property, value FROM plumb_push_changes
            """)
        report.versions = inserted.rowCount
        for row in 0..<inserted.rowCount {
            report.documents.insert(inserted.text(row, 0) ?? "")
            report.changes += Int(inserted.int64(row, 1))
        }
        return report
    }

    /// Adds the store's conflict resolutions the hub lacks (a grow-only set), of conflicts whose
    /// losing change the hub holds in a document this role may write; returns how many were new.
    private func pushResolutions(_ resolutions: [ConflictResolution]) throws -> Int {
        guard !resolutions.isEmpty else { return 0 }
        var rows = CopyText()
        for resolution in resolutions {
            let key = resolution.key
            rows.row([key.loserSite.hex, String(key.loserSeq), key.view, key.property, resolution.state.rawValue, resolution.site.hex,
                      String(resolution.time)])
        }
        try connection.execute("""
            CREATE TEMP TABLE plumb_push_resolutions (loser_site text, loser_seq bigint, view text, property text, state text,
                site text, time bigint) ON COMMIT DROP
            """)
        try connection.copy("COPY plumb_push_resolutions FROM STDIN", data: rows.bytes)
        let inserted = try connection.execute("""
            INSERT INTO plumb_conflict_resolutions (loser_site, loser_seq, view, property, state, site, time, document)
            SELECT r.loser_site, r.loser_seq, r.view, r.property, r.state, r.site, r.time, c.document
            FROM plumb_push_resolutions r JOIN plumb_changes c ON c.site = r.loser_site AND c.seq = r.loser_seq
            WHERE plumb_is_owner() OR plumb_may_write(c.document)
            ON CONFLICT DO NOTHING
            """)
        return inserted.affectedRows
    }

    /// Sets the names of the sites this role may push (the owner: of all) where the store's is
    /// later than the hub's (`SiteName.supersedes`); others are left for their own stores.
    private func pushSiteNames(_ names: [SiteName]) throws {
        guard !names.isEmpty else { return }
        var rows = CopyText()
        for name in names { rows.row([name.site.hex, name.name, String(name.time)]) }
        try connection.execute("CREATE TEMP TABLE plumb_push_site_names (site text, name text, time bigint) ON COMMIT DROP")
        try connection.copy("COPY plumb_push_site_names FROM STDIN", data: rows.bytes)
        try connection.execute("""
            INSERT INTO plumb_site_names AS held (site, name, time)
            SELECT site, name, time FROM plumb_push_site_names WHERE plumb_is_owner() OR plumb_may_push(site)
            ON CONFLICT (site) DO UPDATE SET name = excluded.name, time = excluded.time
            WHERE (excluded.time, excluded.name COLLATE "C") > (held.time, held.name COLLATE "C")
            """)
    }

    /// The payloads this role may push: documents it may write, sites it may push. The rest are
    /// noted in `report.skipped` (one store document the role may not write must not stop the
    /// others from being pushed).
    private func allowed(_ payloads: [VersionPayload], report: inout PushReport) throws -> [VersionPayload] {
        guard !payloads.isEmpty else { return [] }
        let documents = Set(payloads.map(\.document)).sorted(), sites = Set(payloads.map(\.site.hex)).sorted()
        let rights = try connection.execute("SELECT kind, name, allowed FROM plumb_push_rights($1::text[], $2::text[])",
                                            [arrayLiteral(documents), arrayLiteral(sites)])
        var deniedDocuments: Set<String> = [], deniedSites: Set<String> = []
        for row in 0..<rights.rowCount where rights.text(row, 2) != "t" {
            if rights.text(row, 0) == "site" { deniedSites.insert(rights.text(row, 1) ?? "") } else { deniedDocuments.insert(rights.text(row, 1) ?? "") }
        }
        guard !deniedDocuments.isEmpty || !deniedSites.isEmpty else { return payloads }
        let role = try connection.execute("SELECT session_user").text(0, 0) ?? "this role"
        var kept: [VersionPayload] = []
        var skippedDocuments: [String: Int] = [:], skippedSites: [String: Int] = [:]
        for payload in payloads {
            if deniedDocuments.contains(payload.document) {
                skippedDocuments[payload.document, default: 0] += 1
            } else if deniedSites.contains(payload.site.hex) {
                skippedSites[payload.site.hex, default: 0] += 1
            } else {
                kept.append(payload)
            }
        }
        for (document, count) in skippedDocuments.sorted(by: { $0.key < $1.key }) {
            report.skipped.append(.init(name: document, isSite: false, versions: count,
                                        reason: "role \(role) may not write it on this hub (the hub's owner can allow it with `plumb hub grant`)"))
        }
        for (site, count) in skippedSites.sorted(by: { $0.key < $1.key }) {
            report.skipped.append(.init(name: site, isSite: true, versions: count,
                                        reason: "role \(role) may not push this site's changes (the hub's owner can allow it with `plumb hub grant --site`)"))
        }
        return kept
    }

    /// After inserting versions: any pushed version the hub did not take must be there already,
    /// the same one. A hub row holding its id with other content, or its place (site, first
    /// seq) under another id, fails the push, naming both: never "pushed 0 versions" while
    /// readers wait for a version that is not there.
    private func checkNoClash() throws {
        let clashes = try connection.execute("""
            SELECT pushed_id, id, site, first_seq, last_seq, document, pushed_by, pushed_at FROM plumb_version_clashes(
                (SELECT array_agg(id) FROM plumb_push_versions), (SELECT array_agg(site) FROM plumb_push_versions),
                (SELECT array_agg(first_seq) FROM plumb_push_versions), (SELECT array_agg(last_seq) FROM plumb_push_versions),
                (SELECT array_agg(document) FROM plumb_push_versions))
            """)
        guard clashes.rowCount > 0, let pushed = clashes.text(0, 0) else { return }
        let site = try connection.execute("SELECT site, first_seq, last_seq, document FROM plumb_push_versions WHERE id = $1", [pushed])
        throw HubError.idTaken(
            pushed: "\(pushed.prefix(12)) (site \(HubRows.shown(site.text(0, 0)).prefix(8)), seqs \(site.int64(0, 1))…\(site.int64(0, 2)), document \(HubRows.shown(site.text(0, 3))))",
            held: "\(HubRows.shown(clashes.text(0, 1)).prefix(12)) (site \(HubRows.shown(clashes.text(0, 2)).prefix(8)), seqs \(clashes.int64(0, 3))…\(clashes.int64(0, 4)), document \(HubRows.shown(clashes.text(0, 5))), pushed by \(HubRows.shown(clashes.text(0, 6))) at \(HubRows.shown(clashes.text(0, 7))))")
    }

    /// Refuses to push a site whose history on the hub differs from this store's: the version
    /// holding the last seq both have must be the same one. (A copied store that wrote under the
    /// same site id fails this, whatever seqs the two happened to use.)
    private func checkSameHistory(_ store: Store, sites: Set<SiteID>) throws {
        let knowledge = try store.knowledge()
        for site in sites {
            let held = knowledge[site]
            guard held > 0 else { continue }
            let row = try connection.execute("SELECT last_seq, id, first_seq, version_last_seq FROM plumb_site_check($1, $2)",
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
    /// snapshot of the hub, then merges them in one local transaction. A bad version on the hub
    /// is left out and named in the report; what does not build on it is applied.
    public func pull(into store: Store, maxClockSkew: UInt64 = Store.defaultMaxClockSkew,
                     progress: ((Int, Int) -> Void)? = nil) throws -> PullReport {
        let (fetched, resolutions, names) = try server {
            (try fetch(after: try store.documentKnowledge()), try fetchResolutions(), try fetchSiteNames())
        }
        var report = PullReport()
        report.refused = fetched.refused
        report.imported = try store.importVersions(fetched.payloads, maxClockSkew: maxClockSkew, progress: progress)
        report.resolutions = try store.importResolutions(resolutions)
        try store.importSiteNames(names)
        return report
    }

    private func fetch(after known: [String: VersionVector]) throws -> (payloads: [VersionPayload], refused: [RefusedVersion]) {
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
            \(wanted) SELECT site, first_seq, last_seq, id, document, hlc, base, message, author, time FROM wanted ORDER BY site, first_seq
            """, parameters)
        guard versionRows.rowCount > 0 else { return ([], []) }
        let changeRows = try connection.execute("""
            \(wanted) SELECT c.site, c.seq, c.view, c.property, c.value FROM wanted w
            JOIN plumb_changes c ON c.site = w.site AND c.seq BETWEEN w.first_seq AND w.last_seq
            """, parameters)
        return HubRows.payloads(versions: versionRows, changes: changeRows)
    }

    /// The conflict resolutions of the documents this role may read.
    private func fetchResolutions() throws -> [ConflictResolution] {
        let rows = try connection.execute("SELECT loser_site, loser_seq, view, property, state, site, time FROM plumb_conflict_resolutions")
        return (0..<rows.rowCount).compactMap { row in
            guard let loser = rows.text(row, 0).flatMap(SiteID.init(hex:)), let view = rows.text(row, 2), let property = rows.text(row, 3),
                  let state = rows.text(row, 4).flatMap(ConflictResolution.State.init(rawValue:)),
                  let site = rows.text(row, 5).flatMap(SiteID.init(hex:)) else { return nil }
            return ConflictResolution(key: ConflictResolution.Key(loserSite: loser, loserSeq: rows.int64(row, 1), view: view, property: property),
                                      state: state, site: site, time: rows.int64(row, 6))
        }
    }

    /// Every site's name the hub holds (those a store could not hold are left out).
    private func fetchSiteNames() throws -> [SiteName] {
        let rows = try connection.execute("SELECT site, name, time FROM plumb_site_names")
        return (0..<rows.rowCount).compactMap { row in
            guard let site = rows.text(row, 0).flatMap(SiteID.init(hex:)), let name = rows.text(row, 1),
                  SiteName.problem(with: name) == nil else { return nil }
            return SiteName(site: site, name: name, time: rows.int64(row, 2))
        }
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

/// The hub's query results are rows of text cells, as `HubRows` reads them.
extension PostgresResult: HubRowTable {}
