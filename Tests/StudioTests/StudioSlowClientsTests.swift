import Foundation
import RawHTTP
import Testing

/// Connections that never finish their headers cannot starve the user: 256 of them (every
/// slot the server has), then the user's pages load. (`plumb-bench studio` measures how soon.)
@Suite struct StudioSlowClientsTests {
    @Test func slowConnectionsDoNotStarveTheUser() throws {
        let fixture = try StudioFixture()
        let studio = try fixture.startStudio()
        defer { studio.stop() }
        let http = RawHTTP(port: studio.port, timeout: 20)
        let cookie = StudioFixture.cookie(studio)
        let slow = try SlowClients(port: studio.port, count: 256)
        defer { slow.close() }
        #expect(try http.request("/", headers: ["Cookie": cookie]).status == 200)
        #expect(try http.request("/d/login", headers: ["Cookie": cookie]).status == 200)
    }
}
