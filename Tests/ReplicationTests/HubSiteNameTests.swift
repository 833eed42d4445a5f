import Foundation
import PostgresHub
import Replication
import SpecStore
import SpecSync
import Testing

/// Store names travel through the hub as through any other sync (issue 37): the later name
/// wins, and a role names only the sites it may push.
@Suite(.serialized, .needsPostgres) struct HubSiteNameTests {
    let hubs = HubTests()
    var root: URL { hubs.root }
    let now: UInt64 = 1_800_000_000_000

    @Test func aNameTravelsThroughTheHubAndOnlyItsSiteMayChangeIt() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let url = try TestPostgres.makeDatabase()
        try Hub.initialize(url: url)
        let role = "plumb_role_\(UUID().uuidString.prefix(6).lowercased())"
        let admin = try PostgresConnection(url: url)
        try admin.execute("CREATE ROLE \(role) LOGIN")
        defer { _ = try? PostgresConnection(url: TestPostgres.serverURL).execute("DROP OWNED BY \(role); DROP ROLE \(role)") }
        let owner = hubs.client("owner", hub: url, apply: true)
        let roleURL = TestPostgres.url(database: String(url.split(separator: "/").last!), user: role)
        let member = hubs.client("member", hub: roleURL)
        let ownerSite = try owner.open().site, memberSite = try member.open().site
        #expect(owner.plumb(["hub", "grant", url, "--role", role, "--site", memberSite.hex, "--document", "login"], now: now + 1) == 0)
        #expect(owner.plumb(["site", "name", "Design lead"], now: now + 2) == 0)
        #expect(owner.plumb(["push"], now: now + 3) == 0, "\(owner.lastOutput)")
        #expect(member.plumb(["site", "name", "Member's laptop"], now: now + 4) == 0)
        #expect(member.plumb(["pull"], now: now + 5) == 0, "\(member.lastOutput)")
        #expect(try member.open().name(of: ownerSite) == "Design lead")
        #expect(member.plumb(["push"], now: now + 6) == 0, "\(member.lastOutput)")
        #expect(owner.plumb(["pull"], now: now + 7) == 0)
        #expect(try owner.open().name(of: memberSite) == "Member's laptop")

        // The member's store, told another name for the owner's site (as a store it synced
        // with might), cannot pass it on: the role may not push that site.
        try member.open().importSiteNames([SiteName(site: ownerSite, name: "Not the lead", time: Int64(now + 100))])
        #expect(member.plumb(["push"], now: now + 8) == 0, "\(member.lastOutput)")
        let held = try admin.execute("SELECT name FROM plumb_site_names WHERE site = $1", [ownerSite.hex])
        #expect(held.text(0, 0) == "Design lead")
        let updated = try PostgresConnection(url: roleURL).execute("UPDATE plumb_site_names SET name = 'x', time = 0 WHERE site = $1", [ownerSite.hex])
        #expect(updated.affectedRows == 0, "the policy hides the row from the role's update")

        // A later rename reaches the other store; an earlier one, pushed late, does not win.
        #expect(owner.plumb(["site", "name", "Design lead (2)"], now: now + 200) == 0)
        #expect(owner.plumb(["push"], now: now + 201) == 0)
        #expect(member.plumb(["pull"], now: now + 202) == 0)
        #expect(try member.open().name(of: ownerSite) == "Design lead (2)")
        // An earlier name, pushed late by a store of the hub's owner, does not win either.
        let relay = hubs.client("relay", hub: url)
        try relay.open().importSiteNames([SiteName(site: ownerSite, name: "Design lead (old)", time: Int64(now + 150))])
        #expect(relay.plumb(["push"], now: now + 203) == 0, "\(relay.lastOutput)")
        #expect(try admin.execute("SELECT name FROM plumb_site_names WHERE site = $1", [ownerSite.hex]).text(0, 0) == "Design lead (2)")
    }
}
