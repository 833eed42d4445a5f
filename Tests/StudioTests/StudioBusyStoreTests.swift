import Foundation
import RawHTTP
import SpecStore
import Testing

/// Another process holding the store's write lock: the studio's buttons answer that the store
/// is busy after a short wait (`busyWait`), never holding its connections for the store's long
/// wait, and pages go on being served meanwhile.
@Suite struct StudioBusyStoreTests {
    @Test func clicksOnABusyStoreAnswerInWordsAndPagesStillLoad() throws {
        let fixture = try StudioFixture()
        try fixture.makeConflict()
        let studio = try fixture.startStudio()
        defer { studio.stop() }
        // Ten seconds is far past the studio's wait and far short of the store's own 30 s.
        let http = RawHTTP(port: studio.port, timeout: 10)
        let (cookie, writeKey) = StudioFixture.session(studio)
        let conflict = try #require(try Store.open(at: fixture.storePath, access: .read).conflicts(of: "login").first)
        let form = Array("view=ok&property=width&site=\(conflict.loser.stamp.site.hex)&hlc=\(conflict.loser.stamp.hlc.rawValue)".utf8)
        let headers = ["Cookie": cookie, "X-Plumb-Write": writeKey, "Content-Type": "application/x-www-form-urlencoded"]

        let holder = try Store.open(at: fixture.storePath)
        try holder.database.execute("BEGIN IMMEDIATE")
        let answers = Answers()
        DispatchQueue.concurrentPerform(iterations: 3) { index in
            let answer = index < 2
                ? try? http.request("/d/login/conflicts/keep", method: "POST", headers: headers, body: form)
                : try? http.request("/", headers: ["Cookie": cookie])
            answers.set(index, answer)
        }
        for index in 0..<2 {
            let answer = try #require(answers.get(index), "click \(index) was answered")
            #expect(answer.status == 503 && answer.body.contains("locked by another process"), "\(answer.status) \(answer.body)")
        }
        let page = try #require(answers.get(2), "the page was answered")
        #expect(page.status == 200 || page.status == 503, "\(page.status) \(page.body)")
        #expect(try http.request("/", headers: ["Cookie": cookie]).status == 200, "pages load while the lock is held")

        try holder.database.execute("COMMIT")
        let kept = try http.request("/d/login/conflicts/keep", method: "POST", headers: headers, body: form)
        #expect(kept.status == 200 && kept.body.contains("\"version\": "), "\(kept.body)")
    }
}

/// Answers gathered from several threads.
private final class Answers: @unchecked Sendable {
    private let lock = NSLock()
    private var answers: [Int: RawHTTP.Response] = [:]
    func set(_ index: Int, _ answer: RawHTTP.Response?) { lock.lock(); answers[index] = answer; lock.unlock() }
    func get(_ index: Int) -> RawHTTP.Response? { lock.lock(); defer { lock.unlock() }; return answers[index] }
}
