import LayoutSpec

/// What a store holds, as the merge rules need to read it. The rules (`Merge`) are plain
/// functions over this; a SQLite store and the in-memory replica of the tests both answer it.
/// Nothing here writes: the store writes what `Merge` returns.
public protocol MergeHoldings {
    /// This store's own site id.
    var localSite: SiteID { get }
    /// The store's last clock reading.
    func clock() throws -> Timestamp
    /// True when a version with this id is here.
    func holds(_ id: VersionID) throws -> Bool
    /// The lowest seq of `site` within `range` that this store holds a change under, if any.
    func heldSeq(site: SiteID, in range: ClosedRange<Int64>) throws -> Int64?
    /// True when the commit version of `document` made by `site` and ending at `lastSeq` is here.
    func holdsCommit(document: String, site: SiteID, lastSeq: Int64) throws -> Bool
    /// Versions kept from earlier imports until their base arrives, and how many of the kept
    /// ones cannot be read (they stay kept).
    func waiting() throws -> (payloads: [VersionPayload], unreadable: Int)
    /// The head of a document, `nil` when the document is not here.
    func head(of document: String) throws -> HeldHead?
    /// Every `parent` change of `document` that `vector` includes (for a whole tree replay).
    func moves(of document: String, within vector: VersionVector) throws -> [TreeResolution.Move]
    /// The vector of the commit version holding change `(site, seq)`: what its author had seen.
    func seenVector(site: SiteID, seq: Int64) throws -> VersionVector?
    /// The id of a version of `document` whose vector is exactly `vector`, if one is here.
    func version(of document: String, vector: VersionVector) throws -> VersionID?
}

/// A document's head as a store holds it.
public struct HeldHead: Sendable {
    /// The last-writer-wins fold of every change the document's versions include.
    public var state: DocumentState
    /// The tree replay of that state; `nil` when the store has not kept it (replay anew).
    public var tree: TreeResolution?
    /// The union of the document's version vectors: what `state` folds.
    public var known: VersionVector
    /// The losses of `state` (`LossClassifier`), when kept from the merge or commit that made
    /// it; `nil`: classify anew when needed.
    public var losses: [Loss]?

    public init(state: DocumentState, tree: TreeResolution?, known: VersionVector, losses: [Loss]? = nil) {
        self.state = state
        self.tree = tree
        self.known = known
        self.losses = losses
    }
}
