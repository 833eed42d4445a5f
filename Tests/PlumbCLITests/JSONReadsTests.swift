import Foundation
import LayoutSpec
import Testing

/// Every read takes `--json` and prints JSON on stdout (README, DESIGN §7).
@Suite struct JSONReadsTests {
    static let reads: [[String]] = [
        ["docs", "--json"], ["docs", "--all", "--json"],
        ["show", "login", "--json"], ["log", "login", "--json"], ["log", "login", "ok", "--json"],
        ["diff", "login@1", "--json"], ["diff", "login@1", "login.json", "--json"],
        ["diff", "login@1", "--frames", "--size", "375x667", "--metrics", "fixed", "--json"],
        ["tag", "--list", "--json"], ["tag", "--list", "login", "--json"],
        ["resolve", "login", "--size", "375x667", "--metrics", "fixed", "--json"],
        ["resolve", "--device", "list", "--json"],
        ["check", "login", "--json"], ["check", "--device", "list", "--json"],
        ["state", "--json"], ["conflicts", "login", "--json"], ["remote", "list", "--json"],
    ]

    @Test(arguments: reads)
    func readPrintsJSON(_ arguments: [String]) throws {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        #expect(plumb.run("apply", plumb.write("login.json", loginSpec)).status == 0)
        #expect(plumb.run("set", "login", "ok", "text=Go").status == 0)
        #expect(plumb.run("tag", "login@1", "v1").status == 0)
        let result = plumb.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(throws: Never.self, "\(arguments): \(result.stdout)") { _ = try JSONParser.parse(Array(result.stdout.utf8)) }
    }

    @Test func resolveJSONIsFormatJSON() {
        let plumb = PlumbRunner()
        #expect(plumb.run("init").status == 0)
        #expect(plumb.run("apply", plumb.write("login.json", loginSpec)).status == 0)
        let common = ["resolve", "login", "--size", "375x667", "--metrics", "fixed"]
        let json = plumb.run(common + ["--json"])
        #expect(json.status == 0 && json.stdout == plumb.run(common + ["--format", "json"]).stdout)
        #expect(plumb.run(common + ["--json", "--format", "JSON"]).status == 0)
        let clash = plumb.run(common + ["--json", "--format", "svg"])
        #expect(clash.status == 64 && clash.stderr.contains("--json is --format json; it does not go with --format svg"))
    }
}
