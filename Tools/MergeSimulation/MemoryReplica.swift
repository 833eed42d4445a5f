import LayoutSpec
import SpecSync

/// A store held in memory: the `MergeHoldings` the merge rules read, and the writes a SQLite
/// store makes of their outcomes, without SQLite. For tests and benchmarks of the pure core.
public final class MemoryReplica: MergeHoldings {
    /// One version as held here.
    public struct Held: Sendable {
        public let id: VersionID
        public let document: String
        public let vector: VersionVector
        /// The commit with its changes; `nil` for a merge version.
        public let payload: VersionPayload?
    }

    /// A document as held here.
    public struct Document: Sendable {
        public var state = DocumentState()
        public var tree = TreeResolution()
        public var known = VersionVector()
        public var head: VersionID?
        /// Versions in the order this replica got them (its local numbers, from 1).
        public var versions: [VersionID] = []
        public var propertyConflicts: [Conflict] = []
        /// The head's losses, kept from the merge or commit that made it.
        public var losses: [Loss]?
        /// Structural conflicts by view and first losing change.
        public var structuralConflicts: [ConflictKey: StructuralConflict] = [:]
    }

    public struct ConflictKey: Hashable, Sendable {
        let view: String
        let site: SiteID
        let seq: Int64
    }

    public let localSite: SiteID
    public private(set) var lastClock = Timestamp.zero
    public private(set) var versions: [VersionID: Held] = [:]
    public private(set) var documents: [String: Document] = [:]
    public private(set) var waitingVersions: [VersionPayload] = []
    /// The state of each version this replica made (commits) or reached (merges), as the
    /// incremental paths computed it (last-writer-wins state and tree).
    public private(set) var madeStates: [VersionID: ResolvedDocument] = [:]
    /// Commit versions by site, in seq order: (first seq, last seq, id).
    private var commitsBySite: [SiteID: [(first: Int64, last: Int64, id: VersionID)]] = [:]
    private var nextSeq: Int64 = 1
    private var heads: [String: ResolvedDocument] = [:]

    public init(site: SiteID) { localSite = site }

    // MARK: MergeHoldings

    public func clock() -> Timestamp { lastClock }
    public func holds(_ id: VersionID) -> Bool { versions[id] != nil }

    public func heldSeq(site: SiteID, in range: ClosedRange<Int64>) -> Int64? {
        (commitsBySite[site] ?? []).filter { $0.first <= range.upperBound && $0.last >= range.lowerBound }
            .map { max($0.first, range.lowerBound) }.min()
    }

    public func holdsCommit(document: String, site: SiteID, lastSeq: Int64) -> Bool {
        (commitsBySite[site] ?? []).contains { $0.last == lastSeq && versions[$0.id]?.document == document }
    }

    public func waiting() -> (payloads: [VersionPayload], unreadable: Int) { (waitingVersions, 0) }

    public func head(of document: String) -> HeldHead? {
        documents[document].map { HeldHead(state: $0.state, tree: $0.tree, known: $0.known, losses: $0.losses) }
    }

    public func moves(of document: String, within vector: VersionVector) -> [TreeResolution.Move] {
        changes(of: document, within: vector).filter { $0.property == .parent }
            .map { TreeResolution.Move(view: $0.view, parent: $0.value, stamp: $0.stamp) }
    }

    public func seenVector(site: SiteID, seq: Int64) -> VersionVector? {
        commit(site: site, seq: seq).map { versions[$0]!.vector }
    }

    public func version(of document: String, vector: VersionVector) -> VersionID? {
        documents[document]?.versions.last { versions[$0]?.vector == vector }
    }

    // MARK: Writing

    /// Makes a version of `document` from the edits `plan` returns on the resolved head (as
    /// `Store.commit`); `nil` when there are none.
    @discardableResult
    public func commit<Edits: Collection<Edit>>(document: String, now: UInt64, message: String = "edit",
                                               plan: (ResolvedDocument) throws -> Edits) throws -> VersionPayload? {
        let held = head(of: document)
        let resolved = resolvedHead(document) ?? ResolvedDocument(name: document, raw: DocumentState(), tree: TreeResolution())
        let edits = try plan(resolved)
        guard !edits.isEmpty else { return nil }
        var clock = HybridLogicalClock(last: lastClock)
        let hlc = clock.tick(now: now)
        let outcome = try LocalCommit.make(document: document, edits: edits, held: held, site: localSite, firstSeq: nextSeq, hlc: hlc,
                                           time: Int64(now), message: message, author: "sim", holdings: self)
        lastClock = clock.last
        let payload = outcome.payload
        nextSeq = payload.lastSeq + 1
        store(payload)
        var entry = documents[document] ?? Document()
        entry.state = outcome.state
        entry.tree = outcome.tree
        entry.losses = outcome.losses
        entry.known = payload.version.vector
        entry.head = payload.id
        entry.versions.append(payload.id)
        madeStates[payload.id] = outcome.resolved
        record(outcome.structuralConflicts, in: &entry)
        documents[document] = entry
        heads[document] = outcome.resolved
        return payload
    }

