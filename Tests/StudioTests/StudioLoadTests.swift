import Foundation
import RawHTTP
import Studio
import Testing

/// Many clients at once, and the store followed live.
@Suite struct StudioLoadTests {
    /// 20 clients, 100 requests each, every page kind: no error, no wrong answer.
    @Test func twentyConcurrentClientsOfAHundredRequestsEach() throws {
        let fixture = try StudioFixture()
        try fixture.makeConflict()
        let studio = try fixture.startStudio()
        defer { studio.stop() }
        let http = RawHTTP(port: studio.port)
        let cookie = ["Cookie": StudioFixture.cookie(studio)]
        let paths = [
            ("/", "data-page=\"documents\""),
            ("/d/login", "data-page=\"document\""),
            ("/d/login?rev=1&device=iphone-se&view=ok", "data-view=\"ok\""),
            ("/d/login/picture.svg?size=320x480", "<svg"),
            ("/d/login/diff?from=1&to=3", "data-change=\"moved\""),
            ("/d/login/sheet", "data-screen"),
            ("/d/login/conflicts", "data-action=\"keep\""),
            ("/d/login/views/ok?rev=2", "view-panel"),
            ("/static/studio.js", "EventSource"),
            ("/d/nope", "no document"),
        ]
        let clients = 20, requests = 100
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: clients) { client in
            for number in 0..<requests {
                let (path, expected) = paths[(client + number) % paths.count]
                do {
                    let response = try http.request(path, headers: cookie)
                    let wanted = path == "/d/nope" ? 404 : 200
                    if response.status != wanted || !response.body.contains(expected) {
                        failures.add("client \(client) request \(number) \(path): \(response.status) \(response.body.prefix(120))")
                    }
                } catch {
                    failures.add("client \(client) request \(number) \(path): \(error)")
                }
            }
        }
        #expect(failures.all.isEmpty, "\(failures.all.count) failures, first: \(failures.all.prefix(3))")
    }

    /// A commit by another `plumb` process reaches an open event stream. (The reads' deadlines
    /// only keep a broken build from hanging; how soon events come is `plumb-bench studio`'s.)
    @Test func aCommitInAnotherProcessReachesTheEventStream() throws {
        let fixture = try StudioFixture()
        let studio = try fixture.startStudio()
        defer { studio.stop() }
        let stream = try RawHTTP(port: studio.port).events(cookie: StudioFixture.cookie(studio))
        let hello = stream.read(until: { $0.contains("event: hello") }, timeout: 60)
        #expect(hello.contains("event: hello"), "\(hello)")
        #expect(try ServeProcess.run(["set", "login", "title", "text=Welcome"], in: fixture.folder) == 0)
        let received = stream.read(until: { $0.contains("event: store") }, timeout: 60)
        #expect(received.contains("event: store\ndata: {\"generation\": 1, \"documents\": [\"login\"]}"), "\(received)")
        // Quiet streams get a keep-alive comment (the fixture's interval is 1 s).
        let kept = stream.read(until: { $0.contains(": keep-alive") }, timeout: 60)
        #expect(kept.contains(": keep-alive"))
    }

    /// Stopping ends the event streams and the threads; the port is let go.
    @Test func stoppingEndsStreamsAndFreesThePort() throws {
        let fixture = try StudioFixture()
        let studio = try fixture.startStudio()
        let http = RawHTTP(port: studio.port)
        let stream = try http.events(cookie: StudioFixture.cookie(studio))
        _ = stream.read(until: { $0.contains("event: hello") }, timeout: 60)
        #expect(!stream.ended)
        studio.stop()
        // The server closed the stream: reading ends there, not at the deadline.
        _ = stream.read(until: { _ in false }, timeout: 60)
        #expect(stream.ended)
        #expect(throws: (any Error).self) { try http.request("/") }
    }
}

/// Failures collected from many threads.
final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []

    func add(_ failure: String) {
        lock.lock()
        list.append(failure)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return list
    }
}
