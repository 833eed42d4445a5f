import Foundation
import LayoutSpec
import SpecStore
import Testing

/// The studio in a real headless Chromium (through chromedriver), served by a real
/// `plumb serve` process, as a person would use it.
@Suite(.serialized) struct StudioBrowserTests {
    /// Documents → a document → another device → a view's properties → a diff with the moved
    /// view highlighted → the conflicts' buttons making versions (keep a value, restore a view).
    @Test func aPersonLooksAroundAndKeepsTheLostValue() async throws {
        let fixture = try StudioFixture()
        try fixture.makeConflict()
        try fixture.makeStructuralConflict()
        let server = try ServeProcess(in: fixture.folder)
        defer { server.stop() }
        let browser = try await WebDriver()
        do {
            try await journey(browser, server: server, fixture: fixture)
        } catch {
            try? await browser.screenshot(to: FileManager.default.temporaryDirectory.appendingPathComponent("plumb-studio-failure.png").path)
            await browser.quit()
            throw error
        }
        await browser.quit()
    }

    private func journey(_ browser: WebDriver, server: ServeProcess, fixture: StudioFixture) async throws {
        // The printed address: its token becomes a cookie, and the documents page shows.
        try await browser.navigate(server.url)
        try await browser.wait(until: "document.querySelector('main[data-page=documents] tr[data-document=login]')")
        #expect(try await browser.script("return location.search;") == .string(""), "the token left the address")
        let versions = try await browser.text("tr[data-document=login] .versions")
        #expect(versions == "11", "3 versions, one commit here, one from the clone, a merge; 3 here, one from the other clone, a merge")
        #expect(try await browser.text("tr[data-document=login] .conflicts") == "2", "a property conflict and a structural one")
        try await browser.wait(until: "document.getElementById('live').dataset.state === 'on'")

        // To the document: its head on the default iPhone 15.
        try await browser.click("tr[data-document=login] a.name")
        try await browser.wait(until: "document.querySelector('main[data-page=document] .screen[data-width=\"393\"]')")

        // Another device: the server lays the version out again.
        try await browser.script("""
            const select = document.querySelector('[data-screen-form] select[name=device]');
            select.value = 'iphone-se';
            select.dispatchEvent(new Event('change'));
            """)
        try await browser.wait(until: "document.querySelector('.screen[data-width=\"375\"][data-height=\"667\"]')")
        #expect(try await browser.script("return location.search;") == .string("?device=iphone-se"))

        // At 100 % (one point per CSS pixel), drag the corner handle: the screen grows 50 wider
        // and 100 shorter, laid out again by the server (the OK button, docked right, follows
        // the new right edge).
        try await browser.click("button[data-zoom=\"100\"]")
        try await browser.wait(until: "document.querySelector('.screen[data-scale=\"1\"]')")
        try await browser.drag(".screen .handle", dx: 50, dy: -100)
        try await browser.wait(until: "document.querySelector('.screen[data-width=\"425\"][data-height=\"567\"] g[data-view=ok] > rect[x=\"265\"]')")
        #expect(try await browser.script("return location.search;") == .string("?zoom=100&size=425x567"))
        #expect(try await browser.script("return document.querySelector('[data-screen-form] select[name=device]').value;") == .string(""),
                "the device select says custom size")

        // Back to the iPhone SE.
        try await browser.script("""
            const back = document.querySelector('[data-screen-form] select[name=device]');
            back.value = 'iphone-se';
            back.dispatchEvent(new Event('change'));
            """)
        try await browser.wait(until: "document.querySelector('.screen[data-width=\"375\"][data-height=\"667\"]')")

