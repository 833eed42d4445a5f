import Foundation
import LayoutSpec
import SpecStore
import Testing

/// `docs rm`, `docs mv` (and `log` following a rename), `tag --list` and `tag --delete`.
@Suite struct HousekeepingTests {
    func ready() -> PlumbRunner {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        #expect(plumb.run("apply", plumb.write("login.json", loginSpec), "-m", "First").status == 0)
        #expect(plumb.run("set", "login", "ok", "text=Go").status == 0)
        return plumb
    }

    @Test func docsRmIsAVersionThatRevertUndoes() throws {
        let plumb = ready()
        let removed = plumb.run("docs", "rm", "login")
        #expect(removed.status == 0)
        #expect(removed.stdout.hasPrefix("login: deleted in version 3 ("))
        #expect(removed.stdout.hasSuffix("); `plumb revert login@2` brings it back\n"))
        #expect(plumb.run("docs").stderr == "no documents but 1 deleted one (plumb docs --all lists them)\n")
        let all = plumb.run("docs", "--all", "--json")
        let listed = try JSONParser.parse(Array(all.stdout.utf8))
        #expect(listed[0]?["deleted"] == .bool(true) && listed[0]?["versions"] == .number(3))
        let shown = plumb.run("show", "login")
        #expect(shown.status == 1 && shown.stderr.contains("login@3: the document is deleted in this version"), "\(shown.stderr)")
        #expect(plumb.run("docs", "rm", "login").stderr.contains("document \"login\" is already deleted"))
        #expect(plumb.run("log", "login").stdout.split(separator: "\n").count == 3)
        #expect(plumb.run("revert", "login@2").status == 0)
        #expect(plumb.run("show", "login").stdout.contains("\"Go\""))
        #expect(plumb.run("docs").stdout.squeezed.hasPrefix("login 4 versions "))
        #expect(plumb.run("docs", "rm", "nothere").stderr.contains("no document \"nothere\""))
    }

    @Test func docsMvKeepsHistoryAndLogFollowsTheRename() throws {
        let plumb = ready()
        #expect(plumb.run("tag", "login@1", "v1").status == 0)
        let moved = plumb.run("docs", "mv", "login", "signin")
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(moved.stdout.hasPrefix("login → signin: signin version 1 ("))
        #expect(plumb.run("docs").stdout.squeezed.hasPrefix("signin 1 version "))
        // The state moved whole: show of both is the same spec but for the name.
        let old = try SpecCodec.decode(Array(plumb.run("show", "login@2").stdout.utf8), file: "old")
        var new = try SpecCodec.decode(Array(plumb.run("show", "signin").stdout.utf8), file: "new")
        new.name = old.name
        #expect(new == old)
        let log = plumb.run("log", "signin").stdout.split(separator: "\n")
        #expect(log.count == 3)
        #expect(log[0].hasPrefix("   1  ") && log[0].hasSuffix("Rename login to signin"))
        #expect(log[1].hasPrefix("login@2  ") && log[2].hasPrefix("login@1  ") && log[2].hasSuffix("First  (tag: v1)"), "\(log)")
        #expect(plumb.run("log", "signin", "--no-follow").stdout.split(separator: "\n").count == 1)
        #expect(plumb.run("log", "signin", "-n", "2").stdout.split(separator: "\n").count == 2)
        let json = try JSONParser.parse(Array(plumb.run("log", "signin", "--json").stdout.utf8))
        guard case .string(let message)? = json[0]?["message"] else { Issue.record("no message"); return }
        let head = try JSONParser.parse(Array(plumb.run("log", "login", "--json", "--no-follow").stdout.utf8))
        guard case .string(let deletion)? = head[0]?["message"], case .string(let copied)? = head[1]?["id"] else { Issue.record("no log"); return }
        #expect(message == "Rename login to signin\n\nRenamed-from: login@\(copied)")
        #expect(deletion.hasPrefix("Rename login to signin\n\nRenamed-to: signin@"))
        // With a view: only versions touching it, across the rename.
        #expect(plumb.run("log", "signin", "ok").stdout.split(separator: "\n").count == 3)
        // Renaming back reuses the deleted name and follows all the way.
        #expect(plumb.run("docs", "mv", "signin", "login").status == 0)
        let back = plumb.run("log", "login").stdout.split(separator: "\n")
        #expect(back.count == 4 && back[1].hasPrefix("signin@1") && back[2].hasPrefix("   2"), "\(back)")
    }

