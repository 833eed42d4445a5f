import Foundation
import LayoutSpec
import Testing

/// `plumb log` marks a version whose writes lost at a merge, in text and JSON, with what was
/// done about each since; versions that lost nothing carry no mark.
@Suite struct LostWriteLogTests {
    /// Two stores with one history; bob (in `b`) writes ok.text and email.height, then anna (in
    /// `a`) writes ok.text later; `b` syncs with `a`, so bob's ok.text loses.
    func merged() throws -> (a: PlumbRunner, b: PlumbRunner) {
        let a = PlumbRunner(), b = PlumbRunner()
        a.environment["PLUMB_NOW_MS"] = "1764489600000"
        #expect(a.run("init").status == 0)
        #expect(a.run("apply", a.write("login.json", loginSpec), "-m", "First").status == 0)
        #expect(b.run("init").status == 0)
        #expect(b.run("sync", a.folder.path).status == 0)
        b.environment["PLUMB_AUTHOR"] = "bob"
        b.environment["PLUMB_NOW_MS"] = "1764489601000"
        #expect(b.run("set", "login", "ok", "text=Go", "-m", "Bob's button").status == 0)
        #expect(b.run("set", "login", "email", "height=48", "-m", "Taller email").status == 0)
        a.environment["PLUMB_AUTHOR"] = "anna"
        a.environment["PLUMB_NOW_MS"] = "1764489602000"
        #expect(a.run("set", "login", "ok", "text=Sign in", "-m", "Anna's button").status == 0)
        b.environment["PLUMB_NOW_MS"] = "1764489603000"
        let sync = b.run("sync", a.folder.path)
        #expect(sync.status == 0 && sync.stdout.contains("1 conflict"), "\(sync.stdout)\(sync.stderr)")
        return (a, b)
    }

    @Test func theLosingVersionIsMarkedInTheLog() throws {
        let (a, b) = try merged()
        for store in [a, b] {
            let lines = store.run("log", "login").stdout.split(separator: "\n").map(String.init)
            let bobs = try #require(lines.first { $0.contains("Bob's button") })
            #expect(bobs.hasSuffix("Bob's button  [lost at a merge: ok.text]"), "\(bobs)")
            for line in lines where !line.contains("Bob's button") {
                #expect(!line.contains("lost"), "only the losing version is marked: \(line)")
            }
        }
        // The JSON says which write, and that it is open.
        guard case .array(let versions) = try JSONParser.parse(Array(b.run("log", "login", "--json").stdout.utf8)) else {
            Issue.record("log --json is not an array"); return
        }
        let bobs = try #require(versions.first { $0["message"] == .string("Bob's button") })
        #expect(bobs["lost"] == .array([.object([
            JSONMember("view", .string("ok")), JSONMember("property", .string("text")), JSONMember("settled", .null),
        ])]))
        #expect(versions.filter { $0["lost"] == .array([]) }.count == versions.count - 1)
        // conflicts --json names each side as the text does: author, store, time.
        let conflicts = try JSONParser.parse(b.run("conflicts", "login", "--json").stdout)
        #expect(conflicts[0]?["winner"]?["author"] == .string("anna") && conflicts[0]?["loser"]?["author"] == .string("bob"))
        #expect(conflicts[0]?["winner"]?["time"] == .string("2025-11-30T08:00:02.000Z"))
        #expect(conflicts[0]?["loser"]?["store"] == .null, "an unnamed store")
        // The mark follows a view's log too.
        #expect(b.run("log", "login", "ok").stdout.contains("Bob's button  [lost at a merge: ok.text]"))
    }

    @Test func aSettledLossSaysWhatWasDone() throws {
        let (_, b) = try merged()
        #expect(b.run("conflicts", "login", "--dismiss", "ok.text").status == 0)
        #expect(b.run("log", "login").stdout.contains("Bob's button  [lost at a merge: ok.text (dismissed)]"))
        #expect(b.run("log", "login", "--json").stdout.contains("\"settled\": \"dismissed\""))
    }

    /// After `docs mv`, the conflicts recorded under the old name are the new name's: listed,
    /// named by their authors, marked in the followed log, and settled under the new name.
    @Test func conflictsFollowARename() throws {
        let (_, b) = try merged()
        #expect(b.run("docs", "mv", "login", "sign-in").status == 0)
        let listed = b.run("conflicts", "sign-in")
        #expect(listed.status == 0)
        #expect(listed.stdout.hasPrefix("ok.text: \"Sign in\" (anna, 2025-11-30 08:00:02.000) won over \"Go\" (bob, 2025-11-30 08:00:01.000)"), "\(listed.stdout)")
        #expect(b.run("log", "sign-in").stdout.contains("Bob's button  [lost at a merge: ok.text]"))
        #expect(b.run("conflicts", "sign-in", "--dismiss", "ok.text").status == 0)
        #expect(b.run("conflicts", "sign-in").stdout.contains("[dismissed on "))
        #expect(b.run("conflicts", "login").stdout.contains("[dismissed on "), "the old name still lists its own")
    }

    @Test func aViewLostToADeleteIsMarkedByItsName() throws {
        let a = PlumbRunner(), b = PlumbRunner()
        a.environment["PLUMB_NOW_MS"] = "1764489600000"
        #expect(a.run("init").status == 0)
        #expect(a.run("apply", a.write("login.json", loginSpec), "-m", "First").status == 0)
        #expect(b.run("init").status == 0)
        #expect(b.run("sync", a.folder.path).status == 0)
        a.environment["PLUMB_NOW_MS"] = "1764489601000"
        #expect(a.run("rm", "login", "form", "-m", "Drop the form").status == 0)
        b.environment["PLUMB_NOW_MS"] = "1764489602000"
        #expect(b.run("set", "login", "email", "text=Mail", "-m", "Edit the email label").status == 0)
        #expect(b.run("sync", a.folder.path).status == 0)
        let log = b.run("log", "login").stdout
        #expect(log.contains("Edit the email label  [lost at a merge: email]"), "\(log)")
        #expect(!log.contains("Drop the form  ["))
        // plumb conflicts says it is out, and how to bring it back, until it is back.
        let before = b.run("conflicts", "login").stdout
        #expect(before.contains("; not in the document; restore: plumb restore login email --from "), "\(before)")
        #expect(b.run("restore", "login", "email").status == 0)
        let after = b.run("conflicts", "login").stdout
        #expect(after.contains("changed it (text=\"Mail\") [restored on "), "\(after)")
        #expect(!after.contains("not in the document") && !after.contains("restore:"), "\(after)")
    }
}
