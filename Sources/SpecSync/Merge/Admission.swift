/// The first step of a merge: every check on what arrived, before anything is applied.
enum Admission {
    /// A commit version by where it ends.
    struct End: Hashable { let document: String; let site: SiteID; let seq: Int64 }

    /// Checks every payload and drops the ones already held or repeated. Throws (nothing is
    /// applied) on an inconsistent version, a content that does not match its id, a clock too
    /// far ahead, a version made under the receiver's own site, or changes contradicting held ones.
    static func admit(_ incoming: [VersionPayload], holdings: some MergeHoldings, clock: inout HybridLogicalClock,
                      now: UInt64, maxSkew: UInt64, report: inout ImportReport) throws -> [VersionPayload] {
        var queue: [VersionPayload] = []
        var seen = Set<VersionID>()
        for payload in incoming {
            // A repeat of an id in one transfer is dropped unread (the first copy is checked).
            guard seen.insert(payload.id).inserted else { continue }
            if let problem = payload.inconsistency { throw SyncError.malformed("version \(payload.id.short): \(problem)") }
            guard let checked = payload.verified() else { throw SyncError.idMismatch(id: payload.id, site: payload.site) }
            do {
                try clock.receive(checked.hlc, now: now, maxSkew: maxSkew)
            } catch {
                throw SyncError.clockSkew(site: checked.site, aheadMilliseconds: error.ahead, allowedMilliseconds: maxSkew)
            }
            if try holdings.holds(checked.id) { report.alreadyHeld += 1; continue }
            if checked.site == holdings.localSite { throw SyncError.sameSite(holdings.localSite) }
            if let taken = try holdings.heldSeq(site: checked.site, in: checked.firstSeq...checked.lastSeq) {
                throw SyncError.contradiction(site: checked.site, seq: taken)
            }
            queue.append(checked)
        }
        return queue
    }

    /// Two different versions claiming one `(site, seq)` (in this import, or one waiting from
    /// an earlier one) contradict each other: refuse before applying anything.
    static func checkNoOverlap(_ payloads: [VersionPayload]) throws -> [VersionPayload] {
        var unique: [VersionID: VersionPayload] = [:]
        for payload in payloads { unique[payload.id] = payload }
        let sorted = unique.values.sorted { ($0.site, $0.firstSeq) < ($1.site, $1.firstSeq) }
        for (previous, next) in zip(sorted, sorted.dropFirst()) where previous.site == next.site && next.firstSeq <= previous.lastSeq {
            throw SyncError.contradiction(site: next.site, seq: next.firstSeq)
        }
        return Array(unique.values)
    }

    /// The payloads whose base is here (held, or applied earlier in this order), in clock order,
    /// repeating until no more can go; the rest wait.
    static func order(_ queue: [VersionPayload], holdings: some MergeHoldings) throws -> (ready: [VersionPayload], waiting: [VersionPayload]) {
        var here = Set<End>()
        func baseIsHere(_ payload: VersionPayload) throws -> Bool {
            for (site, seq) in payload.base.entries {
                let end = End(document: payload.document, site: site, seq: seq)
                if here.contains(end) { continue }
                guard try holdings.holdsCommit(document: payload.document, site: site, lastSeq: seq) else { return false }
                here.insert(end)
            }
            return true
        }
        var waiting = queue.sorted { ($0.hlc, $0.site, $0.firstSeq) < ($1.hlc, $1.site, $1.firstSeq) }
        var ready: [VersionPayload] = []
        while true {
            var next: [VersionPayload] = []
            for payload in waiting {
                if try baseIsHere(payload) {
                    ready.append(payload)
                    here.insert(End(document: payload.document, site: payload.site, seq: payload.lastSeq))
                } else {
                    next.append(payload)
                }
            }
            if next.count == waiting.count { break }
            waiting = next
        }
        return (ready, waiting)
    }
}
