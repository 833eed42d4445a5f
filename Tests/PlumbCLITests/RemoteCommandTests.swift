import Foundation
import Testing

/// `plumb remote`: a remote's URL for pushes and optional read URL for pulls (issue 38), shown
/// as `git remote -v` shows fetch and push URLs, changed with `set-url`, and checked as URLs
/// are (a scheme, no password). No hub is needed: nothing here connects.
@Suite struct RemoteCommandTests {
    let primary = "postgresql://alice@db1.example/plumb", standby = "postgresql://alice@db2.example/plumb"

    @Test func readURLIsShownAndChanged() {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        #expect(plumb.run("remote", "add", "origin", primary, "--read-url", standby).status == 0)
        #expect(plumb.run("remote", "add", "backup", primary).status == 0)
        #expect(plumb.run("remote", "-v").stdout == """
            backup\t\(primary) (pull)
            backup\t\(primary) (push)
            origin\t\(standby) (pull)
            origin\t\(primary) (push)

            """)
        #expect(plumb.run("remote").stdout == "backup\t\(primary)\norigin\t\(primary)\n")
        #expect(plumb.run("remote", "list").stdout == "backup\t\(primary)\norigin\t\(primary)\n")
        let json = plumb.run("remote", "list", "--json").stdout
        #expect(json.contains("\"readURL\": \"\(standby)\"") && json.contains("\"readURL\": null"), "\(json)")

        // After a failover: the standby is the primary, and there is no standby yet.
        #expect(plumb.run("remote", "set-url", "origin", standby, "--no-read-url").status == 0)
        #expect(plumb.run("remote", "-v").stdout.hasSuffix("origin\t\(standby) (pull)\norigin\t\(standby) (push)\n"))
        // A new standby for reads; the URL stays.
        #expect(plumb.run("remote", "set-url", "origin", "--read-url", primary).status == 0)
        #expect(plumb.run("remote", "-v").stdout.hasSuffix("origin\t\(primary) (pull)\norigin\t\(standby) (push)\n"))
    }

    @Test(arguments: [
        (["remote", "add", "origin", "postgresql://alice@db1.example/plumb", "--read-url", "postgresql://alice:secret@db2.example/plumb"], "holds a password"),
        (["remote", "add", "origin", "postgresql://alice@db1.example/plumb", "--read-url", "db2.example"], "expected a postgresql:// URL"),
        (["remote", "add", "origin", "postgresql://alice@db1.example/plumb", "--no-read-url"], "--no-read-url goes with set-url"),
        (["remote", "set-url", "origin"], "name a new URL, --read-url URL or --no-read-url"),
        (["remote", "set-url", "origin", "--read-url", "postgresql://x@y/z", "--no-read-url"], "exclude each other"),
        (["remote", "set-url", "origin", "mysql://x@y/z"], "expected a postgresql:// URL"),
        (["remote", "frobnicate"], "expected add, set-url, list or remove"),
        (["remote", "list", "--read-url", "postgresql://x@y/z"], "go with add and set-url"),
    ])
    func badArgumentsAreUsageErrors(_ arguments: [String], _ message: String) {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        if arguments[1] == "set-url" { #expect(plumb.run("remote", "add", "origin", primary).status == 0) }
        let result = plumb.run(arguments)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        // Nothing was changed.
        let listed = plumb.run("remote", "-v").stdout
        #expect(listed == (arguments[1] == "set-url" ? "origin\t\(primary) (pull)\norigin\t\(primary) (push)\n" : ""), "\(listed)")
    }

    @Test func setURLOfAnUnknownRemoteFails() {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        #expect(plumb.run("remote", "add", "origin", primary).status == 0)
        let result = plumb.run("remote", "set-url", "orign", standby)
        #expect(result.status == 1)
        #expect(result.stderr.contains("no remote named \"orign\"") && result.stderr.contains("did you mean \"origin\""), "\(result.stderr)")
    }
}
