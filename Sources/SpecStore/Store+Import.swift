import LayoutSpec
import SpecSync

extension Store {
    /// Default for how far ahead of the local wall clock a received change may be stamped.
    public static let defaultMaxClockSkew: UInt64 = 60_000

    /// Applies versions from elsewhere, in one transaction: each whole or not at all, only once
    /// the versions it builds on are here (others wait in the store until they are), folded by
    /// last-writer-wins, with concurrent losers recorded. Where concurrent work meets, a merge
    /// version is made whose id depends only on the document and the merged vector.
    ///
    /// - Throws: `SyncError` (nothing applied) for clock skew, a copied store, contradicting
    ///   changes or inconsistent versions.
    public func importVersions(_ incoming: [VersionPayload], maxClockSkew: UInt64 = Store.defaultMaxClockSkew,
                               progress: ((Int, Int) -> Void)? = nil) throws -> ImportReport {
        // Nothing to do takes no write lock (a pull with nothing new stays cheap).
        if incoming.isEmpty, try database.scalar("SELECT 1 FROM pending_versions LIMIT 1") == nil { return ImportReport() }
        return try mapBusy {
            try database.writeTransaction {
                var report = ImportReport()
                var importer = try Importer(store: self, now: clock(), maxSkew: maxClockSkew)
                let queue = try Importer.checkNoOverlap(try importer.admit(incoming, report: &report) + importer.pending())
                try importer.apply(queue, report: &report, progress: progress)
                try importer.finish(report: &report)
                return report
            }
        }
    }
}