    /// Merges versions from elsewhere (as `Store.importVersions`).
    @discardableResult
    public func receive(_ incoming: [VersionPayload], now: UInt64) throws -> ImportReport {
        let outcome = try Merge.run(incoming, into: self, now: now, maxSkew: .max / 2)
        for payload in outcome.applied {
            store(payload)
            documents[payload.document, default: Document()].versions.append(payload.id)
        }
        waitingVersions = outcome.waiting
        var clock = HybridLogicalClock(last: outcome.clock)
        for result in outcome.documents {
            var entry = documents[result.document]!
            entry.state = result.state
            entry.tree = result.tree
            entry.losses = result.losses
            entry.known = result.known
            entry.propertyConflicts += result.propertyConflicts
            record(result.structuralConflicts, in: &entry)
            switch result.head {
            case .existing(let id):
                entry.head = id
            case .merge(let id):
                _ = clock.tick(now: now)
                versions[id] = Held(id: id, document: result.document, vector: result.known, payload: nil)
                entry.versions.append(id)
                entry.head = id
                madeStates[id] = result.resolved
            }
            documents[result.document] = entry
            heads[result.document] = result.resolved
        }
        lastClock = clock.last
        return outcome.report
    }

    private func store(_ payload: VersionPayload) {
        versions[payload.id] = Held(id: payload.id, document: payload.document, vector: payload.version.vector, payload: payload)
        var list = commitsBySite[payload.site, default: []]
        commitsBySite[payload.site] = nil
        let position = list.firstIndex { $0.first > payload.firstSeq } ?? list.count
        list.insert((payload.firstSeq, payload.lastSeq, payload.id), at: position)
        commitsBySite[payload.site] = list
    }

    private func record(_ conflicts: [StructuralConflict], in document: inout Document) {
        for conflict in conflicts {
            let key = ConflictKey(view: conflict.view, site: conflict.loser.site, seq: conflict.loser.seq)
            document.structuralConflicts[key] = document.structuralConflicts[key].map { conflict.adding($0.lost) } ?? conflict
        }
    }

    // MARK: Reading

    /// Every commit version held, for a peer to take what it lacks.
    public var payloads: [VersionPayload] { versions.values.compactMap(\.payload) }

    /// The commit holding change `(site, seq)`.
    func commit(site: SiteID, seq: Int64) -> VersionID? {
        (commitsBySite[site] ?? []).first { $0.first <= seq && seq <= $0.last }?.id
    }

    /// The document's changes that `vector` includes.
    public func changes(of document: String, within vector: VersionVector) -> [Change] {
        var result: [Change] = []
        for (site, upper) in vector.entries {
            for range in commitsBySite[site] ?? [] where range.last <= upper {
                guard let payload = versions[range.id]?.payload, payload.document == document else { continue }
                result += payload.changes
            }
        }
        return result
    }

    /// A version's state as it was made (`madeStates`), else from scratch (`resolved`).
    public func resolvedAsMade(_ id: VersionID) -> ResolvedDocument? {
        madeStates[id] ?? resolved(id)
    }

    /// Any version's state, resolved, computed from scratch: the fold of the changes its vector
    /// includes and the whole tree replay (what the store's snapshots and kept trees shortcut).
    public func resolved(_ id: VersionID) -> ResolvedDocument? {
        guard let held = versions[id] else { return nil }
        let changes = changes(of: held.document, within: held.vector)
        var state = DocumentState()
        for change in changes { state.apply(change) }
        let tree = TreeResolution.replay(changes.filter { $0.property == .parent }
            .map { TreeResolution.Move(view: $0.view, parent: $0.value, stamp: $0.stamp) })
        return ResolvedDocument(name: held.document, raw: state, tree: tree)
    }

    /// The head, resolved (kept until the next write).
    public func resolvedHead(_ document: String) -> ResolvedDocument? {
        if let cached = heads[document] { return cached }
        let resolved = documents[document].map { ResolvedDocument(name: document, raw: $0.state, tree: $0.tree) }
        heads[document] = resolved
        return resolved
    }
}
