import Foundation
import LayoutSpec
import RawHTTP
import SpecStore
import SpecSync
@testable import Studio
import Testing

/// Structural conflicts in the studio, over real HTTP: listed as `plumb conflicts` lists them,
/// counted with the property ones, and restored by the button as `plumb restore` restores them.
@Suite struct StudioConflictTests {
    @Test func aViewLostToADeleteIsListedAndTheButtonRestoresIt() throws {
        let fixture = try StudioFixture()
        try fixture.makeStructuralConflict()
        let studio = try fixture.startStudio()
        defer { studio.stop() }
        let http = RawHTTP(port: studio.port)
        let (cookie, writeKey) = StudioFixture.session(studio)
        let store = try Store.open(at: fixture.storePath)
        let conflict = try #require(try store.structuralConflicts(of: "login").first)
        let losing = try #require(try store.losingVersion(of: conflict, in: "login"))
        // What the CLI names for it: restore name from the clone's version.
        let listed = try JSONParser.parse(try fixture.plumb("conflicts", "login", "--json"))
        guard case .array(let entries) = listed, entries.count == 1 else { Issue.record("plumb conflicts listed \(listed)"); return }
        #expect(entries[0]["restore"] == .string("plumb restore login name --from \(losing.id.short)"))

        // Listed in words, counted on the documents page and the tabs.
        let page = try http.request("/d/login/conflicts", headers: ["Cookie": cookie])
        #expect(page.status == 200)
        let row = try #require(page.body.components(separatedBy: "<tr data-view=\"name\" data-kind=\"deleted\"").dropFirst().first?
            .components(separatedBy: "</tr>").first, "\(page.body)")
        #expect(row.contains("changed, but deleted elsewhere"))
        #expect(row.contains("deleted with <code>form</code> by tester on site <span class=\"site\">\(conflict.winner.site.short)</span> (\(UTCTime(milliseconds: Int64(conflict.winner.hlc.milliseconds)).milliseconds))"), "the author, the site and the time to the millisecond")
        #expect(row.contains("while tester on site <span class=\"site\">\(conflict.loser.site.short)</span>"))
        #expect(row.contains("changed it (<code>text=&quot;Edited&quot;</code>); not in the document"), "what the losing side did, escaped")
        #expect(row.contains(">v\(losing.number)</a>"), "the version that lost, linked")
        #expect(row.contains("data-action=\"restore\""))
        #expect(page.body.contains("<a class=\"active\" data-tab=\"conflicts\" href=\"/d/login/conflicts\">Conflicts <span class=\"count\">1</span></a>"))
        let documents = try http.request("/", headers: ["Cookie": cookie]).body
        #expect(documents.contains("<td class=\"number conflicts\"><a class=\"count\" href=\"/d/login/conflicts\">1</a></td>"), "\(documents)")

        // Writing needs the token header and the studio's own origin, as for the keep button.
        let form = Array("view=name&site=\(conflict.loser.site.hex)&hlc=\(conflict.loser.hlc.rawValue)".utf8)
        let headers = ["Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"]
        let before = try store.head(of: "login").number
        #expect(try http.request("/d/login/conflicts/restore", method: "POST", headers: headers, body: form).status == 403)
        let foreign = headers.merging(["X-Plumb-Write": writeKey, "Origin": "http://evil.example"]) { $1 }
        #expect(try http.request("/d/login/conflicts/restore", method: "POST", headers: foreign, body: form).status == 403)
        #expect(try http.request("/d/login/conflicts/restore", method: "POST", headers: ["X-Plumb-Write": writeKey], body: form).status == 401)
        #expect(try store.head(of: "login").number == before, "nothing refused was written")

        let own = headers.merging(["X-Plumb-Write": writeKey, "Origin": "http://127.0.0.1:\(studio.port)"]) { $1 }
        let restored = try http.request("/d/login/conflicts/restore", method: "POST", headers: own, body: form)
        #expect(restored.status == 200, "\(restored.body)")
        #expect(restored.body.contains("\"version\": \(before + 1)"))
        #expect(restored.body.contains("login: name restored as in version \(losing.number) (\(losing.id.short)); version \(before + 1)"))
        let head = try store.head(of: "login")
        #expect(head.number == before + 1)
        #expect(head.author == "tester")
        #expect(head.message == "Restore name from version \(losing.number) (\(losing.id.short))", "plumb restore's own message")

        // The view is back, with what the losing side wrote, under its restored parent.
        let shown = try JSONParser.parse(try fixture.plumb("show", "login"))
        let form0 = try #require(children(of: shown["root"]).first { $0["id"] == .string("form") }, "form is back")
        let name = try #require(children(of: form0).first { $0["id"] == .string("name") }, "name is back under form")
        #expect(name["text"] == .string("Edited"))

