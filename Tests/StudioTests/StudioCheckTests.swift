import Foundation
import RawHTTP
import LayoutSpec
import Testing

/// `plumb check`'s warnings beside the pictures, per device, in a real headless Chromium: the
/// same warnings the CLI prints at each screen, and a click on one selects its view.
@Suite(.serialized) struct StudioCheckTests {
    @Test func warningsPerDeviceBesideThePictureSelectTheirView() async throws {
        let fixture = try StudioFixture()
        // `note`: a label too narrow for its text (everywhere), over `ok` on an iPhone SE
        // (ok is x 255…355 there) but clear of it on an iPad (ok is x 700…800).
        try fixture.plumb("add", "login", "note", "--parent", "root", "--kind", "label", "text=A label far too long for its width",
                          "width=120", "horizontalAlignment=left", "verticalAlignment=top", "margin.left=200", "margin.top=210", "-m", "Add a note")
        let server = try ServeProcess(in: fixture.folder)
        defer { server.stop() }
        let browser = try await WebDriver(width: 1024, height: 768)
        do {
            try await journey(browser, server: server, fixture: fixture)
        } catch {
            try? await browser.screenshot(to: FileManager.default.temporaryDirectory.appendingPathComponent("plumb-studio-checks-failure.png").path)
            await browser.quit()
            throw error
        }
        await browser.quit()
    }

    /// What `plumb check` prints for login at a device: `view check` per warning, in order.
    private func cliWarnings(_ fixture: StudioFixture, device: String) throws -> [JSONValue] {
        let output = try fixture.plumb("check", "login", "--device", device, "--metrics", "fixed", "--json")
        guard case .array(let warnings) = try JSONParser.parse(output) else { throw HTTPTestError("check printed \(output)") }
        return warnings.map { warning in
            guard case .object(let members) = warning else { return .null }
            let field = { (name: String) in members.first { $0.key == name }?.value ?? .null }
            return .string("\(field("view").string ?? "") \(field("check").string ?? "")")
        }
    }

    private func listed(_ browser: WebDriver, group: String) async throws -> JSONValue {
        try await browser.script("""
            return Array.from(document.querySelectorAll('\(group) li')).map(item => item.getAttribute('data-view') + ' ' + item.getAttribute('data-check'));
            """)
    }

    private func journey(_ browser: WebDriver, server: ServeProcess, fixture: StudioFixture) async throws {
        let phone = try cliWarnings(fixture, device: "iphone-se"), tablet = try cliWarnings(fixture, device: "ipad")
        #expect(phone.contains(.string("note overlap")) && phone.contains(.string("note text-does-not-fit")), "the CLI sees both on a phone: \(phone)")
        #expect(!tablet.contains(.string("note overlap")) && tablet.contains(.string("note text-does-not-fit")), "and only the text on an iPad: \(tablet)")

        // The picture page: the phone's warnings beside the picture, on screen.
        try await browser.navigate(server.url.replacingOccurrences(of: "/?token=", with: "/d/login?device=iphone-se&token="))
        try await browser.wait(until: "document.querySelector('main[data-page=document] .checks li[data-view=note]')", timeout: 30)
        #expect(try await listed(browser, group: ".checks") == .array(phone), "the studio lists what plumb check prints, in its order")
        let inside = try await browser.script("""
            const r = document.querySelector('.checks li[data-check=overlap]').getBoundingClientRect(), s = document.querySelector('.screen').getBoundingClientRect();
            return r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight && r.left >= s.right;
            """)
        #expect(inside == .bool(true), "the warning is on screen, beside the picture")

        // A click on a warning selects its view: the inspector, the outline, the address.
        try await browser.click(".checks li[data-check=overlap] a")
        try await browser.wait(until: """
            document.querySelector('#panel .view-panel[data-view=note]') && document.querySelector('.screen .selection') \
            && document.querySelector('main').dataset.view === 'note' && document.querySelector('.checks li[data-check=overlap].selected')
            """)
        #expect(try await browser.script("return new URLSearchParams(location.search).get('view');") == .string("note"))

        // The sheet page: one group per device, each what plumb check prints at that device.
        try await browser.navigate(server.url.replacingOccurrences(of: "/?token=", with: "/d/login/sheet?devices=iphone-se,ipad&token="))
        try await browser.wait(until: "document.querySelectorAll('main[data-page=sheet] .checks .check-group').length === 2", timeout: 30)
        #expect(try await listed(browser, group: ".check-group:nth-of-type(1)") == .array(phone))
        #expect(try await listed(browser, group: ".check-group:nth-of-type(2)") == .array(tablet))
        // A click there opens the picture page at that device with the view selected.
        try await browser.click(".check-group:nth-of-type(2) li[data-view=note] a")
        try await browser.wait(until: """
            document.querySelector('main[data-page=document] .screen[data-width="820"]') && document.querySelector('#panel .view-panel[data-view=note]') \
            && document.querySelector('.screen .selection')
            """, timeout: 30)
    }
}
