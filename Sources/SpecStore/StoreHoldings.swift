import LayoutSpec
import SpecSync

/// What a store holds, read through SQL for the merge rules (`MergeHoldings`). Lookups are
/// cached for the length of one import or commit; nothing here writes.
final class StoreHoldings: MergeHoldings {
    let store: Store
    private var vectorCache: [Int64: (first: Int64, last: Int64, vector: VersionVector)] = [:]
    private var heads: [String: HeldHead?] = [:]

    init(store: Store) { self.store = store }

    var database: Database { store.database }
    var localSite: SiteID { store.site }

    func clock() throws -> Timestamp { try store.storedClock() }

    func holds(_ id: VersionID) throws -> Bool {
        try store.versionTable.rowID(of: id) != nil
    }

    func heldSeq(site: SiteID, in range: ClosedRange<Int64>) throws -> Int64? {
        guard let number = try store.sites.number(of: site) else { return nil }
        return try store.versionTable.leastHeldSeq(site: number, in: range)
    }

    func holdsCommit(document: String, site: SiteID, lastSeq: Int64) throws -> Bool {
        guard let documentID = try store.documentID(document), let number = try store.sites.number(of: site) else { return false }
        return try store.versionTable.holdsCommit(document: documentID, site: number, lastSeq: lastSeq)
    }

    func waiting() throws -> (payloads: [VersionPayload], unreadable: Int) {
        var payloads: [VersionPayload] = []
        var unreadable = 0
        try database.query("SELECT payload FROM pending_versions") { row in
            if let decoded = try? VersionPack.decode(row.blob(0)) { payloads += decoded } else { unreadable += 1 }
        }
        return (payloads, unreadable)
    }

    func head(of document: String) throws -> HeldHead? {
        if let cached = heads[document] { return cached }
        var held: HeldHead?
        if let documentID = try store.documentID(document) {
            held = HeldHead(state: try store.headTable.state(document: documentID), tree: try store.headTree(documentID: documentID),
                            known: try store.documentTable.known(of: documentID))
        }
        heads[document] = held
        return held
    }

    func moves(of document: String, within vector: VersionVector) throws -> [TreeResolution.Move] {
        guard let documentID = try store.documentID(document) else { return [] }
        return try store.changeTable.moves(documentID: documentID, within: vector)
    }

    func seenVector(site: SiteID, seq: Int64) throws -> VersionVector? {
        guard let number = try store.sites.number(of: site) else { return nil }
        if let cached = vectorCache[number], cached.first <= seq, seq <= cached.last { return cached.vector }
        guard let found = try store.versionTable.commit(site: number, containing: seq), let vector = found.vector else { return nil }
        vectorCache[number] = (found.first, found.last, vector)
        return vector
    }

    func version(of document: String, vector: VersionVector) throws -> VersionID? {
        guard let documentID = try store.documentID(document) else { return nil }
        // Knowledge only grows, so a version with everything known is among the latest.
        return try store.versionTable.version(document: documentID, vector: vector, amongNewest: 64)
    }
}
