import LayoutSpec
import SpecSync
import Testing

/// Version ids hash content: a commit's header and every change; a merge its document and
/// vector only (TEAM.md contract; the hub computes the same bytes in SQL).
struct VersionTests {
    static let siteA = SiteID(high: 0x0102_0304_0506_0708, low: 0x090A_0B0C_0D0E_0F10)
    static let siteB = SiteID(high: 3, low: 4)
    static let hlc = Timestamp(milliseconds: 1_700_000_000_000, counter: 2)

    static func payload(message: String = "first", author: String = "ann", time: Int64 = 1_700_000_000_000,
                        changes edits: [(String, Property, String?)] = [("t", .text, "\"Hi\""), ("t", .width, nil)],
                        base: VersionVector = VersionVector([siteB: 9]), hlc: Timestamp = hlc, document: String = "login") -> VersionPayload {
        var vector = base
        vector[siteA] = 5 + Int64(edits.count) - 1
        let changes = edits.enumerated().map { offset, edit in
            Change(stamp: Stamp(hlc: hlc, site: siteA, seq: 5 + Int64(offset)), document: document, view: edit.0, property: edit.1, value: edit.2)
        }
        return VersionPayload(version: Version(document: document, vector: vector, kind: .commit, message: message, author: author, time: time),
                              site: siteA, firstSeq: 5, lastSeq: 5 + Int64(edits.count) - 1, hlc: hlc, base: base, changes: changes)
    }

    /// The canonical bytes, written out by hand from the contract.
    struct Bytes {
        var bytes: [UInt8] = []
        mutating func u32(_ value: UInt32) { for shift in [24, 16, 8, 0] as [UInt32] { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) } }
        mutating func u64(_ value: UInt64) { u32(UInt32(truncatingIfNeeded: value >> 32)); u32(UInt32(truncatingIfNeeded: value)) }
        mutating func str(_ text: String) { u32(UInt32(text.utf8.count)); bytes += Array(text.utf8) }
        mutating func raw(_ data: [UInt8]) { bytes += data }
    }

    @Test func commitIDHashesTheContractBytes() {
        var b = Bytes()
        b.str("plumb-commit-2"); b.str("login"); b.raw(Self.siteA.bytes); b.u64(5); b.u64(6)
        b.u64(Self.hlc.rawValue); b.u64(1_700_000_000_000); b.str("first"); b.str("ann")
        b.u32(1); b.raw(Self.siteB.bytes); b.u64(9)
        b.u32(2)
        b.u64(5); b.str("t"); b.str("text"); b.raw([1]); b.str("\"Hi\"")
        b.u64(6); b.str("t"); b.str("width"); b.raw([0])
        let id = Self.payload().id
        #expect(id.bytes == SHA256.hash(b.bytes))
        #expect(id == Self.payload().id)
        #expect(id.short == String(id.hex.prefix(12)))
        #expect(VersionID(hex: id.hex) == id)
        #expect(VersionID(hex: id.hex.uppercased()) == id)
    }

    @Test func mergeIDHashesTheContractBytes() {
        let vector = VersionVector([Self.siteB: 9, Self.siteA: 6])
        // Entries sorted by site bytes: siteB (00…03…) before siteA (01…).
        var b = Bytes()
        b.str("plumb-merge-2"); b.str("login"); b.u32(2); b.raw(Self.siteB.bytes); b.u64(9); b.raw(Self.siteA.bytes); b.u64(6)
        #expect(Version.mergeID(document: "login", vector: vector).bytes == SHA256.hash(b.bytes))
        #expect(Version.mergeID(document: "login", vector: vector) != Version.mergeID(document: "signup", vector: vector))
    }

    /// A negative time hashes as its two's-complement bit pattern.
    @Test func negativeTimeIsItsBitPattern() {
        var b = Bytes()
        b.str("plumb-commit-2"); b.str("login"); b.raw(Self.siteA.bytes); b.u64(5); b.u64(5)
        b.u64(Self.hlc.rawValue); b.u64(UInt64(bitPattern: -1)); b.str(""); b.str("")
        b.u32(0); b.u32(1); b.u64(5); b.str("v"); b.str("alive"); b.raw([1]); b.str("true")
        #expect(Self.payload(message: "", author: "", time: -1, changes: [("v", .alive, "true")], base: VersionVector()).id.bytes == SHA256.hash(b.bytes))
    }

    static let variants: [VersionPayload] = [
        payload(message: "other"), payload(author: "bob"), payload(time: 1_700_000_000_001),
        payload(changes: [("t", .text, "\"Ho\""), ("t", .width, nil)]),
        payload(changes: [("u", .text, "\"Hi\""), ("t", .width, nil)]),
        payload(changes: [("t", .height, "\"Hi\""), ("t", .width, nil)]),
        payload(changes: [("t", .text, "\"Hi\""), ("t", .width, "null")]),
        payload(changes: [("t", .text, "\"Hi\"")]),
        payload(base: VersionVector([siteB: 8])),
        payload(hlc: Timestamp(milliseconds: 1_700_000_000_000, counter: 3)),
        payload(document: "signup"),
    ]

    @Test(arguments: variants)
    func everyPartOfTheContentChangesTheID(_ variant: VersionPayload) {
        #expect(variant.id != Self.payload().id)
    }

    /// Length prefixes keep fields from sharing bytes.
    @Test func fieldsCannotShareBytes() {
        #expect(Self.payload(message: "a\u{0}b", author: "c").id != Self.payload(message: "a", author: "b\u{0}c").id)
        #expect(Self.payload(changes: [("ab", .text, "\"c\"")]).id != Self.payload(changes: [("a", .text, "\"bc\"")]).id)
    }

    @Test func aClaimedIDIsCheckedAgainstTheContent() {
        let real = Self.payload()
        let claimed = VersionPayload(version: real.version, site: real.site, firstSeq: real.firstSeq, lastSeq: real.lastSeq, hlc: real.hlc,
                                     base: real.base, changes: real.changes, claimedID: real.id)
        #expect(claimed.verified()?.id == real.id)
        let tampered = Self.payload(changes: [("t", .text, "\"Evil\""), ("t", .width, nil)])
        let forged = VersionPayload(version: tampered.version, site: tampered.site, firstSeq: tampered.firstSeq, lastSeq: tampered.lastSeq,
                                    hlc: tampered.hlc, base: tampered.base, changes: tampered.changes, claimedID: real.id)
        #expect(forged.verified() == nil)
        #expect(forged.inconsistency == nil, "consistent in itself; only its id is wrong")
    }

    @Test(arguments: ["", "abc", String(repeating: "0", count: 63), String(repeating: "0", count: 65), String(repeating: "g", count: 64)])
    func invalidIDHex(_ text: String) {
        #expect(VersionID(hex: text) == nil)
    }
}
