import SpecSync
import Testing

/// `Version.id`: a hash of the header; merge versions leave out who, when and why.
struct VersionTests {
    static let vector = VersionVector([SiteID(high: 1, low: 2): 5, SiteID(high: 3, low: 4): 9])

    static func version(_ kind: Version.Kind = .commit, document: String = "login", vector: VersionVector = vector,
                        message: String = "first", author: String = "ann", time: Int64 = 1_700_000_000_000) -> Version {
        Version(document: document, vector: vector, kind: kind, message: message, author: author, time: time)
    }

    @Test func idIsDeterministic() {
        let id = Self.version().id
        #expect(id == Self.version().id)
        #expect(id.bytes.count == 32)
        #expect(id.hex.count == 64)
        #expect(id.short == String(id.hex.prefix(12)))
        #expect(id.description == id.hex)
        #expect(VersionID(hex: id.hex) == id)
        #expect(VersionID(hex: id.hex.uppercased()) == id)
        // The header, hashed: a fixed id for fixed input (catches an accidental format change).
        // Each string is a length byte (all are short) and its bytes; the vector likewise; the
        // time a zigzag LEB128 varint.
        func field(_ text: String) -> [UInt8] { [UInt8(text.utf8.count)] + Array(text.utf8) }
        var header = field("plumb-version-1") + field("commit") + field("login")
        header += [UInt8(Self.vector.encoded.count)] + Self.vector.encoded
        header += field("first") + field("ann")
        var zigzag = UInt64(1_700_000_000_000) << 1
        while zigzag >= 0x80 { header.append(UInt8(zigzag & 0x7F) | 0x80); zigzag >>= 7 }
        header.append(UInt8(zigzag))
        #expect(id.bytes == SHA256.hash(header))
    }

    @Test(arguments: ["", "abc", String(repeating: "0", count: 63), String(repeating: "0", count: 65), String(repeating: "g", count: 64)])
    func invalidIDHex(_ text: String) {
        #expect(VersionID(hex: text) == nil)
    }

    static let mergeVariants: [Version] = [
        version(.merge, message: "other"), version(.merge, author: "bob"), version(.merge, time: 1), version(.merge, message: "", author: "", time: 0),
    ]

    @Test(arguments: mergeVariants)
    func mergeIgnoresMessageAuthorAndTime(_ variant: Version) {
        #expect(variant.id == Self.version(.merge).id)
    }

    static let commitVariants: [Version] = [
        version(message: "other"), version(author: "bob"), version(time: 1_700_000_000_001),
    ]

    @Test(arguments: commitVariants)
    func commitDependsOnMessageAuthorAndTime(_ variant: Version) {
        #expect(variant.id != Self.version().id)
    }

    static let otherContent: [Version] = [
        version(document: "signup"),
        version(vector: VersionVector([SiteID(high: 1, low: 2): 5])),
        version(vector: VersionVector([SiteID(high: 1, low: 2): 5, SiteID(high: 3, low: 4): 10])),
        version(.merge),
    ]

    @Test(arguments: otherContent)
    func documentVectorAndKindMatter(_ variant: Version) {
        #expect(variant.id != Self.version().id)
        if variant.kind == .merge {
            #expect(variant.id != Self.version(.commit).id)
        } else {
            let merge = Version(document: variant.document, vector: variant.vector, kind: .merge, message: "x", author: "y", time: 2)
            #expect(merge.id != Self.version(.merge).id)
        }
    }
}

@Suite struct VersionHeaderTests {
    /// Fields are length-prefixed, so moving bytes between message and author changes the id.
    @Test func fieldsCannotShareBytes() {
        let vector = VersionVector([SiteID(high: 1, low: 2): 3])
        let first = Version(document: "d", vector: vector, kind: .commit, message: "a\u{0}b", author: "c", time: 1)
        let second = Version(document: "d", vector: vector, kind: .commit, message: "a", author: "b\u{0}c", time: 1)
        #expect(first.id != second.id)
    }
}