        // Click the OK button in the picture: its frame and properties.
        try await browser.click(".screen g[data-view=ok] text")
        try await browser.wait(until: "document.querySelector('#panel .view-panel[data-view=ok]')")
        // 140 wide after the merge (the clone's later write won), docked right with margin 20.
        #expect(try await browser.script("return document.querySelector('#panel .frame').dataset.frame;") == .string("215,200,140,44"))
        #expect(try await browser.text("#panel tr[data-property=width] td") == "140")
        #expect(try await browser.text("#panel tr[data-property=\"margin.top\"] td") == "200")
        #expect(try await browser.script("return document.querySelector('.screen g[data-view=ok]').classList.contains('selected');") == .bool(true))
        let viewHistory = try await browser.script("return Array.from(document.querySelectorAll('#panel .view-history li .number')).map(e => e.textContent);")
        #expect(viewHistory == .array(["5", "4", "2", "1"].map(JSONValue.string)), "versions that touched ok, newest first")

        // Step back through the history with the keyboard: v10, the other clone's version, is shown.
        try await browser.script("document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));")
        try await browser.wait(until: "document.querySelector('main[data-page=document][data-rev=\"10\"] ol.versions li.current[data-rev=\"10\"]')")

        // The diff from v1 to v3: ok moved down, help added; pointing at ok in the list highlights it.
        try await browser.navigate(server.url.replacingOccurrences(of: "/?token=", with: "/d/login/diff?from=1&to=3&token="))
        try await browser.wait(until: "document.querySelector('main[data-page=diff] .changes li[data-view=ok]')")
        #expect(try await browser.script("return document.querySelector('.changes li[data-view=ok]').dataset.change;") == .string("moved"))
        try await browser.click(".changes li[data-view=ok]")
        try await browser.wait(until: "document.querySelector('figure[data-mode=overlay] .plumb-change.highlight[data-view=ok][data-change=moved]')")
        let ghost = try await browser.script("""
            const mark = document.querySelector('figure[data-mode=overlay] .plumb-change.highlight[data-view=ok]');
            const ghost = mark.querySelector('[data-ghost]');
            return [ghost.getAttribute('y'), mark.querySelector('line') !== null, getComputedStyle(mark).opacity];
            """)
        #expect(ghost == .array([.string("100"), .bool(true), .string("1")]), "the old frame (y 100) dashed, an arrow to the new one")
        #expect(try await browser.script("return document.querySelectorAll('svg.focused .plumb-change:not(.highlight)').length > 0;") == .bool(true),
                "the other changes fade")

        // Conflicts: keep the value that lost (120): a new version, made by the studio.
        try await browser.click("a[data-tab=conflicts]")
        try await browser.wait(until: "document.querySelector('main[data-page=conflicts] button[data-action=keep][data-view=ok]')")
        let before = try Store.open(at: fixture.storePath).head(of: "login").number
        try await browser.click("button[data-action=keep][data-view=ok]")
        try await browser.wait(until: "document.querySelector('tr[data-view=ok][data-property=width] .kept')")
        try await browser.wait(until: "document.getElementById('notice').textContent.includes('version \(before + 1)')")
        try await browser.click("#notice")
        #expect(try await browser.script("return document.getElementById('notice').hidden;") == .bool(true), "a click puts the notice away")
        #expect(try await browser.text("tr[data-view=ok][data-property=width] .now") == "120")
        let store = try Store.open(at: fixture.storePath)
        let head = try store.head(of: "login")
        #expect(head.number == before + 1)
        #expect(head.message.hasPrefix("Keep the other value of ok.width"))
        #expect(try store.changes(of: head).map(\.value) == ["120"])

        // Restore the view the other clone's edit lost to a delete: a new version, as `plumb restore`.
        try await browser.click("button[data-action=restore][data-view=name]")
        try await browser.wait(until: "document.querySelector('tr[data-view=name][data-kind=deleted] .kept')")
        try await browser.wait(until: "document.getElementById('notice').textContent.includes('version \(before + 2)')")
        #expect(try await browser.script("return document.querySelectorAll('button[data-action=restore]').length;") == .number(0))
        let restored = try store.head(of: "login")
        #expect(restored.number == before + 2)
        #expect(restored.message.hasPrefix("Restore name from version 10 "))
        #expect(try fixture.plumb("show", "login").contains("\"text\": \"Edited\""), "name is back with the lost text")
    }

    /// A page follows the store: a commit by another `plumb` process shows, without a reload.
    /// (How soon is `plumb-bench studio`'s figure; the wait's deadline only guards a hang.)
    @Test func aCommitInAnotherProcessShows() async throws {
        let fixture = try StudioFixture()
        let server = try ServeProcess(in: fixture.folder)
        defer { server.stop() }
        let browser = try await WebDriver()
        do {
            try await follow(browser, server: server, fixture: fixture)
        } catch {
            await browser.quit()
            throw error
        }
        await browser.quit()
    }

    private func follow(_ browser: WebDriver, server: ServeProcess, fixture: StudioFixture) async throws {
        try await browser.navigate(server.url.replacingOccurrences(of: "/?token=", with: "/d/login?token="))
        try await browser.wait(until: "document.querySelector('main[data-page=document] ol.versions li.current[data-rev=\"3\"]')")
        try await browser.wait(until: "document.getElementById('live').dataset.state === 'on'")
        for (round, text) in ["Welcome", "Welcome back"].enumerated() {
            let number = 4 + round
            #expect(try ServeProcess.run(["set", "login", "title", "text=\(text)", "-m", "Retitle \(round)"], in: fixture.folder) == 0)
            try await browser.wait(until: "document.querySelector('ol.versions li.current[data-rev=\"\(number)\"]') && document.querySelector('.screen g[data-view=title] text').textContent === '\(text)'", timeout: 60)
        }
    }

    /// `plumb serve --open`: the page it hands `xdg-open` (a file) leads the browser into the
    /// studio, where the buttons write, as after opening the printed address.
    @Test func theOpenedPageLeadsIntoTheStudio() async throws {
        let fixture = try StudioFixture()
        try fixture.makeConflict()
        let bin = fixture.folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let opener = bin.appendingPathComponent("xdg-open")
        try Data("#!/bin/sh\nprintf '%s' \"$1\" > \"$OPEN_LOG.tmp\" && mv \"$OPEN_LOG.tmp\" \"$OPEN_LOG\"\n".utf8).write(to: opener)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: opener.path)
        let log = fixture.folder.appendingPathComponent("opened").path
        let server = try ServeProcess(in: fixture.folder, arguments: ["--open"], environment: [
            "PATH": "\(bin.path):\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")", "OPEN_LOG": log,
        ])
        defer { server.stop() }
        var page: String?
        for _ in 0..<600 where page == nil {
            page = try? String(contentsOfFile: log, encoding: .utf8)
            if page == nil { usleep(50_000) }
        }
        let file = try #require(page, "xdg-open was started")
        let browser = try await WebDriver()
        do {
            try await browser.navigate(file)
            // The file's page and the session's page each go on to the next: a wait begun on
            // one of them ends with it, so it is begun again until the studio's page is there.
            var arrived = false
            for _ in 0..<120 where !arrived {
                arrived = (try? await browser.wait(until: "document.querySelector('main[data-page=documents] tr[data-document=login]')", timeout: 5)) != nil
                if !arrived { usleep(250_000) }
            }
            #expect(arrived, "the opened page led to the documents page")
            #expect(try await browser.script("return location.search;") == .string(""), "the token left the address")
            try await browser.navigate(server.url.replacingOccurrences(of: "/?token=\(server.url.split(separator: "=").last!)", with: "/d/login/conflicts"))
            try await browser.wait(until: "document.querySelector('main[data-page=conflicts] button[data-action=keep][data-view=ok]')", timeout: 60)
            let before = try Store.open(at: fixture.storePath, access: .read).head(of: "login").number
            try await browser.click("button[data-action=keep][data-view=ok]")
            try await browser.wait(until: "document.getElementById('notice').textContent.includes('version')", timeout: 60)
            #expect(try Store.open(at: fixture.storePath, access: .read).head(of: "login").number == before + 1)
        } catch {
            try? await browser.screenshot(to: FileManager.default.temporaryDirectory.appendingPathComponent("plumb-studio-open-failure.png").path)
            await browser.quit()
            throw error
        }
        await browser.quit()
    }
}
