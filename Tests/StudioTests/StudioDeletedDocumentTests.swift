import Foundation
import RawHTTP
@testable import Studio
import Testing

/// A document deleted with `plumb docs rm`: hidden from the documents page as `plumb docs`
/// hides it (listed, marked, with `?deleted=1`, as `plumb docs --all`), and its page a styled
/// page saying so, with its history and a way back.
@Suite struct StudioDeletedDocumentTests {
    @Test func aDeletedDocumentLeavesTheFrontPageAndItsPageSaysSo() throws {
        let fixture = try StudioFixture()
        let other = fixture.folder.appendingPathComponent("signup.json")
        try Data(StudioFixture.spec.replacingOccurrences(of: "\"name\": \"login\"", with: "\"name\": \"signup\"").utf8).write(to: other)
        try fixture.plumb("apply", other.path, "-m", "Sign-up screen")
        try fixture.plumb("docs", "rm", "login", "-m", "Drop the login screen")
        let studio = try fixture.startStudio()
        defer { studio.stop() }
        let http = RawHTTP(port: studio.port)
        let cookie = ["Cookie": StudioFixture.cookie(studio)]

        // The front page lists what `plumb docs` lists, and says how many are deleted.
        let front = try http.request("/", headers: cookie)
        #expect(front.status == 200)
        #expect(front.body.contains("<tr data-document=\"signup\""))
        #expect(!front.body.contains("data-document=\"login\""), "a deleted document is not listed")
        #expect(front.body.contains("href=\"/?deleted=1\""), "a link to the deleted ones")
        #expect(front.body.contains("1 deleted document"))

        // ?deleted=1 lists it too, marked, with no thumbnail (its head has nothing to draw).
        let all = try http.request("/?deleted=1", headers: cookie).body
        let row = try #require(all.components(separatedBy: "<tr data-document=\"login\"").dropFirst().first?.components(separatedBy: "</tr>").first, "\(all)")
        #expect(row.contains("class=\"deleted-mark\">deleted</span>"))
        #expect(!row.contains("<img"), "no broken thumbnail")
        #expect(row.contains("Drop the login screen"), "its last change is the delete")

        // Its page: the normal shell, the reason in words, the way back, the history.
        let page = try http.request("/d/login", headers: cookie)
        #expect(page.status == 200, "\(page.body)")
        #expect(page.body.contains("<link rel=\"stylesheet\" href=\"/static/studio.css\">"))
        #expect(page.body.contains("data-page=\"document\""))
        #expect(page.body.contains("data-no-root"))
        #expect(page.body.contains("login is deleted in v4"), "\(page.body)")
        #expect(page.body.contains("plumb revert login@3"), "how to bring it back")
        #expect(page.body.contains("<a href=\"/\">"), "a link back to the documents")
        for number in 1...4 { #expect(page.body.contains("<li data-rev=\"\(number)\""), "version \(number) is in the history") }
        #expect(page.body.contains("href=\"/d/login?rev=3&amp;device=iphone-15\""), "an earlier version is a click away")

        // An earlier version still draws.
        let earlier = try http.request("/d/login?rev=3", headers: cookie)
        #expect(earlier.status == 200 && earlier.body.contains("<g data-view=\"ok\""))

        // Its Diff and Sheet tabs say so too, and lead to the last version with a picture.
        for (tab, link) in [("diff", "/d/login/diff?to=3&amp;device=iphone-15"), ("sheet", "/d/login/sheet?rev=3")] {
            let other = try http.request("/d/login/\(tab)", headers: cookie.merging(["Accept": "text/html"]) { $1 })
            #expect(other.status == 200, "\(tab): \(other.body)")
            #expect(other.body.contains("data-page=\"\(tab)\""))
            #expect(other.body.contains("data-no-root") && other.body.contains("login is deleted in v4"), "\(tab): \(other.body)")
            #expect(other.body.contains("href=\"\(link)\">See v3, the last version with a picture</a>"), "\(tab): \(other.body)")
            #expect(other.body.contains("href=\"/d/login\""), "a link back to the document")
        }
        #expect(try http.request("/d/login/diff?to=3", headers: cookie).body.contains("<g data-view=\"ok\""), "the diff up to v3 draws")

        // What cannot be drawn as a picture answers 404, in words.
        let plain = try http.request("/d/login/picture.svg", headers: cookie)
        #expect(plain.status == 404 && plain.body.hasPrefix("404 Not Found: "), "a client that does not ask for HTML gets text")
    }

    /// In a browser: the deleted document's page steps through its history with the keys
    /// (its earlier versions draw) and leads back to the documents, which do not list it.
    @Test func aDeletedDocumentsPageLeadsBackInTheBrowser() async throws {
        let fixture = try StudioFixture()
        try fixture.plumb("docs", "rm", "login", "-m", "Drop the login screen")
        let server = try ServeProcess(in: fixture.folder)
        defer { server.stop() }
        let browser = try await WebDriver(width: 1024, height: 768)
        do {
            try await browser.navigate(server.url.replacingOccurrences(of: "/?token=", with: "/d/login?token="))
            try await browser.wait(until: "document.querySelector('main[data-page=document][data-rev=\"4\"] [data-no-root]')", timeout: 30)
            try await browser.script("document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));")
            try await browser.wait(until: "document.querySelector('main[data-rev=\"3\"] .screen g[data-view=ok]')")
            try await browser.script("document.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', bubbles: true }));")
            try await browser.wait(until: "document.querySelector('main[data-rev=\"4\"] [data-no-root]')")
            try await browser.click("[data-no-root] a[href=\"/\"]")
            try await browser.wait(until: "document.querySelector('main[data-page=documents]')")
            #expect(try await browser.script("return document.querySelector('tr[data-document=login]') === null && document.querySelector('a[href=\"/?deleted=1\"]') !== null;") == .bool(true))
        } catch {
            try? await browser.screenshot(to: FileManager.default.temporaryDirectory.appendingPathComponent("plumb-studio-deleted-failure.png").path)
            await browser.quit()
            throw error
        }
        await browser.quit()
    }
}
