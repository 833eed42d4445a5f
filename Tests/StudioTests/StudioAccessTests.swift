import Foundation
import RawHTTP
import SpecStore
@testable import Studio
import Testing

/// Who may read and write, what is served and what is refused, over real HTTP.
@Suite struct StudioAccessTests {
    @Test func readsNeedASessionThatOnlyTheTokenOpens() throws {
        let fixture = try StudioFixture()
        let studio = try fixture.startStudio()
        defer { studio.stop() }
        let http = RawHTTP(port: studio.port)
        let token = StudioFixture.token(studio)
        #expect(studio.url.hasPrefix("http://127.0.0.1:\(studio.port)/?token="))
        #expect(try http.request("/").status == 401)
        #expect(try http.request("/d/login/picture.svg").status == 401)
        #expect(try http.request("/?token=0123456789abcdef0123456789abcdef").status == 403)
        let first = try http.request("/d/login?token=\(token)&device=ipad")
        #expect(first.status == 200)
        #expect(first.body.contains("<meta name=\"plumb-next\" content=\"/d/login?device=ipad\">"), "on to the page without the token")
        let cookie = try #require(first.headers["set-cookie"])
        #expect(cookie.hasPrefix("plumb-studio-\(studio.port)=") && !cookie.contains(token), "the cookie is not the token")
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
        let session = String(cookie.split(separator: ";")[0])
        let page = try http.request("/d/login?device=ipad", headers: ["Cookie": session])
        #expect(page.status == 200)
        #expect(page.body.contains("<main id=\"main\" data-page=\"document\" data-document=\"login\""))
        #expect(page.headers["content-security-policy"]?.contains("script-src 'self'") == true)
        #expect(try http.request("/", headers: ["Cookie": "plumb-studio-\(studio.port)=guess"]).status == 401)
        #expect(try http.request("/", headers: ["Cookie": "plumb-studio-\(studio.port)=\(token)"]).status == 401, "the token is no cookie")
    }

    /// Browsers send a host's cookies to every port of it, so a server on another local port
    /// can learn a session's cookie. With it alone nothing can be written, and no page gives
    /// away the token or the session's write key.
    @Test func aCookieLeakedToAnotherPortCannotWrite() throws {
        let fixture = try StudioFixture()
        try fixture.makeConflict()
        let studio = try fixture.startStudio()
        defer { studio.stop() }
        let http = RawHTTP(port: studio.port)
        let token = StudioFixture.token(studio)
        let (cookie, writeKey) = StudioFixture.session(studio)
        for path in ["/", "/d/login", "/d/login/diff", "/d/login/sheet", "/d/login/conflicts", "/static/studio.js", "/d/login/picture.svg"] {
            let answer = try http.request(path, headers: ["Cookie": cookie])
            #expect(answer.status == 200, "\(path)")
            #expect(!answer.body.contains(token) && !answer.body.contains(writeKey), "\(path) gives nothing away")
        }
        let store = try Store.open(at: fixture.storePath)
        let conflict = try #require(try store.conflicts(of: "login").first)
        let form = Array("view=ok&property=width&site=\(conflict.loser.stamp.site.hex)&hlc=\(conflict.loser.stamp.hlc.rawValue)".utf8)
        let before = try store.head(of: "login").number
        for guess in [nil, token, cookie.split(separator: "=").last.map(String.init)] {
            var headers = ["Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded", "Origin": "http://127.0.0.1:\(studio.port)"]
            headers["X-Plumb-Write"] = guess
            #expect(try http.request("/d/login/conflicts/keep", method: "POST", headers: headers, body: form).status == 403)
        }
        #expect(try store.head(of: "login").number == before, "nothing was written")
    }

