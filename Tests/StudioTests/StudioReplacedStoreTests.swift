import Foundation
import RawHTTP
import SpecStore
import Testing

/// A store file replaced (a backup restored by `mv`) or removed while the studio runs: the
/// studio says so on every request and writes nothing, so the file now at the path stays whole.
@Suite struct StudioReplacedStoreTests {
    @Test func aBackupMovedOverTheStoreIsNeverWrittenThrough() throws {
        let fixture = try StudioFixture()
        try fixture.makeConflict()
        let backup = fixture.folder.appendingPathComponent("backup.sqlite").path
        try FileManager.default.copyItem(atPath: fixture.storePath, toPath: backup)
        let backupHead = try Store.open(at: backup, access: .read).head(of: "login").number
        try fixture.plumb("set", "login", "title", "text=Welcome", "-m", "After the backup")

        let studio = try fixture.startStudio()
        defer { studio.stop() }
        let http = RawHTTP(port: studio.port)
        let (cookie, writeKey) = StudioFixture.session(studio)
        #expect(try http.request("/d/login/conflicts", headers: ["Cookie": cookie]).status == 200)
        let conflict = try #require(try Store.open(at: fixture.storePath, access: .read).conflicts(of: "login").first)
        let form = Array("view=ok&property=width&site=\(conflict.loser.stamp.site.hex)&hlc=\(conflict.loser.stamp.hlc.rawValue)".utf8)
        let headers = ["Cookie": cookie, "X-Plumb-Write": writeKey, "Content-Type": "application/x-www-form-urlencoded"]
        // A version made by the studio: its pages are in the studio's write-ahead log.
        #expect(try http.request("/d/login/conflicts/keep", method: "POST", headers: headers, body: form).body.contains("\"version\": "))

        #expect(rename(backup, fixture.storePath) == 0)
        let page = try http.request("/", headers: ["Cookie": cookie])
        #expect(page.status == 503 && page.body.contains("was replaced or removed"), "\(page.status) \(page.body)")
        // While the studio still runs, the backup now at the path reads as itself.
        do {
            let restored = try Store.open(at: fixture.storePath)
            #expect(try restored.integrityCheck() == ["ok"])
            #expect(try restored.head(of: "login").number == backupHead, "the backup, as it was")
        }
        try fixture.plumb("docs")
        try http.request("/d/login/conflicts/clear", method: "POST", headers: headers)
        let kept = try http.request("/d/login/conflicts/keep", method: "POST", headers: headers, body: form)
        #expect(kept.status == 503 && kept.body.contains("was replaced or removed"), "\(kept.status) \(kept.body)")
        studio.stop()

        let restored = try Store.open(at: fixture.storePath)
        #expect(try restored.integrityCheck() == ["ok"])
        #expect(try restored.head(of: "login").number == backupHead, "the backup, as it was")
        #expect(try restored.conflicts(of: "login").count == 1, "the backup's conflict is still there")
    }

    @Test func aStoreRemovedAndMadeAgainIsNotServed() throws {
        let fixture = try StudioFixture()
        let studio = try fixture.startStudio()
        defer { studio.stop() }
        let http = RawHTTP(port: studio.port)
        let cookie = StudioFixture.cookie(studio)
        #expect(try http.request("/", headers: ["Cookie": cookie]).status == 200)
        try FileManager.default.removeItem(at: fixture.folder.appendingPathComponent(".plumb"))
        #expect(try http.request("/", headers: ["Cookie": cookie]).body.contains("was replaced or removed"))
        try fixture.plumb("init")
        let page = try http.request("/", headers: ["Cookie": cookie])
        #expect(page.status == 503 && page.body.contains("was replaced or removed"))
        studio.stop()
        #expect(try Store.open(at: fixture.storePath).integrityCheck() == ["ok"])
        #expect(try Store.open(at: fixture.storePath).documents().isEmpty, "the new store, untouched")
    }
}
