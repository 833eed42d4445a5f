import LayoutSpec

/// The compact binary form of a list of version payloads, shared by bundles and by the store's
/// queue of versions waiting for their base.
///
/// Layout (all integers LEB128 varints): a string table (count, then each string), a site
/// table (count, then 16 bytes each), then the payloads: document, site, first seq, change
/// count, clock, time (zigzag), message, author, base (count, then site and seq each), in
/// layout 2 the version's 32-byte id, and per change its view, property and value (0 = unset,
/// else string index + 1). A change's site, seq, clock and document are its version's, so they
/// are not repeated.
public enum VersionPack {
    /// The two layouts: 1 (bundle format 1) carries no ids, 2 carries each version's id, which
    /// the reader checks against the content.
    public enum Layout: Sendable {
        case withoutIDs
        case withIDs
    }

    /// Encodes payloads; they must be consistent (`VersionPayload.inconsistency == nil`).
    public static func encode(_ payloads: [VersionPayload], layout: Layout = .withIDs) -> [UInt8] {
        var strings: [String: Int] = [:]
        var stringList: [String] = []
        var sites: [SiteID: Int] = [:]
        var siteList: [SiteID] = []
        func string(_ text: String) -> Int {
            if let index = strings[text] { return index }
            strings[text] = stringList.count
            stringList.append(text)
            return stringList.count - 1
        }
        func site(_ id: SiteID) -> Int {
            if let index = sites[id] { return index }
            sites[id] = siteList.count
            siteList.append(id)
            return siteList.count - 1
        }
        var body = BinaryWriter(capacity: payloads.reduce(0) { $0 + $1.changes.count * 6 + 64 })
        body.varint(payloads.count)
        for payload in payloads {
            body.varint(string(payload.document))
            body.varint(site(payload.site))
            body.varint(UInt64(payload.firstSeq))
            body.varint(payload.changes.count)
            body.varint(payload.hlc.rawValue)
            body.signed(payload.version.time)
            body.varint(string(payload.version.message))
            body.varint(string(payload.version.author))
            let base = payload.base.sorted
            body.varint(base.count)
            for (id, seq) in base {
                body.varint(site(id))
                body.varint(UInt64(seq))
            }
            if layout == .withIDs { body.raw(payload.id.bytes) }
            for change in payload.changes {
                body.varint(string(change.view))
                body.varint(string(change.property.rawValue))
                body.varint(change.value.map { string($0) + 1 } ?? 0)
            }
        }
        var out = BinaryWriter(capacity: body.bytes.count + stringList.count * 8 + siteList.count * 16 + 16)
        out.varint(stringList.count)
        for text in stringList { out.string(text) }
        out.varint(siteList.count)
        for id in siteList { out.raw(id.bytes) }
        out.raw(body.bytes)
        return out.bytes
    }

    /// Decodes payloads, checking every index and every payload's consistency (with `.withIDs`,
    /// that each version's content hashes to its id).
    public static func decode(_ bytes: [UInt8], layout: Layout = .withIDs) throws(VersionPackError) -> [VersionPayload] {
        var reader = BinaryReader(bytes: bytes)
        guard let stringCount = reader.count(atMost: reader.remaining) else { throw .malformed("string table") }
        var strings: [String] = []
        strings.reserveCapacity(stringCount)
        for _ in 0..<stringCount {
            guard let text = reader.string() else { throw .malformed("string \(strings.count)") }
            strings.append(text)
        }
        guard let siteCount = reader.count(atMost: reader.remaining / 16) else { throw .malformed("site table") }
        var sites: [SiteID] = []
        for _ in 0..<siteCount {
            guard let raw = reader.take(16), let id = SiteID(bytes: raw) else { throw .malformed("site table") }
            sites.append(id)
        }
        func string(_ reader: inout BinaryReader) throws(VersionPackError) -> String {
            guard let index = reader.count(atMost: strings.count - 1) else { throw .malformed("a string index") }
            return strings[index]
        }
        func site(_ reader: inout BinaryReader) throws(VersionPackError) -> SiteID {
            guard let index = reader.count(atMost: sites.count - 1) else { throw .malformed("a site index") }
            return sites[index]
        }
        guard let payloadCount = reader.count(atMost: reader.remaining) else { throw .malformed("payload count") }
        var payloads: [VersionPayload] = []
        payloads.reserveCapacity(payloadCount)
        for _ in 0..<payloadCount {
            let document = try string(&reader)
            let author = try site(&reader)
            guard let first = reader.varint(), first >= 1, first < UInt64(Int64.max / 2),
                  let changeCount = reader.count(atMost: reader.remaining / 3), changeCount >= 1,
                  let hlc = reader.varint(), let time = reader.signed() else { throw .malformed("a version header") }
            let message = try string(&reader)
            let authorName = try string(&reader)
            guard let baseCount = reader.count(atMost: sites.count) else { throw .malformed("a base vector") }
            var base = VersionVector()
            for _ in 0..<baseCount {
                let id = try site(&reader)
                guard let seq = reader.varint(), seq < UInt64(Int64.max / 2) else { throw .malformed("a base vector") }
                base[id] = Int64(seq)
            }
            var claimed: VersionID?
            if layout == .withIDs {
                guard let raw = reader.take(32) else { throw .malformed("a version id") }
                claimed = VersionID(bytes: Array(raw))
            }
            let firstSeq = Int64(first), lastSeq = Int64(first) + Int64(changeCount) - 1
            let timestamp = Timestamp(rawValue: hlc)
            var changes = ChangeList(document: document, site: author, hlc: timestamp, firstSeq: firstSeq, capacity: changeCount)
            for _ in 0..<changeCount {
                let view = try string(&reader)
                let name = try string(&reader)
                guard let property = Property.named(name) else { throw .unknownProperty(name) }
                guard let valueIndex = reader.count(atMost: strings.count) else { throw .malformed("a value index") }
                let value = valueIndex == 0 ? nil : strings[valueIndex - 1]
                changes.append(view: view, property: property, value: value)
            }
            var vector = base
            vector[author] = lastSeq
            let version = Version(document: document, vector: vector, kind: .commit, message: message, author: authorName, time: time)
            let payload = VersionPayload(version: version, site: author, firstSeq: firstSeq, lastSeq: lastSeq, hlc: timestamp, base: base, changes: changes,
                                        claimedID: claimed)
            if let problem = payload.inconsistency { throw .malformed("version \(payload.id.short): \(problem)") }
            guard let checked = payload.verified() else { throw .idMismatch(payload.id, site: author) }
            payloads.append(checked)
        }
        guard reader.isAtEnd else { throw .malformed("data after the last version") }
        return payloads
    }
}

/// A version pack that cannot be read.
public enum VersionPackError: Error, Equatable, Sendable, CustomStringConvertible {
    case malformed(String)
    case unknownProperty(String)
    /// A version whose content does not hash to the id it carries.
    case idMismatch(VersionID, site: SiteID)

    public var description: String {
        switch self {
        case .malformed(let part): "malformed version data (\(part))"
        case .unknownProperty(let name): "a change sets \"\(name)\", a property this Plumb does not know (written by a newer Plumb?)"
        case .idMismatch(let id, let site): "version \(id.short) of site \(site.short) does not match its content: it was changed after it was made"
        }
    }
}
