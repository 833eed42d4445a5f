import Foundation
import RawHTTP
import SpecStore
@testable import Studio
import Testing

/// Who may read and write, what is served and what is refused, over real HTTP.
@Suite struct StudioAccessTests {
    @Test func readsNeedTheTokenWhichTheURLTurnsIntoACookie() throws {
        let fixture = try StudioFixture()
        let studio = try fixture.startStudio()
        defer { studio.stop() }
        let http = RawHTTP(port: studio.port)
        #expect(studio.url.hasPrefix("http://127.0.0.1:\(studio.port)/?token="))
        #expect(try http.request("/").status == 401)
        #expect(try http.request("/d/login/picture.svg").status == 401)
        #expect(try http.request("/?token=0123456789abcdef0123456789abcdef").status == 403)
        let first = try http.request("/d/login?token=\(StudioFixture.token(studio))&device=ipad")
        #expect(first.status == 303)
        #expect(first.headers["location"] == "/d/login?device=ipad")
        let cookie = try #require(first.headers["set-cookie"])
        #expect(cookie.hasPrefix(StudioFixture.cookie(studio) + ";"))
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
        let page = try http.request("/d/login?device=ipad", headers: ["Cookie": StudioFixture.cookie(studio)])
        #expect(page.status == 200)
        #expect(page.body.contains("<main id=\"main\" data-page=\"document\" data-document=\"login\""))
        #expect(page.headers["content-security-policy"]?.contains("script-src 'self'") == true)
        #expect(try http.request("/", headers: ["Cookie": "plumb-studio-\(studio.port)=guess"]).status == 401)
    }

    @Test func writesNeedTheTokenHeaderAndTheStudiosOwnOrigin() throws {
        let fixture = try StudioFixture()
        try fixture.makeConflict()
        let studio = try fixture.startStudio()
        defer { studio.stop() }
        let http = RawHTTP(port: studio.port)
        let cookie = StudioFixture.cookie(studio), token = StudioFixture.token(studio)
        let store = try Store.open(at: fixture.storePath)
        let conflict = try #require(try store.conflicts(of: "login").first)
        let form = "view=ok&property=width&site=\(conflict.loser.stamp.site.hex)&hlc=\(conflict.loser.stamp.hlc.rawValue)"
        let headers = ["Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"]
        let before = try store.head(of: "login").number
        // A page elsewhere can make the browser post (with the cookie) but cannot add the header.
        #expect(try http.request("/d/login/conflicts/keep", method: "POST", headers: headers, body: Array(form.utf8)).status == 403)
        #expect(try http.request("/d/login/conflicts/keep", method: "POST", headers: headers.merging(["X-Plumb-Token": "nope"]) { $1 }, body: Array(form.utf8)).status == 403)
        let foreign = headers.merging(["X-Plumb-Token": token, "Origin": "http://evil.example"]) { $1 }
        #expect(try http.request("/d/login/conflicts/keep", method: "POST", headers: foreign, body: Array(form.utf8)).status == 403)
        // The header without the cookie is not enough either.
        #expect(try http.request("/d/login/conflicts/keep", method: "POST", headers: ["X-Plumb-Token": token], body: Array(form.utf8)).status == 401)
        #expect(try store.head(of: "login").number == before, "nothing refused was written")

        let own = headers.merging(["X-Plumb-Token": token, "Origin": "http://127.0.0.1:\(studio.port)"]) { $1 }
        let kept = try http.request("/d/login/conflicts/keep", method: "POST", headers: own, body: Array(form.utf8))
        #expect(kept.status == 200, "\(kept.body)")
        #expect(kept.body.contains("\"version\": \(before + 1)"))
        let head = try store.head(of: "login")
        #expect(head.number == before + 1)
        #expect(head.author == "tester")
        #expect(try store.changes(of: head).map { "\($0.view).\($0.property.rawValue)=\($0.value ?? "-")" } == ["ok.width=120"])
        // Again: the head has the value already, so no version.
        let again = try http.request("/d/login/conflicts/keep", method: "POST", headers: own, body: Array(form.utf8))
        #expect(again.status == 200 && again.body.contains("\"version\": null"))
        #expect(try http.request("/d/login/conflicts/clear", method: "POST", headers: own).body == "{\"cleared\": 1}")
        #expect(try store.conflicts(of: "login").isEmpty)
    }

    @Test func anotherHostNameIsRefused() throws {
        let fixture = try StudioFixture()
        let studio = try fixture.startStudio()
        defer { studio.stop() }
        let http = RawHTTP(port: studio.port)
        let cookie = ["Cookie": StudioFixture.cookie(studio)]
        #expect(try http.request("/", headers: cookie, host: "localhost:\(studio.port)").status == 200)
        // DNS rebinding: a page at attacker.example whose name now points at 127.0.0.1.
        #expect(try http.request("/", headers: cookie, host: "attacker.example:\(studio.port)").status == 421)
        #expect(try http.request("/?token=\(StudioFixture.token(studio))", host: "attacker.example").status == 421)
    }

