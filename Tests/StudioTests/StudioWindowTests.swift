import Foundation
import RawHTTP
import SpecStore
import SpecSync
import Testing

/// Every page in a laptop's window and a desktop's, in a real headless Chromium: nothing runs
/// off the side, the picture page's toolbar stays on one line, and the picture, its handle, the
/// inspector, the checks and the history are all on screen beside one another. Each page's
/// screenshot is left in the temporary folder (`plumb-studio-window-WxH-PAGE.png`) to look at.
/// The store holds what people bring to a review: a conflict, a 100-edit history, a renamed
/// document and a deleted one.
@Suite(.serialized) struct StudioWindowTests {
    @Test(arguments: [(1024, 768), (1440, 900)])
    func everyPageFitsTheWindow(width: Int, height: Int) async throws {
        let fixture = try StudioFixture()
        try fixture.plumb("add", "login", "note", "--parent", "root", "--kind", "label", "text=A label far too long for its width",
                          "width=120", "horizontalAlignment=left", "verticalAlignment=top", "margin.left=200", "margin.top=210", "-m", "Add a note")
        try fixture.makeConflict()
        for edit in 0..<100 { try fixture.plumb("set", "login", "help", "margin.bottom=\(edit + 1)", "-m", "Edit \(edit + 1) of the help's margin") }
        let spec = fixture.folder.appendingPathComponent("login.json").path
        try fixture.plumb("apply", spec, "--doc", "profile", "-m", "First profile")
        try fixture.plumb("set", "profile", "ok", "width=90", "-m", "Narrower OK")
        try fixture.plumb("docs", "mv", "profile", "settings")
        try fixture.plumb("apply", spec, "--doc", "old", "-m", "A screen to delete")
        try fixture.plumb("docs", "rm", "old")
        let store = try Store.open(at: fixture.storePath)
        let conflict = try #require(try store.conflicts(of: "login").first)
        let losing = try #require(try store.versionID(site: conflict.loser.stamp.site, containing: conflict.loser.stamp.seq))
        let server = try ServeProcess(in: fixture.folder)
        defer { server.stop() }
        let browser = try await WebDriver(width: width, height: height)
        do {
            try await pages(browser, server: server, size: "\(width)x\(height)", losing: losing.short)
        } catch {
            try? await browser.screenshot(to: FileManager.default.temporaryDirectory.appendingPathComponent("plumb-studio-window-failure.png").path)
            await browser.quit()
            throw error
        }
        await browser.quit()
    }

    private static let inside = "const inside = (e) => { const r = e.getBoundingClientRect(); return r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight; };"

