import SpecSync
import Testing
import SeededRandom

/// `SiteID`: bytes, hex, and an order that agrees with byte order.
struct SiteIDTests {
    @Test func bytesAreBigEndian() {
        let site = SiteID(high: 0x0102_0304_0506_0708, low: 0x090A_0B0C_0D0E_0F10)
        #expect(site.bytes == Array(1...16))
        #expect(site.hex == "0102030405060708090a0b0c0d0e0f10")
        #expect(site.short == "01020304")
        #expect(site.description == site.hex)
        #expect(SiteID(bytes: site.bytes) == site)
        #expect(SiteID(hex: site.hex) == site)
        #expect(SiteID(hex: site.hex.uppercased()) == site)
    }

    @Test(arguments: ["", "0", "0102030405060708090a0b0c0d0e0f", "0102030405060708090a0b0c0d0e0f1011", "0102030405060708090a0b0c0d0e0fzz", "g102030405060708090a0b0c0d0e0f10"])
    func invalidHex(_ text: String) {
        #expect(SiteID(hex: text) == nil)
    }

    @Test func invalidByteCounts() {
        #expect(SiteID(bytes: [UInt8](repeating: 0, count: 15)) == nil)
        #expect(SiteID(bytes: [UInt8](repeating: 0, count: 17)) == nil)
        #expect(SiteID(bytes: [UInt8](repeating: 0xFF, count: 16)) == SiteID(high: .max, low: .max))
    }

    @Test func orderAgreesWithBytes() {
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<2_000 {
            // Small values often, so equal highs (and equal ids) come up.
            let a = SiteID(high: generator.next() % 3, low: generator.next())
            let b = SiteID(high: generator.next() % 3, low: generator.next() % 2 == 0 ? a.low : generator.next())
            #expect((a < b) == a.bytes.lexicographicallyPrecedes(b.bytes), "\(a) \(b)")
            #expect((a == b) == (a.bytes == b.bytes))
        }
    }

    @Test func randomSitesDiffer() {
        let sites = (0..<100).map { _ in SiteID.random() }
        #expect(Set(sites).count == sites.count)
    }

    @Test func hexRoundTrip() {
        #expect(Hex.encode([0x00, 0xAB, 0xFF]) == "00abff")
        #expect(Hex.decode("00abFF") == [0x00, 0xAB, 0xFF])
        #expect(Hex.decode("") == [])
        #expect(Hex.decode("abc") == nil)
        #expect(Hex.decode("0x") == nil)
    }
}