    @Test func hostNamesAcceptedPerListeningAddress() {
        let loopback = AccessGuard(token: "t", host: "127.0.0.1", port: 4600)
        #expect(loopback.accepts(host: "127.0.0.1:4600") && loopback.accepts(host: "LOCALHOST:4600") && loopback.accepts(host: "[::1]:4600"))
        #expect(!loopback.accepts(host: "192.168.1.5:4600") && !loopback.accepts(host: "127.0.0.1:4601") && !loopback.accepts(host: "127.0.0.1"))
        let everywhere = AccessGuard(token: "t", host: "0.0.0.0", port: 4600)
        #expect(everywhere.accepts(host: "192.168.1.5:4600") && everywhere.accepts(host: "studio.local:4600"))
        #expect(!everywhere.accepts(host: "studio.local:80"))
        let six = AccessGuard(token: "t", host: "::1", port: 4600)
        #expect(six.accepts(host: "[::1]:4600"))
    }

    @Test(arguments: [
        "/../../../../etc/passwd", "/static/../../../../etc/passwd", "/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
        "/d/%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd", "/d/login/../../../../etc/passwd", "/static/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
        "/d/..", "/etc/passwd", "/static/studio.js/../../etc/passwd", "//etc/passwd", "/d/login/views/..%2f..%2f..%2fetc%2fpasswd",
    ])
    func pathsOutsideTheStoreAreRefused(_ path: String) throws {
        let fixture = try StudioFixture()
        let studio = try fixture.startStudio()
        defer { studio.stop() }
        let response = try RawHTTP(port: studio.port).request(path, headers: ["Cookie": StudioFixture.cookie(studio)])
        #expect((400..<500).contains(response.status), "\(path): \(response.status)")
        #expect(!response.body.contains("root:"), "\(path) served a file")
    }

    @Test(arguments: [
        ("GET", "/d/login/picture.svg?size=0x10", 400, "size: expected WIDTHxHEIGHT"),
        ("GET", "/d/login/picture.svg?size=1e9x10", 400, "size: expected WIDTHxHEIGHT"),
        ("GET", "/d/login?device=nokia-3310", 400, "unknown device"),
        ("GET", "/d/login?rev=99", 404, "login@99"),
        ("GET", "/d/login?rev=zzzzzzzzz", 404, "no such version"),
        ("GET", "/d/nope", 404, "no document \"nope\""),
        ("GET", "/d/login/views/nope", 404, "no view \"nope\""),
        ("GET", "/d/login/sheet?devices=iphone-se,toaster", 400, "unknown device \"toaster\""),
        ("GET", "/d/login/diff?from=0", 404, "login@0"),
        ("GET", "/d/login/conflicts/keep", 405, "POST"),
        ("GET", "/d/login/conflicts/restore", 405, "POST"),
        ("PUT", "/", 405, "GET"),
        ("DELETE", "/d/login", 405, "DELETE"),
        ("POST", "/d/login/conflicts/keep", 400, "expected the fields"),
        ("POST", "/d/login/conflicts/restore", 400, "expected the fields view, site and hlc"),
        ("POST", "/d/login/conflicts/nope", 405, "POST"),
        ("GET", "/static/nope.js", 404, "no asset"),
    ])
    func badRequestsGetAClear4xx(_ method: String, _ path: String, _ status: Int, _ message: String) throws {
        let fixture = try StudioFixture()
        let studio = try fixture.startStudio()
        defer { studio.stop() }
        let headers = ["Cookie": StudioFixture.cookie(studio), "X-Plumb-Token": StudioFixture.token(studio)]
        let response = try RawHTTP(port: studio.port).request(path, method: method, headers: headers)
        #expect(response.status == status, "\(method) \(path): \(response.status) \(response.body)")
        #expect(response.body.contains(message), "\(response.body)")
    }

    @Test func hugeBodiesAreRefusedAndTheServerCarriesOn() throws {
        let fixture = try StudioFixture()
        let studio = try fixture.startStudio()
        defer { studio.stop() }
        let http = RawHTTP(port: studio.port)
        let headers = ["Cookie": StudioFixture.cookie(studio), "X-Plumb-Token": StudioFixture.token(studio)]
        let huge = [UInt8](repeating: UInt8(ascii: "a"), count: 3 << 20)
        #expect(try http.request("/d/login/conflicts/keep", method: "POST", headers: headers, body: huge).status == 413)
        #expect(try http.request("/", headers: headers).status == 200)
    }
}