    private func pages(_ browser: WebDriver, server: ServeProcess, size: String, losing: String) async throws {
        let pages: [(name: String, path: String, ready: String)] = [
            ("documents", "/", "main[data-page=documents] table.documents"),
            ("ipad", "/d/login?device=ipad&view=ok", "main[data-page=document] .screen[data-width=\"820\"][data-scale] .selection"),
            ("iphone", "/d/login?device=iphone-15", "main[data-page=document] .screen[data-width=\"393\"][data-scale]"),
            ("diff", "/d/login/diff?from=1", "main[data-page=diff] .diff"),
            ("sheet", "/d/login/sheet", "main[data-page=sheet] .checks"),
            ("conflicts", "/d/login/conflicts", "main[data-page=conflicts] table.conflicts"),
            ("renamed", "/d/settings?rev=1", "main[data-page=document] .screen[data-scale]"),
            ("renamed-diff", "/d/settings/diff?from=1", "main[data-page=diff] .diff"),
            ("deleted", "/d/old", "main[data-page=document]"),
            ("diff-ipad", "/d/login/diff?from=1&device=ipad&mode=side", "main[data-page=diff] .diff figure > svg[data-scale]"),
            ("lost", "/d/login?device=iphone-15&rev=\(losing)", "main[data-page=document] .screen[data-scale]"),
        ]
        for page in pages {
            let separator = page.path.contains("?") ? "&" : "?"
            try await browser.navigate(server.url.replacingOccurrences(of: "/?token=", with: "\(page.path)\(separator)token="))
            try await browser.wait(until: "document.querySelector('\(page.ready)')", timeout: 30)
            try await browser.screenshot(to: FileManager.default.temporaryDirectory.appendingPathComponent("plumb-studio-window-\(size)-\(page.name).png").path)
            let overflow = try await browser.script("return document.documentElement.scrollWidth <= innerWidth;")
            #expect(overflow == .bool(true), "\(page.name) at \(size): nothing runs off the right side")
        }
        // The version whose write lost says so above its picture, and its mark in the history
        // stays on one line.
        let lost = pages.first { $0.name == "lost" }!
        try await browser.navigate(server.url.replacingOccurrences(of: "/?token=", with: "\(lost.path)&token="))
        try await browser.wait(until: "document.querySelector('\(lost.ready)')", timeout: 30)
        let marked = try await browser.script("""
            \(Self.inside)
            const mark = document.querySelector('ol.versions li.current .lost');
            return [inside(document.querySelector('[data-lost]')), mark !== null && inside(mark), mark !== null && mark.getBoundingClientRect().height < 24];
            """)
        #expect(marked == .array([.bool(true), .bool(true), .bool(true)]), "lost at \(size): [the note, the history's mark, on one line]")
        // The diff's pictures fit beside the list of changes, as the screen does on the Picture
        // page; 100 % (Shift+0) draws them one point per pixel.
        let diffPage = pages.first { $0.name == "diff-ipad" }!
        try await browser.navigate(server.url.replacingOccurrences(of: "/?token=", with: "\(diffPage.path)&token="))
        try await browser.wait(until: "document.querySelector('\(diffPage.ready)')", timeout: 30)
        let fitted = try await browser.script("""
            \(Self.inside)
            const svg = Array.from(document.querySelectorAll('.diff figure > svg')).find(s => !s.closest('figure').hidden);
            const list = document.querySelector('.diff .changes').getBoundingClientRect();
            return [inside(svg), svg.getBoundingClientRect().right <= list.left, Number(svg.dataset.scale) < 1,
                    document.querySelector('[data-zoom-level]').textContent === Math.round(Number(svg.dataset.scale) * 100) + ' %'];
            """)
        #expect(fitted == .array([.bool(true), .bool(true), .bool(true), .bool(true)]), "diff at \(size): [picture on screen, beside the list, scaled down, level shown]")
        for page in ["ipad", "iphone", "renamed"] {
            let path = pages.first { $0.name == page }!
            try await browser.navigate(server.url.replacingOccurrences(of: "/?token=", with: "\(path.path)&token="))
            try await browser.wait(until: "document.querySelector('\(path.ready)')", timeout: 30)
            let layout = try await browser.script("""
                \(Self.inside)
                const controls = Array.from(document.querySelectorAll('[data-screen-form] > *')).map(e => e.getBoundingClientRect());
                const oneLine = Math.max(...controls.map(r => r.bottom)) - Math.min(...controls.map(r => r.top)) < 40;
                const screen = document.querySelector('.screen').getBoundingClientRect(), side = document.querySelector('.side').getBoundingClientRect();
                return [oneLine, inside(document.querySelector('[data-screen-form]')), inside(document.querySelector('.screen')),
                        inside(document.querySelector('.screen .handle')), inside(document.querySelector('#panel')), inside(document.querySelector('.checks')),
                        inside(document.querySelector('ol.versions li.current')), inside(document.querySelector('[data-what-changed]')), screen.right <= side.left,
                        document.querySelector('[data-screen-form] select').getBoundingClientRect().width > 80];
                """)
            #expect(layout == .array(Array(repeating: .bool(true), count: 10)),
                    "\(page) at \(size): [toolbar on one line, toolbar, picture, handle, inspector, checks, current version, what changed, side by side, the device picker]")
        }
    }
}
