import Foundation
import LayoutSpec
import PlumbCLI
import Testing

@Suite struct CommandTests {
    @Test func initApplyShowRoundTrip() throws {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        #expect(plumb.run("init").status == 1)
        let file = plumb.write("login.json", loginSpec)
        let applied = plumb.run("apply", file, "-m", "first")
        #expect(applied.status == 0)
        #expect(applied.stdout.contains("version 1"))
        let shown = plumb.run("show", "login")
        #expect(shown.status == 0)
        let original = try SpecCodec.decode(Array(loginSpec.utf8), file: "a")
        #expect(try SpecCodec.decode(Array(shown.stdout.utf8), file: "b") == original)
        // apply of a show is a no-op, in both shapes
        plumb.write("shown.json", shown.stdout)
        let again = plumb.run("apply", "shown.json")
        #expect(again.status == 0)
        #expect(again.stderr.contains("nothing changed"))
        plumb.write("flat.json", plumb.run("show", "login", "--flat").stdout)
        #expect(plumb.run("apply", "flat.json").stderr.contains("nothing changed"))
        #expect(try logJSON(plumb).count == 1)
    }

    @Test func setParsesValuesByTypeAndMakesOneVersion() throws {
        let plumb = try ready()
        let result = plumb.run("set", "login", "title", "text=100", "margin=4", "font.size=20")
        #expect(result.status == 0, "\(result.stderr)")
        let shown = try SpecCodec.decode(Array(plumb.run("show", "login").stdout.utf8), file: "x")
        let title = try #require(shown.views.first { $0.id == "title" })
        #expect(title.text == "100")
        #expect(title.margin == Edges(all: 4))
        #expect(title.fontSize == 20)
        #expect(try logJSON(plumb).count == 2)
        // Same values again: nothing changes.
        #expect(plumb.run("set", "login", "title", "text=100").stderr.contains("nothing changed"))
        #expect(plumb.run("set", "login", "title", "--unset", "margin").status == 0)
        let unset = try SpecCodec.decode(Array(plumb.run("show", "login").stdout.utf8), file: "x")
        #expect(unset.views.first { $0.id == "title" }?.margin.isEmpty == true)
    }

    @Test(arguments: [
        (["set", "login", "title", "width=wide"], 1, "expected a number ≥ 0"),
        (["set", "login", "title", "heigth=3"], 64, "did you mean \"height\""),
        (["set", "login", "form", "text=hi"], 1, "not a property of a stack"),
        (["set", "login", "nobody", "width=3"], 1, "no view \"nobody\""),
        (["set", "nodoc", "title", "width=3"], 1, "no document \"nodoc\""),
        (["set", "login", "title", "parent=form"], 64, "structural"),
        (["set", "login", "title"], 64, "expected DOC VIEW"),
        (["set", "login", "title", "width"], 64, "expected KEY=VALUE"),
        (["add", "login", "x", "--parent", "title"], 1, "cannot have children"),
        (["add", "login", "ok", "--parent", "form"], 1, "already exists"),
        (["add", "login", "x", "--parent", "form", "--kind", "lable"], 64, "did you mean \"label\""),
        (["mv", "login", "title", "--parent", "email"], 1, "cannot have children"),
        (["mv", "login", "root", "--parent", "form"], 1, "is the root"),
        (["rm", "login", "root"], 1, "is the root"),
        (["show", "login@99"], 1, "no such version"),
        (["show", "login", "--bogus"], 64, "unknown option --bogus"),
        (["frobnicate"], 64, "unknown command"),
        (["log"], 64, "missing arguments"),
        (["tag", "login@1", "7"], 1, "cannot be a tag name"),
    ])
    func badInputFailsWithAClearMessageAndWritesNothing(_ arguments: [String], _ status: Int32, _ message: String) throws {
        let plumb = try ready()
        let before = try logJSON(plumb).count
        let result = plumb.run(arguments)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(try logJSON(plumb).count == before)
    }

    @Test func movingAViewUnderItsOwnDescendantIsRefused() throws {
        let plumb = try ready()
        #expect(plumb.run("add", "login", "inner", "--parent", "form", "--kind", "view").status == 0)
        let result = plumb.run("mv", "login", "form", "--parent", "inner")
        #expect(result.status == 1)
        #expect(result.stderr.contains("under itself or its own descendant"))
    }

    @Test func addMoveRemoveAndRevert() throws {
        let plumb = try ready()
        #expect(plumb.run("add", "login", "help", "--parent", "form", "--kind", "label", "--index", "0", "text=Help").status == 0)
        #expect(try order(plumb, "form") == ["help", "email", "ok"])
        #expect(plumb.run("mv", "login", "help", "--parent", "form", "--index", "2").status == 0)
        #expect(try order(plumb, "form") == ["email", "ok", "help"])
        #expect(plumb.run("mv", "login", "help", "--parent", "root", "--index", "1").status == 0)
        #expect(try order(plumb, "root") == ["title", "help", "form"])
        #expect(plumb.run("rm", "login", "form").status == 0)
        #expect(try order(plumb, "root") == ["title", "help"])
        let reverted = plumb.run("revert", "login@1")
        #expect(reverted.status == 0, "\(reverted.stderr)")
        let shown = try SpecCodec.decode(Array(plumb.run("show", "login").stdout.utf8), file: "x")
        #expect(shown == (try SpecCodec.decode(Array(loginSpec.utf8), file: "y")))
        #expect(plumb.run("revert", "login").status == 64)
    }

