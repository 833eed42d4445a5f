import SpecStore
import SpecSync

/// A bundle file: versions to carry between stores by mail, USB or git (docs/bundle-format.md).
///
/// Layout: the magic `PLMBBNDL`, the format version (varint), the creator's site id (16 bytes),
/// the creator's knowledge (count, then site id and seq each), the documents it was limited to
/// (count, then names; none = all), the version pack (length, then `VersionPack` bytes), the
/// conflict resolutions (format 3: count, then each as `ConflictResolution`'s fields: losing
/// site, seq, view, property, state, site, time), the site names (format 4: count, then each as
/// site, name, time), and last the SHA-256 of everything before it. Format 2 carries each
/// version's id in the pack, checked against its content on reading; formats 1 (no ids), 2 (no
/// resolutions) and 3 (no names) are still read.
public struct BundleFile: Sendable, Equatable {
    public static let magic = Array("PLMBBNDL".utf8)
    public static let formatVersion: UInt64 = 4

    /// The store that wrote it.
    public var creator: SiteID
    /// What the creator held: a peer answers with a bundle `--since` this.
    public var knowledge: VersionVector
    /// The documents it was limited to; empty = all.
    public var documents: [String]
    public var payloads: [VersionPayload]
    /// Every resolution of a conflict the creator held (`ConflictResolution`): a grow-only set,
    /// all of it each time (it is small), so a receiver settles what it holds or later records.
    public var resolutions: [ConflictResolution]
    /// Every site name the creator knew (`SiteName`), all of them each time (they are few).
    public var names: [SiteName]

    public init(creator: SiteID, knowledge: VersionVector, documents: [String], payloads: [VersionPayload], resolutions: [ConflictResolution] = [],
                names: [SiteName] = []) {
        self.creator = creator
        self.knowledge = knowledge
        self.documents = documents
        self.payloads = payloads
        self.resolutions = resolutions
        self.names = names
    }

    /// The versions of `store` above `since` (of `documents` only, when not empty).
    public static func make(from store: Store, documents: [String] = [], since: VersionVector = VersionVector()) throws -> BundleFile {
        let payloads = try store.payloads(after: since, documents: documents.isEmpty ? nil : Set(documents))
        return BundleFile(creator: store.site, knowledge: try store.knowledge(), documents: documents, payloads: payloads,
                          resolutions: try store.conflictResolutions(), names: try store.siteNames())
    }

    /// The file's bytes.
    public func encoded() -> [UInt8] {
        var out = BinaryWriter()
        out.raw(BundleFile.magic)
        out.varint(BundleFile.formatVersion)
        out.raw(creator.bytes)
        let known = knowledge.sorted
        out.varint(known.count)
        for (site, seq) in known {
            out.raw(site.bytes)
            out.varint(UInt64(seq))
        }
        out.varint(documents.count)
        for name in documents { out.string(name) }
        let pack = VersionPack.encode(payloads)
        out.varint(pack.count)
        out.raw(pack)
        out.varint(resolutions.count)
        for resolution in resolutions {
            out.raw(resolution.key.loserSite.bytes)
            out.varint(UInt64(resolution.key.loserSeq))
            out.string(resolution.key.view)
            out.string(resolution.key.property)
            out.string(resolution.state.rawValue)
            out.raw(resolution.site.bytes)
            out.varint(UInt64(max(0, resolution.time)))
        }
        out.varint(names.count)
        for name in names {
            out.raw(name.site.bytes)
            out.string(name.name)
            out.varint(UInt64(max(0, name.time)))
        }
        out.raw(SHA256.hash(out.bytes))
        return out.bytes
    }

