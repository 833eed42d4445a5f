import Foundation
import LayoutSpec
import RawHTTP
import SpecStore
@testable import Studio
import Testing

/// "Keep the other value" over a head that changed since the merge: it asks first, names both
/// values, says how to undo; kept and restored conflicts leave the open count.
@Suite(.serialized) struct StudioKeepTests {
    @Test func keepingOverANewerValueAsksFirstOverHTTP() throws {
        let fixture = try StudioFixture()
        try fixture.makeConflict()
        try fixture.plumb("set", "login", "ok", "width=160", "-m", "Width from a shell")
        let studio = try fixture.startStudio()
        defer { studio.stop() }
        let http = RawHTTP(port: studio.port)
        let (cookie, writeKey) = StudioFixture.session(studio)
        let store = try Store.open(at: fixture.storePath)
        let conflict = try #require(try store.conflicts(of: "login").first)
        #expect(conflict.winner.value == "140" && conflict.loser.value == "120")
        let before = try store.head(of: "login").number
        let headers = ["Cookie": cookie, "X-Plumb-Write": writeKey, "Content-Type": "application/x-www-form-urlencoded"]
        let fields = "view=ok&property=width&site=\(conflict.loser.stamp.site.hex)&hlc=\(conflict.loser.stamp.hlc.rawValue)"

        // The page shows both values and asks before replacing the newer one.
        let page = try http.request("/d/login/conflicts", headers: ["Cookie": cookie]).body
        let row = try #require(page.components(separatedBy: "<tr data-view=\"ok\" data-property=\"width\"").dropFirst().first?.components(separatedBy: "</tr>").first)
        #expect(row.contains("changed since the merge"), "\(row)")
        #expect(row.contains("data-ask"), "a first button that only asks")
        #expect(row.contains("data-replacing=\"v:160\""), "the confirming button names the value it replaces")
        #expect(row.contains("Replace <code>160</code> with <code>120</code>"))
        #expect(page.contains("plumb revert login@"), "the page says how to undo a keep")

        // Without the confirmation, or confirming a value the head no longer has: 409, nothing written.
        let unasked = try http.request("/d/login/conflicts/keep", method: "POST", headers: headers, body: Array(fields.utf8))
        #expect(unasked.status == 409, "\(unasked.body)")
        #expect(unasked.body.contains("ok.width changed since the merge (it chose 140; the head has 160 now)"), "\(unasked.body)")
        let stale = try http.request("/d/login/conflicts/keep", method: "POST", headers: headers, body: Array((fields + "&replacing=v%3A150").utf8))
        #expect(stale.status == 409)
        #expect(try store.head(of: "login").number == before, "nothing was written")
        #expect(page.contains("Conflicts <span class=\"count\">1</span>"))

        // Confirmed: a new version, with the way back in its answer.
        let kept = try http.request("/d/login/conflicts/keep", method: "POST", headers: headers, body: Array((fields + "&replacing=v%3A160").utf8))
        #expect(kept.status == 200, "\(kept.body)")
        #expect(kept.body.contains("plumb revert login@\(before)"), "\(kept.body)")
        #expect(try store.head(of: "login").number == before + 1)
        #expect(try fixture.plumb("show", "login").contains("\"width\": 120"))

        // Kept: no longer open, on the tabs and the documents page; still listed, marked kept.
        let after = try http.request("/d/login/conflicts", headers: ["Cookie": cookie]).body
        #expect(after.contains("<span class=\"kept\">kept</span>"))
        #expect(!after.contains("<span class=\"count\">"), "no open conflict left on the tab")
        let documents = try http.request("/", headers: ["Cookie": cookie]).body
        #expect(documents.contains("<td class=\"number conflicts\">0</td>"), "\(documents)")
    }

    @Test func aRestoredViewLeavesTheOpenCount() throws {
        let fixture = try StudioFixture()
        try fixture.makeStructuralConflict()
        try fixture.plumb("restore", "login", "name", "--from", try losingVersion(fixture))
        let studio = try fixture.startStudio()
        defer { studio.stop() }
        let http = RawHTTP(port: studio.port)
        let cookie = ["Cookie": StudioFixture.cookie(studio)]
        let page = try http.request("/d/login/conflicts", headers: cookie).body
        #expect(page.contains("<span class=\"kept\">restored</span>"))
        #expect(!page.contains("<span class=\"count\">"), "\(page)")
        #expect(try http.request("/", headers: cookie).body.contains("<td class=\"number conflicts\">0</td>"))
    }

    private func losingVersion(_ fixture: StudioFixture) throws -> String {
        let store = try Store.open(at: fixture.storePath)
        let conflict = try #require(try store.structuralConflicts(of: "login").first)
        return try #require(try store.losingVersion(of: conflict, in: "login")).id.hex
    }

    /// In a browser: the first click asks (both values in words), Cancel takes it back, the
    /// second button keeps; the badge goes.
    @Test func keepingOverANewerValueAsksFirstInTheBrowser() async throws {
        let fixture = try StudioFixture()
        try fixture.makeConflict()
        try fixture.plumb("set", "login", "ok", "width=160", "-m", "Width from a shell")
        let server = try ServeProcess(in: fixture.folder)
        defer { server.stop() }
        let before = try Store.open(at: fixture.storePath).head(of: "login").number
        let browser = try await WebDriver(width: 1024, height: 768)
        do {
            try await browser.navigate(server.url.replacingOccurrences(of: "/?token=", with: "/d/login/conflicts?token="))
            try await browser.wait(until: "document.querySelector('main[data-page=conflicts] button[data-ask]')", timeout: 30)
            #expect(try await browser.script("return document.querySelector('tr[data-view=ok] .confirm').hidden;") == .bool(true))
            try await browser.click("tr[data-view=ok] button[data-ask]")
            try await browser.wait(until: "!document.querySelector('tr[data-view=ok] .confirm').hidden")
            let asked = try await browser.text("tr[data-view=ok] .confirm")
            #expect(asked.contains("160") && asked.contains("140") && asked.contains("120"), "\(asked)")
            #expect(try Store.open(at: fixture.storePath).head(of: "login").number == before, "asking wrote nothing")
            try await browser.click("tr[data-view=ok] .confirm button[data-cancel]")
            try await browser.wait(until: "document.querySelector('tr[data-view=ok] .confirm').hidden && !document.querySelector('tr[data-view=ok] button[data-ask]').hidden")
            try await browser.click("tr[data-view=ok] button[data-ask]")
            try await browser.click("tr[data-view=ok] .confirm button[data-action=keep]")
            try await browser.wait(until: "document.querySelector('tr[data-view=ok][data-property=width] .kept')", timeout: 30)
            try await browser.wait(until: "document.getElementById('notice').textContent.includes('plumb revert login@\(before)')")
            #expect(try await browser.script("return document.querySelectorAll('nav.tabs .count').length;") == .number(0), "the badge is gone")
            #expect(try Store.open(at: fixture.storePath).head(of: "login").number == before + 1)
        } catch {
            try? await browser.screenshot(to: FileManager.default.temporaryDirectory.appendingPathComponent("plumb-studio-keep-failure.png").path)
            await browser.quit()
            throw error
        }
        await browser.quit()
    }
}