    @Test(arguments: [
        (["docs", "mv", "login", "login"], 1, "already has that name"),
        (["docs", "mv", "login", "other"], 1, "document \"other\" already exists"),
        (["docs", "mv", "login", "bad name"], 64, "is not a document name"),
        (["docs", "mv", "nothere", "x"], 1, "no document \"nothere\""),
        (["docs", "mv", "login"], 64, "expected docs mv OLD NEW"),
        (["docs", "rmm", "login"], 64, "unknown subcommand \"rmm\" (expected rm or mv) (did you mean \"rm\"?)"),
    ])
    func docsMvRefusals(_ arguments: [String], _ status: Int32, _ message: String) throws {
        let plumb = ready()
        #expect(plumb.run("apply", plumb.write("other.json", loginSpec), "--doc", "other").status == 0)
        let result = plumb.run(arguments)
        #expect(result.status == status)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(plumb.run("docs").stdout.split(separator: "\n").count == 2)
        #expect(plumb.run("log", "login").stdout.split(separator: "\n").count == 2)
    }

    @Test func aRenameSyncsLikeAnyEdit() throws {
        let plumb = ready()
        #expect(plumb.run("clone", ".", "copy").status == 0)
        #expect(plumb.run("docs", "mv", "login", "signin").status == 0)
        #expect(plumb.run("sync", "copy").status == 0)
        let copy = plumb.run("--store", "copy", "docs", "--all")
        #expect(copy.stdout.squeezed.contains("login 3 versions") && copy.stdout.contains("(deleted)"), "\(copy.stdout)")
        #expect(copy.stdout.squeezed.contains("signin 1 version "), "\(copy.stdout)")
        #expect(plumb.run("--store", "copy", "log", "signin").stdout.split(separator: "\n").count == 3)
    }

    @Test func tagListAndDelete() throws {
        let plumb = ready()
        #expect(plumb.run("apply", plumb.write("other.json", loginSpec), "--doc", "other").status == 0)
        #expect(plumb.run("tag", "login@1", "v1").status == 0)
        #expect(plumb.run("tag", "login", "v2").status == 0)
        #expect(plumb.run("tag", "other", "shipped").status == 0)
        let all = plumb.run("tag", "--list").stdout.split(separator: "\n").map(\.squeezed)
        #expect(all.count == 3)
        #expect(all[0].hasPrefix("login@v1 1 ") && all[0].hasSuffix(" First"), "\(all)")
        #expect(all[2].hasPrefix("other@shipped 1 "))
        #expect(plumb.run("tag", "-l", "login").stdout.split(separator: "\n").count == 2)
        let json = try JSONParser.parse(Array(plumb.run("tag", "--list", "other", "--json").stdout.utf8))
        #expect(json[0]?["name"] == .string("shipped") && json[0]?["version"]?["number"] == .number(1))
        let deleted = plumb.run("tag", "--delete", "login", "v2")
        #expect(deleted.stdout.hasPrefix("login: deleted tag v2 (was version 2, "))
        #expect(plumb.run("diff", "login@v2").stderr.contains("login@v2: no such version"))
        #expect(plumb.run("tag", "-d", "login", "v3").stderr.contains("login: no tag \"v3\" (did you mean \"v1\"?)"))
        #expect(plumb.run("tag", "--list", "nothere").stderr.contains("no document \"nothere\""))
        let tagged = try JSONParser.parse(Array(plumb.run("tag", "login", "v9", "--json").stdout.utf8))
        #expect(tagged["tags"] == .array([.string("v9")]) && tagged["number"] == .number(2), "\(tagged)")
        #expect(plumb.run("tag", "--list", "--delete").status == 64)
        #expect(plumb.run("tag", "--delete", "other@1", "shipped").status == 64)
    }

    @Test func logOfAViewTheDocumentNeverHadIsAnError() {
        let plumb = ready()
        let result = plumb.run("log", "login", "okk")
        #expect(result.status == 1)
        #expect(result.stderr == "plumb log: login: no view \"okk\" (did you mean \"ok\"?)\n")
        #expect(plumb.run("rm", "login", "ok").status == 0)
        // A deleted view still has a history.
        #expect(plumb.run("log", "login", "ok").stdout.split(separator: "\n").count == 3)
    }
}
