import Foundation
import LayoutSpec
import PostgresHub
import Replication
import SpecStore
import SpecSync
import Testing

/// `plumb clone URL DIR` on a real PostgreSQL server: a new store with its own site id, the hub
/// as its remote `origin`, and every version the role may read; a refused clone leaves nothing.
@Suite(.serialized, .needsPostgres) struct HubCloneTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-hub-clone-\(UUID().uuidString)")
    let now: UInt64 = 1_800_000_000_000

    /// A hub holding `login` and `other`, pushed by the owner's store `a`.
    func hubWithTwoDocuments() throws -> (url: String, a: Replica) {
        let url = try TestPostgres.makeDatabase()
        try Hub.initialize(url: url)
        let a = Replica(name: "a", root: root)
        #expect(a.plumb(["init", a.folder.path], now: now) == 0)
        #expect(a.plumb(["remote", "add", "origin", url], now: now) == 0)
        for document in ["login", "other"] {
            let file = root.appendingPathComponent("\(document).json").path
            _ = FileManager.default.createFile(atPath: file, contents: Data(Scenario.startSpec(document).utf8))
            #expect(a.plumb(["apply", file], now: now) == 0, "\(a.lastOutput)")
        }
        #expect(a.plumb(["push"], now: now + 1) == 0, "\(a.lastOutput)")
        return (url, a)
    }

    /// The clone holds what the role may read, under its own site id, with the hub as `origin`
    /// (the URL as given), and later pulls and pushes need no remote name.
    @Test func aCloneHoldsWhatTheRoleMayReadAndSyncsWithOrigin() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let (url, a) = try hubWithTwoDocuments()
        let roles = TestRoles(database: url)
        let reader = try roles.make("reader")
        #expect(a.plumb(["hub", "grant", url, "--role", reader, "--read-only", "--document", "login"], now: now) == 0, "\(a.lastOutput)")
        let c = Replica(name: "c", root: root)
        #expect(c.plumb(["clone", roles.url(as: reader), c.folder.path], now: now + 2) == 0, "\(c.lastOutput)")
        #expect(c.lastOutput.contains("pulled 1 version ("), "\(c.lastOutput)")
        #expect(c.lastOutput.contains("in 1 document from origin"), "\(c.lastOutput)")
        let clone = try c.open(), original = try a.open()
        #expect(clone.site != original.site)
        #expect(try clone.head(of: "login").id == original.head(of: "login").id)
        #expect((try? clone.head(of: "other")) == nil)
        #expect(try clone.remotes() == [Remote(name: "origin", url: roles.url(as: reader), readURL: nil)])
        // Pulls read from origin by default.
        #expect(a.plumb(["set", "login", "a", "width=21"], now: now + 3) == 0)
        #expect(a.plumb(["push"], now: now + 4) == 0)
        #expect(c.plumb(["pull"], now: now + 5) == 0, "\(c.lastOutput)")
        #expect(try c.open().head(of: "login").id == a.open().head(of: "login").id)
    }

    /// The owner's clone holds every document; --origin names the remote.
    @Test func theOwnersCloneHoldsEverythingUnderTheNameItGives() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let (url, a) = try hubWithTwoDocuments()
        let c = Replica(name: "c", root: root)
        #expect(c.plumb(["clone", url, c.folder.path, "--origin", "hub"], now: now + 2) == 0, "\(c.lastOutput)")
        #expect(c.lastOutput.contains("in 2 documents from hub"), "\(c.lastOutput)")
        for document in ["login", "other"] {
            #expect(try c.open().head(of: document).id == a.open().head(of: document).id)
        }
        #expect(try c.open().remotes().map(\.name) == ["hub"])
        // The clone pushes its own edits back under its own site.
        #expect(c.plumb(["set", "other", "a", "width=7"], now: now + 3) == 0)
        #expect(c.plumb(["push"], now: now + 4) == 0, "\(c.lastOutput)")
        #expect(a.plumb(["pull"], now: now + 5) == 0, "\(a.lastOutput)")
        #expect(try c.open().head(of: "other").id == a.open().head(of: "other").id)
    }

    /// A hub with nothing in it clones to an empty store, and says so.
    @Test func anEmptyHubClonesToAnEmptyStore() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let url = try TestPostgres.makeDatabase()
        try Hub.initialize(url: url)
        let c = Replica(name: "c", root: root)
        #expect(c.plumb(["clone", url, c.folder.path], now: now) == 0, "\(c.lastOutput)")
        #expect(c.lastOutput.contains("warning: the hub holds no version this role may read yet"), "\(c.lastOutput)")
        #expect(try c.open().remotes().map(\.url) == [url])
    }

    /// Refused clones say why in words and leave nothing in DIR: an unreachable server, a
    /// database that is not a hub, a role without access, a role that may read no document,
    /// a URL holding a password (a usage error), a folder that holds a store already.
    @Test func refusedClonesSayWhyAndLeaveNothing() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let (url, a) = try hubWithTwoDocuments()
        let roles = TestRoles(database: url)
        let stranger = try roles.make("stranger"), revoked = try roles.make("revoked")
        #expect(a.plumb(["hub", "grant", url, "--role", revoked, "--read-only", "--document", "login"], now: now) == 0)
        #expect(a.plumb(["hub", "revoke", url, "--role", revoked, "--document", "login"], now: now) == 0)
        let plain = try TestPostgres.makeDatabase()
        let cases: [(url: String, status: Int32, says: String)] = [
            ("postgresql://nobody@127.0.0.1:1/plumb", 1, "plumb clone: cannot reach the hub: "),
            (plain, 1, "plumb clone: not a Plumb hub (set one up with `plumb hub init URL`)"),
            (roles.url(as: stranger), 1, "this role has no access to the hub: its owner can give it with `plumb hub grant`"),
            (roles.url(as: revoked), 1, "plumb clone: the hub refused: role \(revoked) may read no document on this hub"),
            (url.replacingOccurrences(of: "postgres@", with: "postgres:secret@"), 64, "the URL holds a password"),
        ]
        for (index, refused) in cases.enumerated() {
            let c = Replica(name: "c\(index)", root: root)
            #expect(c.plumb(["clone", refused.url, c.folder.path], now: now + 2) == refused.status, "\(refused.url)")
            #expect(c.lastOutput.contains(refused.says), "\(c.lastOutput)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: c.folder.path).isEmpty, "\(refused.url)")
        }
        // --origin belongs to a hub's clone: with a store for SRC it is a usage error.
        let d = Replica(name: "d", root: root)
        #expect(d.plumb(["clone", a.folder.path, d.folder.path, "--origin", "hub"], now: now + 2) == 64)
        #expect(d.lastOutput.contains("--origin and --max-clock-skew go with a hub's URL"), "\(d.lastOutput)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: d.folder.path).isEmpty)
        // Into a folder that holds a store: refused, and the store there is untouched.
        let held = try a.open().head(of: "login").id
        #expect(a.plumb(["clone", url, a.folder.path], now: now + 3) == 1)
        #expect(a.lastOutput.contains("a store is already there"), "\(a.lastOutput)")
        #expect(try a.open().head(of: "login").id == held)
    }

    /// A bad version on the hub is handled as by `pull`: the clone keeps everything else (and its
    /// remote), names the bad one and exits 1; the next pull asks for it again.
    @Test func aTamperedVersionIsLeftOutOfAnOtherwiseWholeClone() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let (url, a) = try hubWithTwoDocuments()
        #expect(a.plumb(["set", "login", "a", "text=honest"], now: now + 2) == 0)
        #expect(a.plumb(["push"], now: now + 3) == 0)
        let bad = try a.open().head(of: "login").id
        let owner = try PostgresConnection(url: url)
        try owner.execute("ALTER TABLE plumb_changes DISABLE TRIGGER USER")
        try owner.execute(#"UPDATE plumb_changes SET value = '"forged"' WHERE value = '"honest"'"#)
        try owner.execute("ALTER TABLE plumb_changes ENABLE TRIGGER USER")
        let c = Replica(name: "c", root: root)
        #expect(c.plumb(["clone", url, c.folder.path], now: now + 4) == 1)
        #expect(c.lastOutput.contains("pulled 2 versions ("), "\(c.lastOutput)")
        #expect(c.lastOutput.contains("version \(bad.short) of site \(try a.open().site.short)"), "\(c.lastOutput)")
        #expect(c.lastOutput.contains("its id does not match its content"), "\(c.lastOutput)")
        let clone = try c.open()
        #expect(try !StoreHoldingsProbe.holds(bad, in: clone))
        #expect(try clone.head(of: "other").id == a.open().head(of: "other").id)
        #expect(try clone.remotes().map(\.name) == ["origin"])
    }
}
