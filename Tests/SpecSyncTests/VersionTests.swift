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
        var header = Array("plumb-version-1\u{0}commit\u{0}login\u{0}".utf8) + Self.vector.encoded
        header += Array("\u{0}first\u{0}ann\u{0}1700000000000".utf8)
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