    /// `//evil.example/x` is a path here, but a browser reads it as another host: the session's
    /// page goes on to a path of this studio.
    @Test(arguments: ["//evil.example/x", "///evil.example/x", "/\\evil.example/x"])
    func theTokensPageStaysOnTheStudio(_ path: String) throws {
        let fixture = try StudioFixture()
        let studio = try fixture.startStudio()
        defer { studio.stop() }
        let answer = try RawHTTP(port: studio.port).request("\(path)?token=\(StudioFixture.token(studio))")
        #expect(answer.body.contains("<meta name=\"plumb-next\" content=\"/evil.example/x\">") || answer.body.contains("content=\"/%5Cevil.example/x\""),
                "\(answer.body)")
        #expect(AccessGuard.onThisServer(path).hasPrefix("/") && !AccessGuard.onThisServer(path).hasPrefix("//"))
    }

    @Test func writesNeedTheTokenHeaderAndTheStudiosOwnOrigin() throws {
        let fixture = try StudioFixture()
        try fixture.makeConflict()
        let studio = try fixture.startStudio()
        defer { studio.stop() }
        let http = RawHTTP(port: studio.port)
        let (cookie, writeKey) = StudioFixture.session(studio)
        let store = try Store.open(at: fixture.storePath)
        let conflict = try #require(try store.conflicts(of: "login").first)
        let form = "view=ok&property=width&site=\(conflict.loser.stamp.site.hex)&hlc=\(conflict.loser.stamp.hlc.rawValue)"
        let headers = ["Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"]
        let before = try store.head(of: "login").number
        // A page elsewhere can make the browser post (with the cookie) but cannot add the header.
        #expect(try http.request("/d/login/conflicts/keep", method: "POST", headers: headers, body: Array(form.utf8)).status == 403)
        #expect(try http.request("/d/login/conflicts/keep", method: "POST", headers: headers.merging(["X-Plumb-Write": "nope"]) { $1 }, body: Array(form.utf8)).status == 403)
        let foreign = headers.merging(["X-Plumb-Write": writeKey, "Origin": "http://evil.example"]) { $1 }
        #expect(try http.request("/d/login/conflicts/keep", method: "POST", headers: foreign, body: Array(form.utf8)).status == 403)
        // The header without the cookie is not enough either.
        #expect(try http.request("/d/login/conflicts/keep", method: "POST", headers: ["X-Plumb-Write": writeKey], body: Array(form.utf8)).status == 401)
        #expect(try store.head(of: "login").number == before, "nothing refused was written")

        let own = headers.merging(["X-Plumb-Write": writeKey, "Origin": "http://127.0.0.1:\(studio.port)"]) { $1 }
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
        #expect(six.accepts(host: "[::1]:4600") && six.accepts(host: "[0:0:0:0:0:0:0:1]:4600"))
        // Every IPv6 address, however written: the browser names it [::].
        for host in ["0:0:0:0:0:0:0:0", "::", "[::]"] {
            let any = AccessGuard(token: "t", host: host, port: 4600)
            #expect(any.accepts(host: "[::]:4600") && any.accepts(host: "[::1]:4600") && any.accepts(host: "studio.local:4600"), "\(host)")
        }
        let written = AccessGuard(token: "t", host: "fe80:0:0:0:0:0:0:1", port: 4600)
        #expect(written.accepts(host: "[fe80::1]:4600") && written.accepts(host: "[FE80:0::1]:4600"))
    }

    /// The address printed is one a browser here can open: loopback when listening on every
    /// address, and the page there answers.
    @Test(arguments: [("0.0.0.0", "http://127.0.0.1:"), ("0:0:0:0:0:0:0:0", "http://[::1]:"), ("::1", "http://[::1]:")])
    func thePrintedAddressWorks(_ host: String, _ shown: String) throws {
        let fixture = try StudioFixture()
        let studio = try fixture.startStudio(host: host)
        defer { studio.stop() }
        #expect(studio.address == "\(shown)\(studio.port)")
        let hostHeader = String(studio.address.dropFirst("http://".count))
        let answer = try RawHTTP(port: studio.port, ipv6: shown.contains("[")).request("/?token=\(StudioFixture.token(studio))", host: hostHeader)
        #expect(answer.status == 200, "\(answer.body)")
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
        let session = StudioFixture.session(studio)
        let headers = ["Cookie": session.cookie, "X-Plumb-Write": session.writeKey]
        let response = try RawHTTP(port: studio.port).request(path, method: method, headers: headers)
        #expect(response.status == status, "\(method) \(path): \(response.status) \(response.body)")
        #expect(response.body.contains(message), "\(response.body)")
    }

    @Test func hugeBodiesAreRefusedAndTheServerCarriesOn() throws {
        let fixture = try StudioFixture()
        let studio = try fixture.startStudio()
        defer { studio.stop() }
        let http = RawHTTP(port: studio.port)
        let session = StudioFixture.session(studio)
        let headers = ["Cookie": session.cookie, "X-Plumb-Write": session.writeKey]
        let huge = [UInt8](repeating: UInt8(ascii: "a"), count: 3 << 20)
        #expect(try http.request("/d/login/conflicts/keep", method: "POST", headers: headers, body: huge).status == 413)
        #expect(try http.request("/", headers: headers).status == 200)
    }
}
