import Foundation
import LayoutSpec
import Testing

/// `apply --dry-run`, the summary and deletion warning every apply prints, and
/// `diff DOC[@REV] FILE`.
@Suite struct SafeApplyTests {
    /// login without `title` and `email`, `ok` moved to the root and relabelled, a new `help`.
    static let other = """
        {"plumb": 1, "name": "login", "root": {"id": "root", "kind": "view", "children": [
          {"id": "form", "kind": "stack", "spacing": 8},
          {"id": "ok", "kind": "button", "text": "Go", "width": 100},
          {"id": "help", "kind": "label", "text": "Help"}
        ]}}
        """

    func ready() -> PlumbRunner {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        #expect(plumb.run("apply", plumb.write("login.json", loginSpec)).status == 0)
        plumb.write("other.json", Self.other)
        return plumb
    }

    @Test func dryRunListsEachViewAndWritesNothing() throws {
        let plumb = ready()
        let dry = plumb.run("apply", "other.json", "--dry-run")
        #expect(dry.status == 0)
        #expect(dry.stdout == "+ help  (label in root)\n- email\n- title\n> ok moved\n~ ok.text: \"OK\" → \"Go\"\n")
        #expect(dry.stderr == "login: would make 1 added, 2 removed, 1 moved, 1 property changed; nothing written (--dry-run)\n")
        #expect(plumb.run("log", "login").stdout.split(separator: "\n").count == 1)
        let json = try JSONParser.parse(Array(plumb.run("apply", "other.json", "-n", "--json").stdout.utf8))
        #expect(json["removed"] == .array([.string("email"), .string("title")]))
        // A new document: everything is added.
        let fresh = plumb.run("apply", "other.json", "--doc", "fresh", "--dry-run")
        #expect(fresh.stderr.contains("fresh (new document): would make 4 added; nothing written"), "\(fresh.stderr)")
        #expect(plumb.run("docs").stdout.split(separator: "\n").count == 1)
    }

    @Test func applySummarisesByKindAndWarnsAboutDeletedViews() throws {
        let plumb = ready()
        let applied = plumb.run("apply", "other.json")
        #expect(applied.status == 0)
        #expect(applied.stdout.hasPrefix("login: version 2 ("))
        #expect(applied.stdout.hasSuffix(": 1 added, 2 removed, 1 moved, 1 property changed\n"), "\(applied.stdout)")
        #expect(applied.stderr == "warning: login: deleted 2 views missing from the file (\"email\", \"title\"); `plumb revert login@1` undoes it\n")
        // The warning told the truth: reverting brings them back.
        #expect(plumb.run("revert", "login@1").status == 0)
        #expect(plumb.run("show", "login").stdout.contains("\"email\""))
        // No deletion, no warning.
        let added = plumb.run("apply", plumb.write("more.json", loginSpec.replacingOccurrences(of: "\"Sign in\"", with: "\"Hello\"")))
        #expect(added.stderr.isEmpty && added.stdout.hasSuffix(": 1 property changed\n"), "\(added.stdout)\(added.stderr)")
    }

    @Test func diffComparesAVersionWithASpecFile() throws {
        let plumb = ready()
        let diff = plumb.run("diff", "login", "other.json")
        #expect(diff.status == 0)
        #expect(diff.stdout == plumb.run("apply", "other.json", "--dry-run").stdout)
        #expect(plumb.run("apply", "other.json").status == 0)
        // Now head equals the file; version 1 does not.
        #expect(plumb.run("diff", "login@head", "other.json").stderr == "no differences\n")
        let back = try JSONParser.parse(Array(plumb.run("diff", "login@1", "./other.json", "--json").stdout.utf8))
        #expect(back["added"] == .array([.string("help")]))
        // Frames of a version against a file.
        let frames = plumb.run("diff", "login@1", "other.json", "--frames", "--size", "375x667", "--metrics", "fixed")
        #expect(frames.status == 0 && frames.stdout.contains("+ help") && frames.stdout.contains("- title"), "\(frames.stdout)\(frames.stderr)")
        let missing = plumb.run("diff", "login", "./nothere.json")
        #expect(missing.status == 1 && missing.stderr.contains("./nothere.json: no such file"))
    }
}
