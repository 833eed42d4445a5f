import Foundation
import LayoutSpec
import Testing

/// Revisions follow `docs mv` as `log` does (git log --follow): tags, version ids and `head~N`
/// of the old name work under the new one, and a diff may compare the two names.
@Suite struct RenameHistoryTests {
    /// login: 1 "First" tagged first-cut, 2 ok.text=Go; then renamed to sign-in.
    func renamed() -> PlumbRunner {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        #expect(plumb.run("apply", plumb.write("login.json", loginSpec), "-m", "First").status == 0)
        #expect(plumb.run("tag", "login@1", "first-cut").status == 0)
        #expect(plumb.run("set", "login", "ok", "text=Go").status == 0)
        #expect(plumb.run("docs", "mv", "login", "sign-in").status == 0)
        return plumb
    }

    func ids(_ plumb: PlumbRunner, _ document: String) throws -> [String] {
        let log = try JSONParser.parse(Array(plumb.run("log", document, "--json", "--no-follow").stdout.utf8))
        guard case .array(let versions) = log else { return [] }
        return versions.compactMap { if case .string(let id)? = $0["id"] { id } else { nil } }
    }

    @Test func tagsIDsAndHeadBackFollowTheRename() throws {
        let plumb = renamed()
        let loginIDs = try ids(plumb, "login")  // newest first: 3 (deletion), 2, 1
        #expect(loginIDs.count == 3)
        // The version found is login's, and shows as it was (named login).
        let first = plumb.run("show", "login@1").stdout
        let tagged = plumb.run("show", "sign-in@first-cut")
        #expect(tagged.status == 0, "\(tagged.stderr)")
        #expect(tagged.stdout == first)
        #expect(plumb.run("show", "sign-in@" + loginIDs[2].prefix(12)).stdout == first)
        #expect(plumb.run("show", "sign-in@head~2").stdout == first)
        let diff = plumb.run("diff", "sign-in@first-cut", "head")
        #expect(diff.status == 0, "\(diff.stderr)")
        #expect(diff.stdout == "~ ok.text: \"OK\" → \"Go\"\n")
        #expect(plumb.run("diff", "sign-in@head~1", "sign-in@head").stderr == "no differences\n")
        // The deletion the rename made in login is not in sign-in's history.
        let after = plumb.run("show", "sign-in@" + loginIDs[0].prefix(12))
        #expect(after.status == 1 && after.stderr.contains("no such version"), "\(after.stderr)")
        #expect(plumb.run("show", "sign-in@head~3").stderr.contains("the history of sign-in has only 3 versions"))
        #expect(plumb.run("show", "sign-in@nosuch").status == 1)
        // The old name's tags are listed with the new name's, under the name they belong to.
        let tags = plumb.run("tag", "--list", "sign-in")
        #expect(tags.status == 0 && tags.stdout.hasPrefix("login@first-cut     1  "), "\(tags.stdout)\(tags.stderr)")
    }

    @Test func aDiffComparesTheTwoNames() throws {
        let plumb = renamed()
        let across = plumb.run("diff", "login@1", "sign-in@head")
        #expect(across.status == 0, "\(across.stderr)")
        #expect(across.stdout == "~ ok.text: \"OK\" → \"Go\"\n")
        #expect(plumb.run("diff", "login@1", "sign-in@head", "--json").stdout.contains("\"to\": \"Go\""))
        let frames = plumb.run("diff", "login@1", "sign-in@head", "--frames", "--size", "375x667", "--metrics", "fixed")
        #expect(frames.status == 0, "\(frames.stderr)")
        // A picture names each side as the history does: the old name's version as login@N.
        let picture = plumb.run("diff", "sign-in@first-cut", "sign-in@head", "--picture", "--json", "--metrics", "fixed")
        #expect(picture.status == 0, "\(picture.stderr)")
        #expect(picture.stdout.contains("\"from\": \"login@1 (first-cut)\""), "\(picture.stdout)")
        #expect(picture.stdout.contains("\"to\": \"v1\""), "\(picture.stdout)")
        let written = plumb.run("diff", "login@1", "sign-in@head", "--picture", "-o", "across.svg", "--metrics", "fixed")
        #expect(written.stderr.contains("between login@1 (first-cut) and v1"), "\(written.stderr)")
    }
}