        // The page says so; the button is gone; pressing again makes no version.
        let after = try http.request("/d/login/conflicts", headers: ["Cookie": cookie]).body
        #expect(after.contains("<span class=\"kept\">restored</span>"))
        #expect(!after.contains("data-action=\"restore\""))
        #expect(after.contains("changed it (<code>text=&quot;Edited&quot;</code>)</td>"), "no longer \"not in the document\"")
        let again = try http.request("/d/login/conflicts/restore", method: "POST", headers: own, body: form)
        #expect(again.status == 200 && again.body.contains("\"version\": null"), "\(again.body)")
        #expect(try http.request("/d/login/conflicts/clear", method: "POST", headers: own).body == "{\"cleared\": 1}")
        #expect(try store.structuralConflicts(of: "login").isEmpty)
    }

    @Test func aSkippedMoveIsListedWithNothingToRestore() throws {
        let fixture = try StudioFixture()
        try fixture.makeConflict()
        try fixture.makeSkippedMove()
        let studio = try fixture.startStudio()
        defer { studio.stop() }
        let http = RawHTTP(port: studio.port)
        let (cookie, writeKey) = StudioFixture.session(studio)
        let store = try Store.open(at: fixture.storePath)
        let conflict = try #require(try store.structuralConflicts(of: "login").first)
        #expect(conflict.kind == .moveSkipped)

        let page = try http.request("/d/login/conflicts", headers: ["Cookie": cookie]).body
        #expect(page.contains("data-conflicts=\"property\"") && page.contains("data-conflicts=\"structure\""), "both lists")
        #expect(page.contains("data-kind=\"move-skipped\""))
        #expect(page.contains("together they would make a loop; <code>\(conflict.view)</code> stayed where it was"))
        #expect(page.contains("nothing left the document"))
        #expect(!page.contains("data-action=\"restore\""))
        #expect(page.contains("Conflicts <span class=\"count\">2</span>"), "one property conflict, one structural")

        let headers = ["Cookie": cookie, "X-Plumb-Write": writeKey]
        let form = Array("view=\(conflict.view)&site=\(conflict.loser.site.hex)&hlc=\(conflict.loser.hlc.rawValue)".utf8)
        let before = try store.head(of: "login").number
        let refused = try http.request("/d/login/conflicts/restore", method: "POST", headers: headers, body: form)
        #expect(refused.status == 400 && refused.body.contains("nothing to restore"), "\(refused.body)")
        #expect(try store.head(of: "login").number == before)
    }

    @Test func aDismissedRowLeavesTheOpenCountStaysListedAndIsRecordedForSync() throws {
        let fixture = try StudioFixture()
        try fixture.makeConflict()
        try fixture.makeStructuralConflict()
        let studio = try fixture.startStudio()
        defer { studio.stop() }
        let http = RawHTTP(port: studio.port)
        let (cookie, writeKey) = StudioFixture.session(studio)
        let store = try Store.open(at: fixture.storePath)
        let conflict = try #require(try store.conflicts(of: "login").first)
        #expect(try http.request("/d/login/conflicts", headers: ["Cookie": cookie]).body.contains("Conflicts <span class=\"count\">2</span>"))

        let headers = ["Cookie": cookie, "X-Plumb-Write": writeKey, "Content-Type": "application/x-www-form-urlencoded"]
        let fields = "kind=property&view=ok&property=width&site=\(conflict.loser.stamp.site.hex)"
        let unknown = try http.request("/d/login/conflicts/dismiss", method: "POST", headers: headers, body: Array("\(fields)&hlc=1".utf8))
        #expect(unknown.status == 404, "\(unknown.body)")
        let before = try store.head(of: "login").number
        let dismissed = try http.request("/d/login/conflicts/dismiss", method: "POST", headers: headers,
                                         body: Array("\(fields)&hlc=\(conflict.loser.stamp.hlc.rawValue)".utf8))
        #expect(dismissed.status == 200, "\(dismissed.body)")
        #expect(try store.head(of: "login").number == before, "a dismissal makes no version")

        // Listed still, marked, without its buttons; the other row is still open.
        let page = try http.request("/d/login/conflicts", headers: ["Cookie": cookie]).body
        let row = try #require(page.components(separatedBy: "<tr data-settled=\"dismissed\" data-view=\"ok\" data-property=\"width\"").dropFirst().first?
            .components(separatedBy: "</tr>").first, "\(page)")
        #expect(row.contains("<span class=\"kept\">dismissed</span>") && row.contains("site <span class=\"site\">\(store.site.short)</span> · "))
        #expect(!row.contains("data-action"))
        #expect(page.contains("Conflicts <span class=\"count\">1</span>"))
        #expect(page.contains("data-action=\"dismiss\" data-kind=\"structure\""), "the structural row keeps its own Dismiss")
        let documents = try http.request("/", headers: ["Cookie": cookie]).body
        #expect(documents.contains("<a class=\"count\" href=\"/d/login/conflicts\">1</a>"))
        // Recorded for sync, by this store.
        let resolutions = try store.conflictResolutions()
        #expect(resolutions.count == 1 && resolutions[0].state == .dismissed && resolutions[0].site == store.site)

        // Once the store has a name (`plumb site name`), the page says it instead of the id.
        try store.setName("Anna's laptop")
        let named = try http.request("/d/login/conflicts", headers: ["Cookie": cookie]).body
        #expect(named.contains("<span class=\"site\">Anna&apos;s laptop</span> · "), "\(named)")
        #expect(!named.contains("site <span class=\"site\">\(store.site.short)</span>"))
    }

    /// A kept value undone since (`plumb revert` of the keep) is still settled, but no longer
    /// what was kept: the page and `plumb conflicts` say it changed since, and what it is now.
    @Test func aKeptValueRevertedSinceIsSaidToHaveChanged() throws {
        let fixture = try StudioFixture()
        try fixture.makeConflict()
        let store = try Store.open(at: fixture.storePath)
        let conflict = try #require(try store.conflicts(of: "login").first)
        _ = try #require(try ConflictActions.keepOtherValue(conflict, document: "login", store: store, author: "tester", replacing: nil))
        let kept = try fixture.plumb("conflicts", "login")
        #expect(kept.contains("[kept on site ") && !kept.contains("changed since"), "\(kept)")
        _ = try fixture.plumb("revert", "login@head~1")
        let reverted = try fixture.plumb("conflicts", "login")
        let now = conflict.winner.value ?? "unset"
        #expect(reverted.contains("; changed since, now \(now)]"), "\(reverted)")

        let studio = try fixture.startStudio()
        defer { studio.stop() }
        let page = try RawHTTP(port: studio.port).request("/d/login/conflicts", headers: ["Cookie": StudioFixture.cookie(studio)]).body
        let row = try #require(page.components(separatedBy: "<tr data-settled=\"kept\"").dropFirst().first?.components(separatedBy: "</tr>").first, "\(page)")
        #expect(row.contains("<span class=\"kept\">kept</span>") && row.contains("<span class=\"changed\">changed since</span>"), "\(row)")
    }

    /// A version whose write lost at a merge is marked where it is listed: in the history
    /// (naming the write in its title), under its picture (linking to the conflicts), and in
    /// the diff and sheet pages' version lists; once dismissed, the mark says so.
    @Test func theLosingVersionIsMarkedWhereverItIsListed() throws {
        let fixture = try StudioFixture()
        try fixture.makeConflict()
        let studio = try fixture.startStudio()
        defer { studio.stop() }
        let http = RawHTTP(port: studio.port)
        let (cookie, _) = StudioFixture.session(studio)
        let store = try Store.open(at: fixture.storePath)
        let conflict = try #require(try store.conflicts(of: "login").first)
        let losing = try #require(try store.versionID(site: conflict.loser.stamp.site, containing: conflict.loser.stamp.seq))
        let version = try store.version(of: "login", revision: losing.hex)

        func item(_ page: String, _ message: String) -> String? {
            page.components(separatedBy: "<li ").first { $0.contains(">\(message)</span>") }
        }
        let page = try http.request("/d/login", headers: ["Cookie": cookie]).body
        let lost = try #require(item(page, version.message), "\(page)")
        #expect(lost.contains("<span class=\"lost\" title=\"lost at a merge: \(conflict.view).\(conflict.property)\">1 lost at a merge</span>"), "\(lost)")
        let others = page.components(separatedBy: "<li ").filter { $0.contains("data-rev") && !$0.contains(">\(version.message)</span>") }
        #expect(others.count >= 2 && others.allSatisfy { !$0.contains("class=\"lost") }, "only the losing version is marked")
        #expect(!page.contains("data-lost"), "the head lost nothing")

        let shown = try http.request("/d/login?rev=\(version.number)", headers: ["Cookie": cookie]).body
        #expect(shown.contains("<p class=\"lost-note\" data-lost>A write of this version lost at a merge: <code>\(conflict.view).\(conflict.property)</code>. <a href=\"/d/login/conflicts\">Conflicts</a></p>"), "\(shown)")
        let diff = try http.request("/d/login/diff", headers: ["Cookie": cookie]).body
        #expect(diff.contains("v\(version.number) · \(version.message) · 1 lost at a merge</option>"), "\(diff)")
        let sheet = try http.request("/d/login/sheet", headers: ["Cookie": cookie]).body
        #expect(sheet.contains("· 1 lost at a merge</option>"))

        try store.settle([ConflictResolution.Key(conflict)], as: .dismissed)
        let settled = try http.request("/d/login", headers: ["Cookie": cookie]).body
        #expect(try #require(item(settled, version.message)).contains("<span class=\"lost settled\" title=\"lost at a merge: \(conflict.view).\(conflict.property) (dismissed)\">"))
    }

    private func children(of view: JSONValue?) -> [JSONValue] {
        guard case .array(let children)? = view?["children"] else { return [] }
        return children
    }
}
