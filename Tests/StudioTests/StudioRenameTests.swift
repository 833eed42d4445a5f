import Foundation
import RawHTTP
import SpecStore
@testable import Studio
import Testing

/// After `plumb docs mv`, the studio's history follows the rename as `plumb log` does: the
/// earlier name's versions are listed as `login@N`, open by id, and diff against the new name's.
@Suite struct StudioRenameTests {
    @Test func theHistoryFollowsARename() throws {
        let fixture = try StudioFixture()
        try fixture.plumb("tag", "login", "first-cut")
        try fixture.plumb("docs", "mv", "login", "sign-in")
        let store = try Store.open(at: fixture.storePath)
        let old = try store.version(of: "login", revision: "first-cut")
        let studio = try fixture.startStudio()
        defer { studio.stop() }
        let http = RawHTTP(port: studio.port)
        let cookie = ["Cookie": StudioFixture.cookie(studio)]

        let page = try http.request("/d/sign-in", headers: cookie)
        #expect(page.status == 200, "\(page.body)")
        #expect(page.body.contains("<li data-rev=\"\(old.id.hex)\""), "the earlier name's version is listed, by id")
        #expect(page.body.contains("<span class=\"number\">login@\(old.number)</span>"), "\(page.body)")
        let shown = try http.request("/d/sign-in?rev=\(old.id.hex)", headers: cookie)
        #expect(shown.status == 200 && shown.body.contains("login@\(old.number) (first-cut)"), "\(shown.body)")
        #expect(shown.body.contains("<span class=\"version-caption\">login@\(old.number) (first-cut), before the rename to sign-in</span>"), "not \"of N\", N being sign-in's count")
        #expect(try http.request("/d/sign-in?rev=first-cut", headers: cookie).status == 200, "a tag of the earlier name")

        // What changed here, from the new name's first version: the rename, against login's.
        let diff = try http.request("/d/sign-in/diff?to=1", headers: cookie)
        #expect(diff.status == 200, "\(diff.body)")
        #expect(diff.body.contains("login@\(old.number) (first-cut) → v1"), "\(diff.body)")
    }
}
