import Foundation
import LayoutSpec
import Testing

/// The selected view in a real headless Chromium: kept while stepping through the history
/// (keys and clicks), given up with Esc, and outlined so that it shows over any background.
@Suite(.serialized) struct StudioSelectionTests {
    @Test func theSelectionFollowsTheHistoryAndEscGivesItUp() async throws {
        let fixture = try StudioFixture()
        // A blue header whose label is drawn over it: the outline of the header must still show.
        try fixture.plumb("add", "login", "header", "--parent", "root", "--kind", "view", "height=120", "backgroundColor=#1F6FEB",
                          "verticalAlignment=top", "-m", "Add a blue header")
        try fixture.plumb("add", "login", "heading", "--parent", "header", "--kind", "label", "text=Welcome", "-m", "Add a heading")
        let server = try ServeProcess(in: fixture.folder)
        defer { server.stop() }
        let browser = try await WebDriver(width: 1024, height: 768)
        do {
            try await journey(browser, server: server)
        } catch {
            try? await browser.screenshot(to: FileManager.default.temporaryDirectory.appendingPathComponent("plumb-studio-selection-failure.png").path)
            await browser.quit()
            throw error
        }
        await browser.quit()
    }

    private func journey(_ browser: WebDriver, server: ServeProcess) async throws {
        try await browser.navigate(server.url.replacingOccurrences(of: "/?token=", with: "/d/login?token="))
        try await browser.wait(until: "document.querySelector('main[data-page=document][data-rev=\"5\"]')", timeout: 30)
        try await browser.click(".screen g[data-view=ok] text")
        try await browser.wait(until: "document.querySelector('#panel .view-panel[data-view=ok]')")

        // ↓, j and a click on a version: ok stays selected in each.
        let selectedOK = "document.querySelector('main').dataset.view === 'ok' && document.querySelector('#panel .view-panel[data-view=ok]') && document.querySelector('.screen g[data-view=ok].selected') && document.querySelector('.screen .selection')"
        try await key("ArrowDown", browser)
        try await browser.wait(until: "document.querySelector('main[data-rev=\"4\"]') && \(selectedOK)")
        try await key("j", browser)
        try await browser.wait(until: "document.querySelector('main[data-rev=\"3\"]') && \(selectedOK)")
        #expect(try await browser.script("return new URLSearchParams(location.search).get('view');") == .string("ok"))
        try await browser.click("ol.versions li[data-rev=\"1\"] a")
        try await browser.wait(until: "document.querySelector('main[data-rev=\"1\"]') && \(selectedOK)")
        #expect(try await browser.script("return document.querySelector('#panel .frame').dataset.frame;") == .string("273,100,100,44"), "ok as it was in v1")

        // A view that is not in a version: nothing selected there, selected again where it is.
        try await browser.click("ol.versions li[data-rev=\"3\"] a")
        try await browser.wait(until: "document.querySelector('main[data-rev=\"3\"]') && \(selectedOK)")
        try await browser.click(".screen g[data-view=help] text")
        try await browser.wait(until: "document.querySelector('#panel .view-panel[data-view=help]')")
        try await key("ArrowDown", browser)
        try await browser.wait(until: "document.querySelector('main[data-rev=\"2\"]') && !document.querySelector('.screen .selection') && document.querySelector('#panel [data-missing=help]')")
        try await key("k", browser)
        try await browser.wait(until: "document.querySelector('main[data-rev=\"3\"]') && document.querySelector('#panel .view-panel[data-view=help]') && document.querySelector('.screen .selection')")

        // Esc: nothing selected, and the address says so.
        try await key("Escape", browser)
        try await browser.wait(until: "!document.querySelector('main').dataset.view && !document.querySelector('.screen .selection') && !document.querySelector('#panel .view-panel')")
        #expect(try await browser.script("return new URLSearchParams(location.search).has('view');") == .bool(false))

        // The blue header: its outline is on top of its label and of the blue, light and dark.
        try await browser.click("ol.versions li[data-rev=\"5\"] a")
        try await browser.wait(until: "document.querySelector('main[data-rev=\"5\"]')")
        try await browser.script("document.querySelector('.screen g[data-view=header] rect').dispatchEvent(new MouseEvent('click', { bubbles: true }));")
        try await browser.wait(until: "document.querySelector('#panel .view-panel[data-view=header]') && document.querySelector('.screen .selection')")
        let outline = try await browser.script("""
            const box = document.querySelector('.screen .selection').getBoundingClientRect();
            const frame = document.querySelector('.screen g[data-view=header] > rect').getBoundingClientRect();
            const style = getComputedStyle(document.querySelector('.screen .selection'));
            const selection = document.querySelector('.screen .selection'), svg = document.querySelector('.screen > svg');
            // Drawn after the picture, in the same positioned box: on top of every view.
            const top = selection.parentElement === svg.parentElement && (svg.compareDocumentPosition(selection) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
            return [Math.abs(box.left - frame.left) < 1 && Math.abs(box.top - frame.top) < 1 && Math.abs(box.width - frame.width) < 1 && Math.abs(box.height - frame.height) < 1,
                    top, style.borderTopColor, style.outlineColor, style.pointerEvents];
            """)
        #expect(outline == .array([.bool(true), .bool(true), .string("rgb(255, 255, 255)"), .string("rgb(0, 0, 0)"), .string("none")]),
                "the outline covers the header's frame exactly, lies on top, white inside black, and lets clicks through")
    }

    private func key(_ key: String, _ browser: WebDriver) async throws {
        try await browser.script("document.dispatchEvent(new KeyboardEvent('keydown', { key: '\(key)', bubbles: true }));")
    }
}
