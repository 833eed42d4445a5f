import Foundation
import LayoutSpec
import Testing

/// Pictures fit the window by default, with a zoom control (fit / 100 %); in a 1,024 × 768
/// window an iPad leaves the inspector and the history on screen.
@Suite(.serialized) struct StudioFitTests {
    @Test func anIPadFitsA1024By768Window() async throws {
        let fixture = try StudioFixture()
        let server = try ServeProcess(in: fixture.folder)
        defer { server.stop() }
        let browser = try await WebDriver(width: 1024, height: 768)
        do {
            try await browser.navigate(server.url.replacingOccurrences(of: "/?token=", with: "/d/login?device=ipad&view=ok&token="))
            try await browser.wait(until: "document.querySelector('main[data-page=document] .screen[data-width=\"820\"][data-scale]')", timeout: 30)
            let onScreen = """
                const inside = (e) => { const r = e.getBoundingClientRect(); return r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight; };
                const screen = document.querySelector('.screen').getBoundingClientRect(), side = document.querySelector('.side').getBoundingClientRect();
                return [inside(document.querySelector('.screen')), inside(document.querySelector('.screen .handle')), inside(document.querySelector('#panel')),
                        inside(document.querySelector('ol.versions li.current')), inside(document.querySelector('ol.versions')), screen.right <= side.left];
                """
            #expect(try await browser.script(onScreen) == .array(Array(repeating: .bool(true), count: 6)),
                    "the picture, its handle, the inspector and the history all on screen, side by side")
            let scale = try await browser.script("return Number(document.querySelector('.screen').dataset.scale);")
            guard case .number(let fitted) = scale else { Issue.record("no scale: \(scale)"); return }
            #expect(fitted < 1)
            #expect(try await browser.text("[data-zoom-level]") == "\(Int((fitted * 100).rounded())) %")
            // The selection outline follows the scale.
            let outline = try await browser.script("""
                const box = document.querySelector('.screen .selection').getBoundingClientRect();
                const frame = document.querySelector('.screen g[data-view=ok] > rect').getBoundingClientRect();
                return Math.abs(box.left - frame.left) < 1 && Math.abs(box.width - frame.width) < 1;
                """)
            #expect(outline == .bool(true))

            // 100 %: one point per CSS pixel; the address keeps it; Fit goes back.
            try await browser.click("button[data-zoom=\"100\"]")
            try await browser.wait(until: "document.querySelector('.screen').getBoundingClientRect().width === 820")
            #expect(try await browser.script("return new URLSearchParams(location.search).get('zoom');") == .string("100"))
            try await browser.click("button[data-zoom=fit]")
            try await browser.wait(until: "document.querySelector('.screen').getBoundingClientRect().width < 820 && !new URLSearchParams(location.search).has('zoom')")

            // Dragging the handle of a fitted picture resizes it in points under the pointer.
            try await browser.drag(".screen .handle", dx: 40, dy: 0)
            let grown = Int((820 + 40 / fitted).rounded())
            try await browser.wait(until: "document.querySelector('.screen[data-width] ') && Math.abs(Number(document.querySelector('.screen').dataset.width) - \(grown)) <= 2")
        } catch {
            try? await browser.screenshot(to: FileManager.default.temporaryDirectory.appendingPathComponent("plumb-studio-fit-failure.png").path)
            await browser.quit()
            throw error
        }
        await browser.quit()
    }
}
