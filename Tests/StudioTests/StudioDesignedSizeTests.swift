import Foundation
import RawHTTP
import SpecStore
@testable import Studio
import Testing
import TextMetrics

/// A label whose font family is not installed keeps its designed size in the studio's picture,
/// and the document page says so; a document without such labels says nothing.
@Suite struct StudioDesignedSizeTests {
    @Test func theDocumentPageNamesLabelsKeptAtTheirDesignedSize() throws {
        let fixture = try StudioFixture()
        let card = fixture.folder.appendingPathComponent("card.json")
        try Data(#"""
            {"plumb": 1, "name": "card", "root": {"id": "root", "children": [
              {"id": "title", "kind": "label", "text": "Welcome back", "font": {"family": "Plumb Missing Sans", "size": 20},
               "horizontalAlignment": "left", "verticalAlignment": "top", "designedWidth": 97.5, "designedHeight": 24},
              {"id": "body", "kind": "label", "text": "Body", "font": {"family": "Plumb Missing Sans"}, "designedHeight": 30}
            ]}}
            """#.utf8).write(to: card)
        try fixture.plumb("apply", card.path)
        let studio = try fixture.startStudio(makeMeasurer: { try FontTextMeasurer() })
        defer { studio.stop() }
        let http = RawHTTP(port: studio.port)
        let cookie = ["Cookie": StudioFixture.cookie(studio)]
        let page = try http.request("/d/card?size=375x667", headers: cookie)
        #expect(page.status == 200, "\(page.body)")
        #expect(page.body.contains("Not installed here: <code>Plumb Missing Sans</code> (2 labels)"), "\(page.body)")
        #expect(page.body.contains("keeps the size its design measured"))
        let picture = try http.request("/d/card/picture.svg?size=375x667", headers: cookie)
        #expect(picture.body.contains("title (label) 97.5×24 at 0, 0"), "the picture draws the kept size: \(picture.body.prefix(3000))")
        let login = try http.request("/d/login", headers: cookie)
        #expect(login.status == 200 && !login.body.contains("data-designed-sizes"))
    }
}

/// Keeping the other text of a label from the conflicts page clears its designed size, as
/// `plumb set` does: the size was measured for the text that lost.
@Suite struct StudioDesignedSizeKeepTests {
    @Test func keepingTheOtherTextClearsTheDesignedSize() throws {
        let fixture = try StudioFixture()
        try fixture.plumb("set", "login", "title", "designedWidth=50", "designedHeight=20", "-m", "Designed")
        let clone = fixture.folder.appendingPathComponent("clone-text")
        try fixture.plumb("clone", fixture.storePath, clone.path)
        try fixture.plumb("set", "login", "title", "text=Mine", "designedWidth=60", "designedHeight=24", "-m", "Mine")
        try fixture.plumb("set", "login", "title", "text=Theirs", "designedWidth=70", "designedHeight=24", "-m", "Theirs", in: clone)
        try fixture.plumb("sync", clone.path)
        let store = try Store.open(at: fixture.storePath)
        let conflict = try #require(try store.conflicts(of: "login").first { $0.view == "title" && $0.property == "text" })
        #expect(conflict.loser.value == "\"Mine\"")
        #expect(try fixture.plumb("show", "login").contains("\"designedWidth\": 70"))
        let studio = try fixture.startStudio()
        defer { studio.stop() }
        let (cookie, writeKey) = StudioFixture.session(studio)
        let headers = ["Cookie": cookie, "X-Plumb-Write": writeKey, "Content-Type": "application/x-www-form-urlencoded"]
        let fields = "view=title&property=text&site=\(conflict.loser.stamp.site.hex)&hlc=\(conflict.loser.stamp.hlc.rawValue)"
        let kept = try RawHTTP(port: studio.port).request("/d/login/conflicts/keep", method: "POST", headers: headers, body: Array(fields.utf8))
        #expect(kept.status == 200, "\(kept.body)")
        let shown = try fixture.plumb("show", "login")
        #expect(shown.contains("\"text\": \"Mine\"") && !shown.contains("designedWidth") && !shown.contains("designedHeight"), "\(shown)")
    }
}