    @Test func logDiffAndTagJSON() throws {
        let plumb = try ready()
        plumb.run("set", "login", "ok", "width=150")
        plumb.run("add", "login", "help", "--parent", "root", "--kind", "label", "text=Help")
        #expect(plumb.run("tag", "login@2", "v1").status == 0)
        let log = try logJSON(plumb)
        #expect(log.count == 3)
        let newest = try #require(log.first)
        for key in ["number", "id", "message", "author", "time", "tags"] { #expect(newest[key] != nil, "\(key)") }
        #expect(newest["number"] == .number(3))
        #expect(newest["author"] == .string("tester"))
        #expect(log[1]["tags"] == .array([.string("v1")]))
        let viewLog = try JSONParser.parse(plumb.run("log", "login", "ok", "--json").stdout)
        guard case .array(let viewVersions) = viewLog else { Issue.record("not an array"); return }
        #expect(viewVersions.map { $0["number"] } == [.number(2), .number(1)])

        let diff = try JSONParser.parse(plumb.run("diff", "login@1", "--json").stdout)
        #expect(diff["added"] == .array([.string("help")]))
        #expect(diff["removed"] == .array([]))
        #expect(diff["moved"] == .array([]))
        #expect(diff["changed"] == .array([.object([
            JSONMember("view", .string("ok")), JSONMember("property", .string("width")),
            JSONMember("from", .number(100)), JSONMember("to", .number(150)),
        ])]))
        let id = try #require(log[1]["id"]?.string)
        #expect(plumb.run("diff", "login@\(id.prefix(8))", "v1", "--json").stdout.contains("\"changed\": []"))
        #expect(plumb.run("show", "login@head~2").status == 0)
    }

    @Test func applyRejectsBadFilesWithPathAndWritesNothing() throws {
        let plumb = try ready()
        let bad = plumb.write("bad.json", """
            {"plumb": 1, "name": "login", "root": {"id": "root", "kind": "view", "children": [
              {"id": "a", "kind": "view", "margin": {"top": "ten"}}]}}
            """)
        let result = plumb.run("apply", bad)
        #expect(result.status == 1)
        #expect(result.stderr.contains("bad.json: $.root.children[0].margin.top: expected a number ≥ 0, got \"ten\""), "\(result.stderr)")
        plumb.write("broken.json", "{\"plumb\": 1, \"name\": ")
        #expect(plumb.run("apply", "broken.json").stderr.contains("broken.json: line 1"))
        #expect(plumb.run("apply", "missing.json").stderr.contains("no such file"))
        #expect(try logJSON(plumb).count == 1)
    }

    @Test func storeIsFoundByWalkingUpOrGivenExplicitly() throws {
        let plumb = try ready()
        let nested = plumb.folder.appendingPathComponent("a/b/c")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        let console = Console(out: { _ in }, err: { _ in }, isTerminal: false, errorIsTerminal: false, useColor: false)
        #expect(Plumb.run(["docs"], environment: plumb.environment, directory: nested.path, console: console) == 0)
        let elsewhere = PlumbRunner()
        #expect(elsewhere.run("docs").status == 1)
        #expect(elsewhere.run("docs", "--store", plumb.storePath).status == 0)
        elsewhere.environment["PLUMB_STORE"] = plumb.folder.path
        #expect(elsewhere.run("docs", "--json").stdout.contains("\"login\""))
    }

    @Test func helpAndVersion() {
        let plumb = PlumbRunner()
        #expect(plumb.run("--version").stdout.hasPrefix("plumb "))
        for command in ["init", "apply", "set", "add", "rm", "mv", "docs", "show", "log", "diff", "tag", "revert", "demo"] {
            let help = plumb.run(command, "--help")
            #expect(help.status == 0)
            #expect(help.stdout.contains("usage: plumb \(command)"), "\(command)")
        }
        #expect(plumb.run().status == 64)
    }

    // MARK: Helpers

    private func ready() throws -> PlumbRunner {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        let file = plumb.write("login.json", loginSpec)
        let result = plumb.run("apply", file)
        #expect(result.status == 0, "\(result.stderr)")
        return plumb
    }

    private func logJSON(_ plumb: PlumbRunner) throws -> [JSONValue] {
        guard case .array(let versions) = try JSONParser.parse(plumb.run("log", "login", "--json").stdout) else { return [] }
        return versions
    }

    private func order(_ plumb: PlumbRunner, _ parent: String) throws -> [String] {
        let spec = try SpecCodec.decode(Array(plumb.run("show", "login").stdout.utf8), file: "x")
        let index = try #require(spec.views.firstIndex { $0.id == parent })
        return spec.childIndices()[index].map { spec.views[$0].id }
    }
}
