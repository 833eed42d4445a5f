import LayoutSpec

/// The merge rules as one pure function (DESIGN.md §5): what arrives is admitted (every check
/// first), joined by the versions waiting from earlier merges, applied in clock order as far as
/// their bases allow, folded into each document's head by last-writer-wins with every loss
/// classified, and each document's head version decided. Reads the store through
/// `MergeHoldings`; the store writes the outcome.
public enum Merge {
    /// Everything a merge decided, for the store to write in one transaction.
    public struct Outcome: Sendable {
        /// Versions to apply, in order: each whole.
        public var applied: [VersionPayload]
        /// Every version to keep waiting for its base (those that waited before included).
        public var waiting: [VersionPayload]
        /// Per document that received versions, by name.
        public var documents: [DocumentOutcome]
        /// The store's clock after seeing every version received.
        public var clock: Timestamp
        public var report: ImportReport
    }

    /// Merges `incoming` into what `holdings` holds.
    /// - Throws: `SyncError` (nothing is to be applied) for an inconsistent or tampered version,
    ///   clock skew, a copied store, or contradicting changes.
    public static func run(_ incoming: [VersionPayload], into holdings: some MergeHoldings, now: UInt64, maxSkew: UInt64) throws -> Outcome {
        var report = ImportReport()
        var clock = HybridLogicalClock(last: try holdings.clock())
        let admitted = try Admission.admit(incoming, holdings: holdings, clock: &clock, now: now, maxSkew: maxSkew, report: &report)
        let (kept, unreadable) = try holdings.waiting()
        report.unreadableWaiting = unreadable
        let earlier = try kept.filter { try !holdings.holds($0.id) }
        let queue = try Admission.checkNoOverlap(admitted + earlier)
        let (ready, waiting) = try Admission.order(queue, holdings: holdings)
        report.waiting = waiting.count

        var byDocument: [String: [VersionPayload]] = [:]
        for payload in ready { byDocument[payload.document, default: []].append(payload) }
        let vectors = BatchVectors(ready)
        var documents: [DocumentOutcome] = []
        for name in byDocument.keys.sorted() {
            let outcome = try DocumentMerge(document: name, held: try holdings.head(of: name), payloads: byDocument[name]!, vectors: vectors)
                .run(holdings: holdings)
            report.propertyConflicts += outcome.propertyConflicts.count
            for conflict in outcome.structuralConflicts { report.structuralConflicts[conflict.kind, default: 0] += 1 }
            if case .merge = outcome.head { report.merges += 1 }
            documents.append(outcome)
        }
        report.versions = ready.count
        report.changes = ready.reduce(0) { $0 + $1.changes.count }
        report.documents = Set(byDocument.keys)
        return Outcome(applied: ready, waiting: waiting, documents: documents, clock: clock.last, report: report)
    }
}