    /// Reads a bundle file, checking its checksum and format version first.
    public init(decoding bytes: [UInt8]) throws(BundleError) {
        guard bytes.count >= BundleFile.magic.count, Array(bytes.prefix(BundleFile.magic.count)) == BundleFile.magic else { throw .notABundle }
        var reader = BinaryReader(bytes: bytes, offset: BundleFile.magic.count)
        guard let format = reader.varint() else { throw .truncated }
        guard format <= BundleFile.formatVersion else { throw .newerFormat(format) }
        guard format >= 1 else { throw .corrupt("unknown format \(format)") }
        guard bytes.count >= reader.offset + 16 + 32 else { throw .truncated }
        let body = Array(bytes.dropLast(32))
        guard SHA256.hash(body) == Array(bytes.suffix(32)) else {
            throw .corrupt("checksum mismatch: the file is damaged or was cut short")
        }
        reader = BinaryReader(bytes: body, offset: reader.offset)
        guard let creatorBytes = reader.take(16), let creator = SiteID(bytes: creatorBytes),
              let knownCount = reader.count(atMost: reader.remaining / 17) else { throw .corrupt("header") }
        var knowledge = VersionVector()
        for _ in 0..<knownCount {
            guard let raw = reader.take(16), let site = SiteID(bytes: raw), let seq = reader.varint(), seq < UInt64(Int64.max) else {
                throw .corrupt("knowledge")
            }
            knowledge[site] = Int64(seq)
        }
        guard let documentCount = reader.count(atMost: reader.remaining) else { throw .corrupt("documents") }
        var documents: [String] = []
        for _ in 0..<documentCount {
            guard let name = reader.string() else { throw .corrupt("documents") }
            documents.append(name)
        }
        guard let packLength = reader.count(atMost: reader.remaining), let pack = reader.take(packLength), format >= 3 || reader.isAtEnd else {
            throw .corrupt("version data length")
        }
        var resolutions: [ConflictResolution] = []
        if format >= 3 {
            guard let count = reader.count(atMost: reader.remaining / 20) else { throw .corrupt("conflict resolutions") }
            for _ in 0..<count {
                guard let loserBytes = reader.take(16), let loserSite = SiteID(bytes: loserBytes), let loserSeq = reader.varint(), loserSeq < UInt64(Int64.max),
                      let view = reader.string(), let property = reader.string(),
                      let state = reader.string().flatMap(ConflictResolution.State.init(rawValue:)),
                      let siteBytes = reader.take(16), let site = SiteID(bytes: siteBytes), let time = reader.varint(), time < UInt64(Int64.max) else {
                    throw .corrupt("conflict resolutions")
                }
                let key = ConflictResolution.Key(loserSite: loserSite, loserSeq: Int64(loserSeq), view: view, property: property)
                resolutions.append(ConflictResolution(key: key, state: state, site: site, time: Int64(time)))
            }
            guard format >= 4 || reader.isAtEnd else { throw .corrupt("conflict resolutions") }
        }
        var names: [SiteName] = []
        if format >= 4 {
            guard let count = reader.count(atMost: reader.remaining / 18) else { throw .corrupt("site names") }
            for _ in 0..<count {
                guard let siteBytes = reader.take(16), let site = SiteID(bytes: siteBytes), let name = reader.string(),
                      SiteName.problem(with: name) == nil, let time = reader.varint(), time < UInt64(Int64.max) else {
                    throw .corrupt("site names")
                }
                names.append(SiteName(site: site, name: name, time: Int64(time)))
            }
            guard reader.isAtEnd else { throw .corrupt("site names") }
        }
        do {
            payloads = try VersionPack.decode(Array(pack), layout: format == 1 ? .withoutIDs : .withIDs)
        } catch .idMismatch(let id, let site) {
            throw .tampered(id: id, site: site)
        } catch {
            throw .corrupt(error.description)
        }
        self.creator = creator
        self.knowledge = knowledge
        self.documents = documents
        self.resolutions = resolutions
        self.names = names
    }
}

/// A bundle file that cannot be used. Nothing is applied.
public enum BundleError: Error, Equatable, Sendable, CustomStringConvertible {
    case notABundle
    case truncated
    case newerFormat(UInt64)
    case corrupt(String)
    /// A version whose content does not hash to the id the bundle gives it.
    case tampered(id: VersionID, site: SiteID)

    public var description: String {
        switch self {
        case .notABundle: "not a Plumb bundle (make one with plumb bundle create -o FILE). Nothing was applied."
        case .truncated: "the bundle is cut short (copied in part?); copy it again or make a new one. Nothing was applied."
        case .newerFormat(let format): "bundle format \(format) was written by a newer Plumb (this one reads format \(BundleFile.formatVersion)); upgrade Plumb"
        case .corrupt(let detail): "the bundle is damaged (\(detail)); copy it again or make a new one. Nothing was applied."
        case .tampered(let id, let site):
            "version \(id.short) of site \(site.short) in the bundle does not match its content: the file was edited or damaged after it was written. Nothing was applied; ask for a new bundle (`plumb bundle create` on the store that made it)."
        }
    }
}
