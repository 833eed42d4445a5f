import SpecSync
import Testing

/// The last-writer rule for store names, and what a name may hold.
@Suite struct SiteNameTests {
    let site = SiteID(high: 1, low: 2)

    @Test func theLaterNameWinsAndEqualTimesAreDecidedByTheText() {
        let early = SiteName(site: site, name: "b", time: 10), late = SiteName(site: site, name: "a", time: 11)
        #expect(late.supersedes(early) && !early.supersedes(late))
        let one = SiteName(site: site, name: "Anna", time: 10), other = SiteName(site: site, name: "Bea", time: 10)
        #expect(other.supersedes(one) && !one.supersedes(other), "either order of arrival ends with the same name")
        #expect(!one.supersedes(one))
    }

    @Test func aNameIsShortPrintableAndUnpadded() {
        #expect(SiteName.problem(with: "Anna's laptop") == nil)
        #expect(SiteName.problem(with: "") == nil, "the empty name takes a name back")
        #expect(SiteName.problem(with: "Ünïcödé 設計") == nil)
        #expect(SiteName.problem(with: String(repeating: "é", count: 33)) != nil, "66 bytes")
        #expect(SiteName.problem(with: "a\u{202E}b") != nil, "a bidirectional override is a format character")
        #expect(SiteName.problem(with: "a\nb") != nil)
        #expect(SiteName.problem(with: "trailing ") != nil)
        #expect(SiteName.problem(with: "\u{00A0}lead") != nil)
    }
}
