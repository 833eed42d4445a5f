import LayoutSpec
import SpecSync
import Testing

/// Input from elsewhere (peers, bundles, hubs) that once could trap.
@Suite struct HostileInputTests {
    @Test(arguments: [("V0001", "V0001"), ("a!", "a0"), ("b", "a"), ("", "a")])
    func orderKeysFromElsewhereNeverTrap(lower: String, upper: String) {
        let key = FractionalIndex.key(between: lower, and: upper, suffix: "xyz1")
        #expect(Array(key.utf8).lexicographicallyPrecedes(Array(lower.utf8)) == false)
        #expect(key != lower)
    }

    @Test func nonFiniteNumbersAreWrittenAsNull() {
        #expect(JSONWriter.format(.infinity) == "null")
        #expect(JSONWriter.compact(.array([.number(-.infinity), .number(.nan)])) == "[null,null]")
    }

    @Test func binaryStringsWithNULAreRefused() {
        var writer = BinaryWriter()
        writer.string("msg\u{0}hidden")
        var reader = BinaryReader(bytes: writer.bytes)
        #expect(reader.string() == nil)
    }

    @Test func valuesFromElsewhereMustBeWellFormed() {
        let site = SiteID(high: 1, low: 1)
        func payload(_ property: Property, _ value: String?, view: String = "v") -> VersionPayload {
            let stamp = Stamp(hlc: Timestamp(rawValue: 1), site: site, seq: 1)
            let version = Version(document: "d", vector: VersionVector([site: 1]), kind: .commit, message: "", author: "", time: 0)
            return VersionPayload(version: version, site: site, firstSeq: 1, lastSeq: 1, hlc: Timestamp(rawValue: 1), base: VersionVector(),
                                  changes: [Change(stamp: stamp, document: "d", view: view, property: property, value: value)])
        }
        #expect(payload(.order, "\"a!\"").inconsistency != nil)
        #expect(payload(.kind, "\"table\"").inconsistency != nil)
        #expect(payload(.alive, "1").inconsistency != nil)
        #expect(payload(.parent, "null").inconsistency == nil)
        // Every value, not only structure: a store commits nothing of the kind (the same check,
        // `Change.problem`), so a version holding one was not made by Plumb.
        #expect(payload(.width, "\"wide\"").inconsistency != nil)
        #expect(payload(.width, "not json{").inconsistency != nil)
        #expect(payload(.text, ValueText.string("a" + String(repeating: "\u{301}", count: 300_000))).inconsistency != nil)
        #expect(payload(.width, "12.5").inconsistency == nil)
        #expect(payload(.text, nil).inconsistency == nil)
        #expect(payload(.width, "1", view: "").inconsistency != nil)
    }
}
